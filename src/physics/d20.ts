/**
 * The d20 as a solid: an icosahedron, its 20 faces, the numbers written on them, and which face is
 * up for a given orientation. Plain math, no cannon-es and no three.js, so the page can draw a die
 * (and tests can check one) without loading the physics.
 *
 * Frame: y up (as three.js and the dice tray simulation), the die's centre at the origin, circumradius 1.
 */

export type V3 = readonly [number, number, number];
/** A rotation as a unit quaternion [x, y, z, w]. */
export type Quat = readonly [number, number, number, number];

const PHI = (1 + Math.sqrt(5)) / 2;
const SCALE = 1 / Math.sqrt(1 + PHI * PHI);

/** The 12 corners: (0, ±1, ±φ) and its cyclic permutations, scaled to circumradius 1. */
export const D20_VERTICES: readonly V3[] = (() => {
  const out: V3[] = [];
  for (const a of [-1, 1]) {
    for (const b of [-PHI, PHI]) {
      out.push([0, a * SCALE, b * SCALE], [a * SCALE, b * SCALE, 0], [b * SCALE, 0, a * SCALE]);
    }
  }
  return out;
})();

const sub = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const cross = (a: V3, b: V3): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const dot = (a: V3, b: V3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const norm = (a: V3): V3 => {
  const l = Math.hypot(a[0], a[1], a[2]);
  return [a[0] / l, a[1] / l, a[2] / l];
};

/**
 * The 20 faces as vertex index triples, counter-clockwise seen from outside: every triple of corners
 * whose three edges have the icosahedron's edge length.
 */
export const D20_FACES: readonly (readonly [number, number, number])[] = (() => {
  const v = D20_VERTICES;
  const edge = 2 * SCALE;
  const isEdge = (i: number, j: number) => Math.abs(Math.hypot(...sub(v[i]!, v[j]!)) - edge) < 1e-6;
  const faces: [number, number, number][] = [];
  for (let i = 0; i < v.length; i++) {
    for (let j = i + 1; j < v.length; j++) {
      if (!isEdge(i, j)) continue;
      for (let k = j + 1; k < v.length; k++) {
        if (!isEdge(i, k) || !isEdge(j, k)) continue;
        const n = cross(sub(v[j]!, v[i]!), sub(v[k]!, v[i]!));
        const c: V3 = [v[i]![0] + v[j]![0] + v[k]![0], v[i]![1] + v[j]![1] + v[k]![1], v[i]![2] + v[j]![2] + v[k]![2]];
        faces.push(dot(n, c) > 0 ? [i, j, k] : [i, k, j]);
      }
    }
  }
  return faces;
})();

/** Each face's outward unit normal. */
export const D20_NORMALS: readonly V3[] = D20_FACES.map(([a, b, c]) => {
  const v = D20_VERTICES;
  return norm(cross(sub(v[b]!, v[a]!), sub(v[c]!, v[a]!)));
});

/** The face parallel to each face, on the other side of the die. */
export const D20_OPPOSITE: readonly number[] = D20_NORMALS.map((n) => {
  let best = 0;
  let bestDot = Infinity;
  D20_NORMALS.forEach((m, j) => {
    const d = dot(n, m);
    if (d < bestDot) {
      bestDot = d;
      best = j;
    }
  });
  return best;
});

/**
 * The numbers on the faces, by face index: 1 to 20, each face's opposite showing 21 minus its number,
 * as on a real d20.
 */
export function standardLabels(): number[] {
  const labels = new Array<number>(20).fill(0);
  let next = 1;
  for (let i = 0; i < 20; i++) {
    if (labels[i] !== 0) continue;
    labels[i] = next;
    labels[D20_OPPOSITE[i]!] = 21 - next;
    next++;
  }
  return labels;
}

/** A vector turned by a unit quaternion. */
export function rotate(q: Quat, v: V3): V3 {
  const [x, y, z, w] = q;
  // t = 2 * cross(q.xyz, v); v' = v + w * t + cross(q.xyz, t)
  const tx = 2 * (y * v[2] - z * v[1]);
  const ty = 2 * (z * v[0] - x * v[2]);
  const tz = 2 * (x * v[1] - y * v[0]);
  return [v[0] + w * tx + (y * tz - z * ty), v[1] + w * ty + (z * tx - x * tz), v[2] + w * tz + (x * ty - y * tx)];
}

/** The face pointing most nearly straight up for a die turned by `q`, and how nearly (1: flat). */
export function upFace(q: Quat): { face: number; alignment: number } {
  let face = 0;
  let alignment = -Infinity;
  D20_NORMALS.forEach((n, i) => {
    const y = rotate(q, n)[1];
    if (y > alignment) {
      alignment = y;
      face = i;
    }
  });
  return { face, alignment };
}

/**
 * TOOL-6: the same die with its numbers swapped so that `face` shows `value`. The face that showed
 * `value` takes the number `face` had, and the two opposite faces swap too, so opposite faces still
 * add up to 21.
 */
export function relabel(labels: readonly number[], face: number, value: number): number[] {
  const out = [...labels];
  const had = out.indexOf(value);
  if (had < 0) throw new Error(`no face shows ${value}`);
  if (had === face) return out;
  const swap = (i: number, j: number) => {
    const t = out[i]!;
    out[i] = out[j]!;
    out[j] = t;
  };
  if (D20_OPPOSITE[face] === had) {
    swap(face, had);
    return out;
  }
  swap(face, had);
  swap(D20_OPPOSITE[face]!, D20_OPPOSITE[had]!);
  return out;
}

/** The number a die shows on top: the label of its up face. */
export function shownOnTop(labels: readonly number[], q: Quat): number {
  return labels[upFace(q).face]!;
}
