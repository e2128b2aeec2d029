/**
 * A dice tray on screen (TOOL-6): d20s thrown with cannon-es, landing on the numbers the core rolled.
 * The physics (and cannon-es with it) is loaded on first use; the flight is simulated to the end
 * first, the dice renumbered to land on their values, then played back here. A throw is remembered by
 * its key: shown again (after a hand-over, say) it is at rest at once, on the same faces.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Canvas, useFrame, useThree } from '@react-three/fiber';
import { BufferGeometry, CanvasTexture, Float32BufferAttribute, type Mesh, type PerspectiveCamera, SRGBColorSpace, Vector3 } from 'three';
import { D20_FACES, D20_NORMALS, D20_VERTICES, shownOnTop } from '../physics/d20';
import type { ThrowResult } from '../physics/diceTray';
import { trayCloseView } from './trayView';

export interface DieSpec {
  /** the number the core rolled */
  value: number;
  /** the die's colour (its player's) */
  colour: string;
}

interface DiceTrayProps {
  dice: DieSpec[];
  /** names this throw: the same key is the same throw, played once */
  throwKey: string;
  className?: string;
}

const throws = new Map<string, Promise<ThrowResult>>();
const played = new Set<string>();
/** Playback speed: the simulation runs in its own seconds; a little faster reads better on screen. */
const SPEED = 1.35;
/** Where the camera looks from over the whole tray, and how long it takes to close in on the dice at rest. */
const TRAY_VIEW = { position: new Vector3(0, 13, 1.6), target: new Vector3(0, 0, 0.1) };
const CLOSE_IN_MS = 450;
const ease = (t: number) => 1 - (1 - t) ** 3;

function seedOf(key: string): number {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  return h | 0;
}

function throwFor(key: string, values: number[]): Promise<ThrowResult> {
  let p = throws.get(key);
  if (!p) {
    p = import('../physics/diceTray').then((m) => m.throwDice(values, seedOf(key)));
    throws.set(key, p);
  }
  return p;
}

// ------------------------------------------------------------------ the die's faces

const COLS = 5;
const ROWS = 4;
const CELL = 128;
/** The triangle each number is drawn in, within its cell (pixels): apex, bottom-left, bottom-right. */
const TRI: readonly [number, number][] = [
  [64, 10],
  [3, 116],
  [125, 116],
];

let atlas: CanvasTexture | null = null;

/** One texture with the numbers 1 to 20, each in a triangle: light faces, dark numbers. */
function numbersAtlas(): CanvasTexture {
  if (atlas) return atlas;
  const canvas = document.createElement('canvas');
  canvas.width = COLS * CELL;
  canvas.height = ROWS * CELL;
  const g = canvas.getContext('2d');
  if (g) {
    g.fillStyle = '#ffffff';
    g.fillRect(0, 0, canvas.width, canvas.height);
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    for (let n = 1; n <= 20; n++) {
      const x0 = ((n - 1) % COLS) * CELL;
      const y0 = Math.floor((n - 1) / COLS) * CELL;
      const cx = x0 + (TRI[0]![0] + TRI[1]![0] + TRI[2]![0]) / 3;
      const cy = y0 + (TRI[0]![1] + TRI[1]![1] + TRI[2]![1]) / 3 + 2;
      g.font = `800 ${n >= 10 ? 40 : 46}px system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif`;
      g.fillStyle = '#15181b';
      g.fillText(String(n), cx, cy);
      if (n === 6 || n === 9) g.fillRect(cx - 12, cy + 22, 24, 4); // tells 6 from 9
    }
  }
  atlas = new CanvasTexture(canvas);
  atlas.colorSpace = SRGBColorSpace;
  atlas.anisotropy = 4;
  return atlas;
}

/** How bright the faces are beside the one on top, which is lit fully so the number rolled stands out. */
const SIDE_FACE = 0.72;

/** The d20's mesh with each face showing its label: flat faces, UVs into the numbers' atlas; `top` the brightest. */
function dieGeometry(labels: readonly number[], top: number): BufferGeometry {
  const pos: number[] = [];
  const nor: number[] = [];
  const uv: number[] = [];
  const col: number[] = [];
  D20_FACES.forEach((face, f) => {
    const n = D20_NORMALS[f]!;
    const label = labels[f]!;
    const x0 = ((label - 1) % COLS) * CELL;
    const y0 = Math.floor((label - 1) / COLS) * CELL;
    face.forEach((v, k) => {
      pos.push(...D20_VERTICES[v]!);
      nor.push(...n);
      const [px, py] = TRI[k]!;
      uv.push((x0 + px) / (COLS * CELL), 1 - (y0 + py) / (ROWS * CELL));
      const light = f === top ? 1 : SIDE_FACE;
      col.push(light, light, light);
    });
  });
  const g = new BufferGeometry();
  g.setAttribute('position', new Float32BufferAttribute(pos, 3));
  g.setAttribute('normal', new Float32BufferAttribute(nor, 3));
  g.setAttribute('uv', new Float32BufferAttribute(uv, 2));
  g.setAttribute('color', new Float32BufferAttribute(col, 3));
  return g;
}

// ------------------------------------------------------------------ the tray

/** The tray as the physics builds it (src/physics/diceTray.ts: TRAY), drawn here without loading the physics. */
const HALF_W = 5;
const HALF_D = 2.5;
/** the walls' thickness */
const WALL = 0.4;

function Tray() {
  const wall = '#4a3a2c';
  return (
    <group>
      <mesh rotation-x={-Math.PI / 2} receiveShadow>
        <planeGeometry args={[HALF_W * 2, HALF_D * 2]} />
        <meshStandardMaterial color="#24463a" roughness={1} />
      </mesh>
      {[
        [0, -HALF_D - WALL / 2, HALF_W * 2 + 2 * WALL, WALL],
        [0, HALF_D + WALL / 2, HALF_W * 2 + 2 * WALL, WALL],
      ].map(([x, z, w, d], i) => (
        <mesh key={`h${i}`} position={[x!, 0.35, z!]}>
          <boxGeometry args={[w!, 0.7, d!]} />
          <meshStandardMaterial color={wall} roughness={0.8} />
        </mesh>
      ))}
      {[-HALF_W - WALL / 2, HALF_W + WALL / 2].map((x, i) => (
        <mesh key={`v${i}`} position={[x, 0.35, 0]}>
          <boxGeometry args={[WALL, 0.7, HALF_D * 2]} />
          <meshStandardMaterial color={wall} roughness={0.8} />
        </mesh>
      ))}
    </group>
  );
}

/** The camera pose that frames the dice where they came to rest, on the tray (see `trayCloseView`). */
function closeView(result: ThrowResult, camera: PerspectiveCamera): { position: Vector3; target: Vector3 } {
  let x0 = Infinity;
  let x1 = -Infinity;
  let z0 = Infinity;
  let z1 = -Infinity;
  for (let i = 0; i < result.dice; i++) {
    const o = ((result.frameCount - 1) * result.dice + i) * 7;
    x0 = Math.min(x0, result.frames[o]!);
    x1 = Math.max(x1, result.frames[o]!);
    z0 = Math.min(z0, result.frames[o + 2]!);
    z1 = Math.max(z1, result.frames[o + 2]!);
  }
  return trayCloseView({ x0, x1, z0, z1 }, { fov: camera.fov, aspect: camera.aspect }, { halfWidth: HALF_W + WALL, halfDepth: HALF_D + WALL });
}

function Dice({ result, dice, throwKey, onDone }: { result: ThrowResult | null; dice: DieSpec[]; throwKey: string; onDone: () => void }) {
  const invalidate = useThree((s) => s.invalidate);
  const camera = useThree((s) => s.camera) as PerspectiveCamera;
  const meshes = useRef<(Mesh | null)[]>([]);
  const start = useRef<number | null>(null);
  const done = useRef(false);
  /** the camera closing in on the dice once they lie still */
  const closing = useRef<{ from: { position: Vector3; target: Vector3 }; to: { position: Vector3; target: Vector3 }; start: number } | null>(null);
  const looking = useRef(TRAY_VIEW.target.clone());
  const geometries = useMemo(() => (result ? result.labels.map((labels, i) => dieGeometry(labels, result.top[i]!)) : []), [result]);
  useEffect(() => () => geometries.forEach((g) => g.dispose()), [geometries]);
  const map = useMemo(numbersAtlas, []);

  useEffect(() => {
    camera.position.copy(TRAY_VIEW.position);
    looking.current.copy(TRAY_VIEW.target);
    camera.lookAt(looking.current);
    invalidate();
  }, [camera, invalidate]);

  useEffect(() => {
    if (!result) return;
    done.current = false;
    closing.current = null;
    // A throw already shown lies at rest at once, seen close.
    if (played.has(throwKey)) {
      start.current = -1e9;
      const to = closeView(result, camera);
      camera.position.copy(to.position);
      looking.current.copy(to.target);
      camera.lookAt(looking.current);
    } else {
      start.current = performance.now();
      camera.position.copy(TRAY_VIEW.position);
      looking.current.copy(TRAY_VIEW.target);
      camera.lookAt(looking.current);
    }
    invalidate();
  }, [result, throwKey, invalidate, camera]);

  useFrame(() => {
    if (!result || start.current === null) return;
    const t = ((performance.now() - start.current) / 1000) * SPEED;
    const f = Math.min(result.frameCount - 1, Math.floor(t / result.dt));
    meshes.current.forEach((m, i) => {
      if (!m) return;
      const o = (f * result.dice + i) * 7;
      const r = result.frames;
      m.position.set(r[o]!, r[o + 1]!, r[o + 2]!);
      m.quaternion.set(r[o + 3]!, r[o + 4]!, r[o + 5]!, r[o + 6]!);
      m.visible = true;
    });
    if (f < result.frameCount - 1) {
      invalidate();
      return;
    }
    if (done.current) return;
    // At rest: close in on the dice so their top faces read clearly, then say so.
    if (!closing.current && !played.has(throwKey)) {
      closing.current = { from: { position: camera.position.clone(), target: looking.current.clone() }, to: closeView(result, camera), start: performance.now() };
    }
    const c = closing.current;
    if (c) {
      const k = Math.min(1, (performance.now() - c.start) / CLOSE_IN_MS);
      camera.position.lerpVectors(c.from.position, c.to.position, ease(k));
      looking.current.lerpVectors(c.from.target, c.to.target, ease(k));
      camera.lookAt(looking.current);
      if (k < 1) {
        invalidate();
        return;
      }
    }
    done.current = true;
    played.add(throwKey);
    onDone();
  });

  return (
    <>
      {geometries.map((g, i) => (
        <mesh key={i} geometry={g} ref={(m) => void (meshes.current[i] = m)} visible={false} castShadow>
          <meshStandardMaterial map={map} color={dice[i]?.colour ?? '#ffffff'} vertexColors roughness={0.45} metalness={0.05} flatShading />
        </mesh>
      ))}
    </>
  );
}

/**
 * The tray with its dice. `data-settled` turns true once every die lies still; `data-shown` then lists
 * the numbers on the dice's top faces as drawn, die by die.
 */
export function DiceTray({ dice, throwKey, className }: DiceTrayProps) {
  const [result, setResult] = useState<ThrowResult | null>(null);
  const [settled, setSettled] = useState(false);
  const values = dice.map((d) => d.value);
  const valuesKey = values.join(',');

  useEffect(() => {
    let live = true;
    setResult(null);
    setSettled(false);
    throwFor(throwKey, valuesKey.split(',').map(Number)).then((r) => {
      if (live) setResult(r);
    });
    return () => {
      live = false;
    };
  }, [throwKey, valuesKey]);

  const shown = settled && result ? result.labels.map((labels, i) => {
    const o = ((result.frameCount - 1) * result.dice + i) * 7;
    const r = result.frames;
    return shownOnTop(labels, [r[o + 3]!, r[o + 4]!, r[o + 5]!, r[o + 6]!]);
  }) : [];

  return (
    <div className={`dice-tray ${className ?? ''}`} data-testid="dice-tray" data-settled={settled ? 'true' : 'false'} data-shown={shown.join(',')}>
      <Canvas frameloop="demand" dpr={[1, 2]} shadows="percentage" camera={{ position: [0, 13, 1.6], fov: 25, near: 0.5, far: 100 }}>
        <color attach="background" args={['#1a1f22']} />
        <hemisphereLight args={['#ffffff', '#40382f', 1.3]} />
        <directionalLight
          position={[4, 12, 6]}
          intensity={2.2}
          castShadow
          shadow-mapSize={[512, 512]}
          shadow-camera-left={-9}
          shadow-camera-right={9}
          shadow-camera-top={9}
          shadow-camera-bottom={-9}
        />
        <Tray />
        <Dice result={result} dice={dice} throwKey={throwKey} onDone={() => setSettled(true)} />
      </Canvas>
    </div>
  );
}
