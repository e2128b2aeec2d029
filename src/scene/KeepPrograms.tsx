import { useEffect } from 'react';
import { useThree } from '@react-three/fiber';
import type { WebGLProgram, WebGLRenderer } from 'three';

const kept = new WeakSet<object>();

/**
 * Once a shader program is compiled, the page keeps it until the page goes: three lets a program go
 * when the last material using it is disposed, and compiles it again when a material of that kind comes
 * back. Behind a hand-over (issue 41) the pieces leave the scene and take their materials with them
 * (a marker's face, its badge): each time the table came back, two programs were compiled again, and a
 * software renderer (SwiftShader) spends about 150 ms of a core on each, more than on the frame itself.
 * A page has a few dozen kinds of material, so keeping every program costs little.
 */
export function KeepPrograms() {
  const gl = useThree((s) => s.gl);
  useEffect(() => keepEveryProgram(gl), [gl]);
  return null;
}

/**
 * Adds a use to every program the renderer holds now or compiles later (so releasing the last material
 * never brings it to none). Returns the undo: the programs' uses as they were, and the list as it was.
 */
export function keepEveryProgram(gl: Pick<WebGLRenderer, 'info'>): () => void {
  const list = gl.info.programs as (WebGLProgram & { usedTimes: number })[] | null;
  if (!list) return () => {};
  const keep = (p: WebGLProgram & { usedTimes: number }) => {
    if (kept.has(p)) return;
    kept.add(p);
    p.usedTimes++;
  };
  list.forEach(keep);
  const push = list.push;
  list.push = function (...added) {
    added.forEach(keep);
    return push.apply(this, added);
  };
  return () => {
    list.push = push;
    for (const p of list) {
      if (!kept.has(p)) continue;
      kept.delete(p);
      p.usedTimes--;
    }
  };
}
