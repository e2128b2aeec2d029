// What a page script (npm run hotseat-round) counts besides time, so that a step's cost can be told on a
// machine shared with other work, where wall times vary three- to tenfold: what the page asked of
// WebGL (counted in the page) and the CPU time the browser's processes spent (read from /proc).
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Installed in the page before its first script (`page.addInitScript(countWebGL)`): counts in
 * `window.__gl` the programs linked, the frames drawn to the screen (a clear of the default
 * framebuffer), the passes drawn into a render target (the shadow map's), the draw calls, the textures
 * and renderbuffers (re)allocated and the canvas resized; `window.__glNotes` names each program linked
 * (its material) and each resize.
 */
export function countWebGL() {
  const c = { programs: 0, frames: 0, targets: 0, draws: 0, allocs: 0, resizes: 0 };
  window.__gl = c;
  window.__glNotes = [];
  const bound = new WeakMap();
  const source = new WeakMap();
  const shaders = new WeakMap();
  for (const proto of [window.WebGL2RenderingContext?.prototype, window.WebGLRenderingContext?.prototype]) {
    if (!proto) continue;
    const wrap = (name, fn) => {
      const orig = proto[name];
      if (orig)
        proto[name] = function (...a) {
          fn.call(this, a);
          return orig.apply(this, a);
        };
    };
    wrap('shaderSource', (a) => source.set(a[0], a[1]));
    wrap('attachShader', (a) => shaders.set(a[0], [...(shaders.get(a[0]) ?? []), a[1]]));
    wrap('linkProgram', function (a) {
      c.programs++;
      const text = (shaders.get(a[0]) ?? []).map((s) => source.get(s) ?? '').join('\n');
      // Its material, and the defines that tell one variant of it from another (instanced, which side).
      const variant = ['USE_INSTANCING', 'USE_INSTANCING_COLOR', 'FLIP_SIDED', 'DOUBLE_SIDED', 'USE_MAP', 'USE_ALPHATEST', 'USE_COLOR', 'USE_SHADOWMAP']
        .filter((d) => text.includes(`#define ${d}\n`))
        .map((d) => d.replace(/^USE_/, '').toLowerCase());
      window.__glNotes.push(`program ${/#define SHADER_(?:TYPE|NAME) (\S+)/.exec(text)?.[1] ?? 'ShaderMaterial'}${variant.length ? ` (${variant.join(' ')})` : ''}${this.canvas?.closest?.('.table-canvas') ? '' : ' [another canvas]'}`);
    });
    wrap('bindFramebuffer', function (a) {
      bound.set(this, a[1]);
    });
    wrap('clear', function () {
      if (bound.get(this)) c.targets++;
      else c.frames++;
    });
    for (const d of ['drawArrays', 'drawElements', 'drawArraysInstanced', 'drawElementsInstanced']) wrap(d, () => c.draws++);
    for (const t of ['texImage2D', 'texStorage2D', 'renderbufferStorage', 'renderbufferStorageMultisample']) wrap(t, () => c.allocs++);
  }
  for (const k of ['width', 'height']) {
    const d = Object.getOwnPropertyDescriptor(HTMLCanvasElement.prototype, k);
    Object.defineProperty(HTMLCanvasElement.prototype, k, {
      ...d,
      set(v) {
        const was = d.get.call(this);
        if (this.isConnected && Number(v) !== was) {
          c.resizes++;
          window.__glNotes.push(`${k} ${was} to ${v}`);
        }
        d.set.call(this, v);
      },
    });
  }
}

const ticks = (stat) => {
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { ppid: Number(f[1]), ms: ((Number(f[11]) + Number(f[12])) * 1000) / 100 };
};

/**
 * The CPU time (ms, in steps of 10) the browser started under `rootPid` has spent so far: its GPU
 * process (where software WebGL draws, in threads of its own a trace does not show) and its pages'
 * processes; with `threads`, the GPU process's by thread name. Null where there is no /proc.
 */
export function browserCpu(rootPid, threads = false) {
  try {
    const procs = new Map();
    for (const d of readdirSync('/proc')) {
      if (!/^\d+$/.test(d)) continue;
      try {
        procs.set(Number(d), ticks(readFileSync(`/proc/${d}/stat`, 'utf8')));
      } catch {
        // gone meanwhile
      }
    }
    const under = (pid) => {
      for (let p = procs.get(pid)?.ppid ?? 0, i = 0; p > 1 && i < 12; p = procs.get(p)?.ppid ?? 0, i++) if (p === rootPid) return true;
      return false;
    };
    const out = { gpu: 0, page: 0, threads: {} };
    for (const [pid, p] of procs) {
      if (!under(pid)) continue;
      let cmd = '';
      try {
        cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      } catch {
        continue;
      }
      if (cmd.includes('--type=renderer')) out.page += p.ms;
      if (!cmd.includes('--type=gpu-process')) continue;
      out.gpu += p.ms;
      if (!threads) continue;
      for (const t of readdirSync(`/proc/${pid}/task`)) {
        try {
          const name = readFileSync(`/proc/${pid}/task/${t}/comm`, 'utf8').trim().replace(/\d+$/, '#');
          out.threads[name] = (out.threads[name] ?? 0) + ticks(readFileSync(`/proc/${pid}/task/${t}/stat`, 'utf8')).ms;
        } catch {
          // gone meanwhile
        }
      }
    }
    return out;
  } catch {
    return null;
  }
}

/** What was spent between two readings of `browserCpu`, rounded: GPU process, pages, and by thread. */
export function cpuSpent(from, to) {
  if (!from || !to) return null;
  const threads = Object.entries(to.threads)
    .map(([k, v]) => [k, Math.round(v - (from.threads[k] ?? 0))])
    .filter(([, v]) => v > 0);
  return { gpu: Math.round(to.gpu - from.gpu), page: Math.round(to.page - from.page), threads };
}
