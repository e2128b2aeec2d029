/**
 * The dice tray: d20s thrown into a walled tray with cannon-es, simulated to rest before anything is
 * drawn. The core has already decided every number; once the dice lie still, each die's numbers are
 * swapped (`relabel`) so that the face that ended on top shows the number the core rolled. The page
 * then plays the recorded frames back. No React, no three.js; loaded lazily (dynamic import), so
 * cannon-es stays out of the first frame's bundle.
 */
import { Body, ContactMaterial, ConvexPolyhedron, Material, Plane, Quaternion, Vec3, World } from 'cannon-es';
import { mulberry32Step } from '../core/rules/dice';
import { D20_FACES, D20_VERTICES, relabel, standardLabels, upFace, type Quat } from './d20';

/** The tray's floor is y = 0; its walls stand at x = ±halfWidth and z = ±halfDepth (die circumradius 1). */
export const TRAY = { halfWidth: 5, halfDepth: 2.5 } as const;

export interface ThrowResult {
  /** simulation step, seconds */
  dt: number;
  /** frames recorded: per frame, per die, position (x, y, z) then quaternion (x, y, z, w) */
  frames: Float32Array;
  frameCount: number;
  dice: number;
  /** per die, the number on each face (by face index), relabelled so the top face shows `values[i]` */
  labels: number[][];
  /** per die, the face that ended up on top */
  top: number[];
  /** the numbers thrown, as given */
  values: number[];
}

const STRIDE = 7;
const DT = 1 / 60;
const MAX_SECONDS = 6;
/** The top face must lie this flat (cosine to vertical) for a throw to count, or it is thrown again. */
const FLAT = 0.98;

/** A small seeded stream for the throw's start (how it looks, not what it shows). */
function stream(seed: number): () => number {
  let a = seed | 0;
  return () => {
    const s = mulberry32Step(a);
    a = s.a;
    return s.u;
  };
}

function d20Shape(): ConvexPolyhedron {
  return new ConvexPolyhedron({
    vertices: D20_VERTICES.map(([x, y, z]) => new Vec3(x, y, z)),
    faces: D20_FACES.map((f) => [...f]),
  });
}

function simulate(count: number, seed: number): { frames: Float32Array; frameCount: number; quats: Quat[] } {
  const rnd = stream(seed);
  const world = new World({ gravity: new Vec3(0, -40, 0), allowSleep: true });
  const tray = new Material('tray');
  const die = new Material('die');
  world.addContactMaterial(new ContactMaterial(tray, die, { friction: 0.25, restitution: 0.35 }));
  world.addContactMaterial(new ContactMaterial(die, die, { friction: 0.15, restitution: 0.4 }));

  const wall = (normal: Vec3, at: Vec3) => {
    const b = new Body({ mass: 0, material: tray, shape: new Plane() });
    // A plane's normal is its local +z: turn +z onto the wanted normal.
    b.quaternion.setFromVectors(new Vec3(0, 0, 1), normal);
    b.position.copy(at);
    world.addBody(b);
  };
  wall(new Vec3(0, 1, 0), new Vec3(0, 0, 0));
  wall(new Vec3(1, 0, 0), new Vec3(-TRAY.halfWidth, 0, 0));
  wall(new Vec3(-1, 0, 0), new Vec3(TRAY.halfWidth, 0, 0));
  wall(new Vec3(0, 0, 1), new Vec3(0, 0, -TRAY.halfDepth));
  wall(new Vec3(0, 0, -1), new Vec3(0, 0, TRAY.halfDepth));

  const bodies: Body[] = [];
  for (let i = 0; i < count; i++) {
    const b = new Body({ mass: 1, material: die, shape: d20Shape(), linearDamping: 0.08, angularDamping: 0.08 });
    b.sleepSpeedLimit = 0.15;
    b.sleepTimeLimit = 0.25;
    // Thrown from the left end, one above the other's lane, towards the right wall.
    const lane = count === 1 ? 0 : (i / (count - 1) - 0.5) * 2.2;
    b.position.set(-TRAY.halfWidth + 1.3, 2.2 + rnd() * 1.2, lane + (rnd() - 0.5) * 0.4);
    b.quaternion.setFromEuler(rnd() * Math.PI * 2, rnd() * Math.PI * 2, rnd() * Math.PI * 2);
    b.velocity.set(9 + rnd() * 5, -2 - rnd() * 2, (rnd() - 0.5) * 3);
    b.angularVelocity.set((rnd() - 0.5) * 30, (rnd() - 0.5) * 30, (rnd() - 0.5) * 30);
    world.addBody(b);
    bodies.push(b);
  }

  const maxFrames = Math.round(MAX_SECONDS / DT);
  const frames = new Float32Array(maxFrames * count * STRIDE);
  let frameCount = 0;
  let still = 0;
  while (frameCount < maxFrames) {
    world.step(DT);
    bodies.forEach((b, i) => {
      const o = (frameCount * count + i) * STRIDE;
      frames[o] = b.position.x;
      frames[o + 1] = b.position.y;
      frames[o + 2] = b.position.z;
      frames[o + 3] = b.quaternion.x;
      frames[o + 4] = b.quaternion.y;
      frames[o + 5] = b.quaternion.z;
      frames[o + 6] = b.quaternion.w;
    });
    frameCount++;
    const resting = bodies.every((b) => b.sleepState === Body.SLEEPING || (b.velocity.length() < 0.05 && b.angularVelocity.length() < 0.05));
    still = resting ? still + 1 : 0;
    if (still >= 10) break;
  }
  const quats = bodies.map((b) => {
    const q = new Quaternion(b.quaternion.x, b.quaternion.y, b.quaternion.z, b.quaternion.w).normalize();
    return [q.x, q.y, q.z, q.w] as Quat;
  });
  return { frames: frames.slice(0, frameCount * count * STRIDE), frameCount, quats };
}

/**
 * TOOL-6: throws one die per value and returns the recorded flight, with each die's numbers arranged
 * so that it comes to rest showing its value. `seed` only changes how the throw looks; a throw that
 * ends with a die cocked (no face flat on top) is thrown again with the next seed.
 */
export function throwDice(values: readonly number[], seed = 1): ThrowResult {
  for (const v of values) if (!Number.isInteger(v) || v < 1 || v > 20) throw new Error(`a d20 cannot show ${v}`);
  let attempt = 0;
  for (;;) {
    const sim = simulate(values.length, seed + attempt * 7919);
    const ups = sim.quats.map(upFace);
    if (ups.every((u) => u.alignment >= FLAT) || attempt >= 8) {
      const labels = ups.map((u, i) => relabel(standardLabels(), u.face, values[i]!));
      return { dt: DT, frames: sim.frames, frameCount: sim.frameCount, dice: values.length, labels, top: ups.map((u) => u.face), values: [...values] };
    }
    attempt++;
  }
}

/** One die's pose in a recorded frame (the last frame if past the end). */
export function poseAt(result: ThrowResult, frame: number, die: number): { position: [number, number, number]; quaternion: Quat } {
  const f = Math.max(0, Math.min(result.frameCount - 1, frame));
  const o = (f * result.dice + die) * STRIDE;
  const r = result.frames;
  return { position: [r[o]!, r[o + 1]!, r[o + 2]!], quaternion: [r[o + 3]!, r[o + 4]!, r[o + 5]!, r[o + 6]!] };
}
