/**
 * The patches of a target's surface that Line of Fire looks at (src/core/geometry/lof.ts): the half
 * of its side that faces the shooter, and its top, each cut into cells no smaller than the patch.
 */
import type { Vec3 } from './segments';
import type { Cylinder } from './shapes';

/** The shooter's front half-space: its axis and its facing as a level unit vector; null sees all round. */
export type Arc = { sx: number; sy: number; fx: number; fy: number } | null;

/** Whether a point lies in the front half-space (boundary included), or anywhere for null. */
export function inArc(arc: Arc, x: number, y: number): boolean {
  return arc === null || (x - arc.sx) * arc.fx + (y - arc.sy) * arc.fy >= -1e-9;
}

/**
 * Points that share their plan positions: `plans` positions, each at every height of `zs` (the point
 * for position i at height k is points[k * plans + i]), or each point on its own (lofLayers.ts).
 */
export interface Layers {
  points: readonly Vec3[];
  plans: number;
  zs: number[];
  /** the lowest and highest of zs (0 where there are none) */
  zLo: number;
  zHi: number;
}

/** Where a query's tables come from: zeroed typed arrays. */
export interface TableSource {
  u8(n: number): Uint8Array;
  u16(n: number): Uint16Array;
  f64(n: number): Float64Array;
}

/** Each table a new typed array of its own. */
export const freshTables: TableSource = {
  u8: (n) => new Uint8Array(n),
  u16: (n) => new Uint16Array(n),
  f64: (n) => new Float64Array(n),
};

/**
 * Tables as views of one buffer kept for the purpose, handed out one after another and cleared. A new
 * typed array of more than a few dozen bytes costs V8 a backing store of its own, about a microsecond,
 * and a query makes ten of them; a view of this buffer costs a twentieth of that. One query holds it
 * at a time (`take`, `give`): it starts again from the beginning for the next.
 */
class SharedTables implements TableSource {
  private buf = new ArrayBuffer(1 << 14);
  private used = 0;
  private held = false;

  /** The buffer for one query, or null while another holds it (that one takes fresh tables). */
  take(): SharedTables | null {
    if (this.held) return null;
    this.held = true;
    this.used = 0;
    return this;
  }

  give(): void {
    this.held = false;
  }

  /** Room for `bytes`, at a multiple of 8; a bigger buffer when this one is full (views of the old one stay whole). */
  private room(bytes: number): number {
    let at = (this.used + 7) & ~7;
    if (at + bytes > this.buf.byteLength) {
      this.buf = new ArrayBuffer(Math.max(2 * this.buf.byteLength, bytes));
      at = 0;
    }
    this.used = at + bytes;
    return at;
  }

  u8(n: number): Uint8Array {
    const at = this.room(n); // first: it may put a new buffer in place
    return new Uint8Array(this.buf, at, n).fill(0);
  }

  u16(n: number): Uint16Array {
    const at = this.room(2 * n); // first: it may put a new buffer in place
    return new Uint16Array(this.buf, at, n).fill(0);
  }

  f64(n: number): Float64Array {
    const at = this.room(8 * n); // first: it may put a new buffer in place
    return new Float64Array(this.buf, at, n).fill(0);
  }
}
export const sharedTables = new SharedTables();

/**
 * A grid of patches on the target's surface that faces the shooter: the side (columns of angle, rows of
 * height) or the top (square cells inside the disc). Patches are numbers, not objects: a map of the table
 * asks thousands of these questions.
 */
export abstract class Grid {
  /** whether cell (c, r) is a patch at all (top cells must lie inside the disc) */
  exists!: Uint8Array;
  /** whether the whole patch lies in the shooter's arc */
  inArc!: Uint8Array;
  seen!: Uint8Array;
  /** for each column, running sums down its rows of the patches that exist and lie in the arc */
  private colSums!: Uint16Array;
  private hulls: Map<number, Layers> | null = null;
  private ready = false;

  constructor(
    readonly cols: number,
    readonly rows: number,
  ) {}

  /**
   * Builds the per-cell tables. Only a search needs them: a target one occluder hides from every eye
   * is settled from the hull alone, and most are.
   */
  prepare(tables: TableSource): void {
    if (this.ready) return;
    this.ready = true;
    const n = this.cols * this.rows;
    this.exists = tables.u8(n);
    this.inArc = tables.u8(n);
    this.seen = tables.u8(n);
    this.fill(tables);
    const rows = this.rows;
    this.colSums = tables.u16(this.cols * (rows + 1));
    for (let c = 0; c < this.cols; c++) {
      const base = c * (rows + 1);
      for (let r = 0; r < rows; r++) {
        const i = r * this.cols + c;
        this.colSums[base + r + 1] = this.colSums[base + r]! + (this.exists[i]! & this.inArc[i]!);
      }
    }
  }

  /** Leaves column c out of the search (its patches proven never wholly seen): the tables must be prepared. */
  leaveOutColumn(c: number): void {
    const base = c * (this.rows + 1);
    for (let r = 0; r < this.rows; r++) {
      this.inArc[r * this.cols + c] = 0;
      this.colSums[base + r + 1] = 0;
    }
  }

  /** Whether patch i (r * cols + c) is still open: it exists, lies in the arc, and is not yet seen. */
  isOpen(i: number): boolean {
    return this.exists[i] === 1 && this.inArc[i] === 1 && this.seen[i] === 0;
  }

  /** How many patches of column c, rows r0..r1 - 1, exist and lie in the arc. */
  openInColumn(c: number, r0: number, r1: number): number {
    const base = c * (this.rows + 1);
    return this.colSums[base + r1]! - this.colSums[base + r0]!;
  }

  protected abstract fill(tables: TableSource): void;

  /** How many points the patches have: the grid lines' crossings and the cells' centres. */
  get pointCount(): number {
    return (this.cols + 1) * (this.rows + 1) + this.cols * this.rows;
  }

  /** How many vertical lines the points stand on, each sharing its plan position (0: none do). */
  get lineCount(): number {
    return 0;
  }

  /** The vertical line of corner or centre k of a patch of column c, or -1 where points share none. */
  lineId(_c: number, _k: number): number {
    return -1;
  }

  /**
   * A number for the point `point(c, r, k)` gives, shared by the patches a corner belongs to: corner
   * k of cell (c, r) is the crossing of grid lines c or c + 1 and r or r + 1 (0: c, r; 1: c + 1, r;
   * 2: c + 1, r + 1; 3: c, r + 1), and 4 the cell's centre.
   */
  pointId(c: number, r: number, k: number): number {
    if (k === 4) return (this.cols + 1) * (this.rows + 1) + r * this.cols + c;
    return patchRow(r, k) * (this.cols + 1) + patchCol(c, k);
  }

  /** the corners (0..3) and the centre (4) of a patch, written into `out`; the tables must be prepared */
  abstract pointInto(c: number, r: number, k: number, out: Vec3): Vec3;

  /** the corners (0..3) and the centre (4) of a patch, as a new point */
  point(c: number, r: number, k: number): Vec3 {
    return this.pointInto(c, r, k, { x: 0, y: 0, z: 0 });
  }
  /** whether every corner and the centre of the patches in column c face the eye */
  abstract faces(eye: Vec3, c: number): boolean;
  /**
   * the hull around grid lines c0..c1 across and r0..r1 along (a block of cells c0..c1 - 1, r0..r1 - 1),
   * as layers where its corners are so (a side's: one ring of plan positions at two heights)
   */
  protected abstract makeHull(c0: number, c1: number, r0: number, r1: number): Layers;

  /** the corners of a convex hull around a block of cells; the same blocks come back for every eye */
  hull(c0: number, c1: number, r0: number, r1: number): readonly Vec3[] {
    return this.hullLayers(c0, c1, r0, r1).points;
  }

  /** hull's corners as layers (lofLayers.ts), made once for the block */
  hullLayers(c0: number, c1: number, r0: number, r1: number): Layers {
    const key = ((c0 * 256 + c1) * 256 + r0) * 256 + r1;
    this.hulls ??= new Map();
    let h = this.hulls.get(key);
    if (!h) {
      h = this.makeHull(c0, c1, r0, r1);
      this.hulls.set(key, h);
    }
    return h;
  }

  /**
   * The corners of a convex hull around the same edge of every patch of a block: the bottom edges
   * (corners 0 and 1), the top (2 and 3), the left (0 and 3) or the right (1 and 2). A patch is wholly
   * seen only if all its corners are, so an occluder that hides this hull from an eye hides a corner
   * of each of the block's patches: none is wholly seen, however much of them shows.
   */
  edgeHull(c0: number, c1: number, r0: number, r1: number, e: Edge): Layers {
    // Cell (c, r) lies between grid lines c and c + 1, r and r + 1: its bottom edge on line r, its
    // left on line c. The block's bottom edges span lines r0..r1 - 1, and so on.
    return this.hullLayers(e === 3 ? c0 + 1 : c0, e === 2 ? c1 - 1 : c1, e === 1 ? r0 + 1 : r0, e === 0 ? r1 - 1 : r1);
  }
}

/**
 * Where point k of patch (c, r) lies on the grid, in cells across (patchCol) and along (patchRow):
 * corner 0 at (c, r), 1 at (c + 1, r), 2 at (c + 1, r + 1), 3 at (c, r + 1), the centre 4 half a cell in.
 */
function patchCol(c: number, k: number): number {
  return k === 4 ? c + 0.5 : k === 1 || k === 2 ? c + 1 : c;
}
function patchRow(r: number, k: number): number {
  return k === 4 ? r + 0.5 : k >= 2 ? r + 1 : r;
}

/** An edge of a patch: 0 the bottom (corners 0, 1), 1 the top (2, 3), 2 the left (0, 3), 3 the right (1, 2). */
export type Edge = 0 | 1 | 2 | 3;
export const EDGES: readonly Edge[] = [0, 1, 2, 3];

const NO_ANGLES = new Float64Array(0);

/** The half of the side that faces the shooter, centred on the direction to it. */
export class SideGrid extends Grid {
  private readonly a0: number;
  private readonly da: number;
  private readonly dz: number;
  /** cosines and sines of each column's two edges and middle */
  private cosA: Float64Array;
  private sinA: Float64Array;

  constructor(
    private readonly t: Cylinder,
    toShooter: number,
    patch: number,
    private readonly arc: Arc,
  ) {
    super(Math.max(1, Math.floor((Math.PI * t.r) / patch + 1e-9)), Math.max(1, Math.floor(t.h / patch + 1e-9)));
    this.a0 = toShooter - Math.PI / 2;
    this.da = Math.PI / this.cols;
    this.dz = t.h / this.rows;
    this.cosA = NO_ANGLES;
    this.sinA = NO_ANGLES;
  }

  protected fill(tables: TableSource): void {
    const t = this.t;
    this.cosA = tables.f64(3 * this.cols);
    this.sinA = tables.f64(3 * this.cols);
    this.exists.fill(1);
    const whole = wholeInArc(this.arc, t);
    for (let c = 0; c < this.cols; c++) {
      for (let i = 0; i < 3; i++) {
        const a = this.a0 + (i === 0 ? c : i === 1 ? c + 1 : c + 0.5) * this.da;
        this.cosA[3 * c + i] = Math.cos(a);
        this.sinA[3 * c + i] = Math.sin(a);
      }
      // The arc test is level: a column is in or out whatever the height.
      let ok = 1;
      if (!whole) for (let i = 0; i < 3 && ok; i++) if (!inArc(this.arc, t.x + t.r * this.cosA[3 * c + i]!, t.y + t.r * this.sinA[3 * c + i]!)) ok = 0;
      for (let r = 0; r < this.rows; r++) this.inArc[r * this.cols + c] = ok;
    }
  }

  /**
   * Leaves out the columns with an edge or the middle in one of the arcs (absolute angles, [from, to]
   * pairs; LineOfFire's yes/no answer, `hiddenArcs`): every patch of such a column has a point there
   * at the height of the middle of the lowest row or above (an edge's upper corner, at the least), so
   * an arc proven from there up holds a point of each, and none is wholly seen.
   */
  leaveOutArcs(arcs: readonly number[]): void {
    const within = (a: number) => {
      for (let k = 0; k + 1 < arcs.length; k += 2) {
        const from = arcs[k]!;
        if ((((a - from) % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI) <= arcs[k + 1]! - from) return true;
      }
      return false;
    };
    for (let c = 0; c < this.cols; c++) {
      const a = this.a0 + c * this.da;
      if (within(a) || within(a + this.da / 2) || within(a + this.da)) this.leaveOutColumn(c);
    }
  }

  pointInto(c: number, r: number, k: number, out: Vec3): Vec3 {
    const i = 3 * c + (k === 4 ? 2 : k === 1 || k === 2 ? 1 : 0);
    out.x = this.t.x + this.t.r * this.cosA[i]!;
    out.y = this.t.y + this.t.r * this.sinA[i]!;
    out.z = this.t.z + patchRow(r, k) * this.dz;
    return out;
  }

  /** The plan position of vertical line `line` (as lineId numbers them), written into out's x and y: pointInto's own. */
  linePlanInto(line: number, out: Vec3): Vec3 {
    const n = this.cols;
    const i = line < n ? 3 * line : line === n ? 3 * (n - 1) + 1 : 3 * (line - n - 1) + 2;
    out.x = this.t.x + this.t.r * this.cosA[i]!;
    out.y = this.t.y + this.t.r * this.sinA[i]!;
    return out;
  }

  /** The height of corner or centre k of a patch of row r: pointInto's own. */
  heightOf(r: number, k: number): number {
    return this.t.z + patchRow(r, k) * this.dz;
  }

  /** The grid lines 0..cols between columns, then each column's middle. */
  override get lineCount(): number {
    return 2 * this.cols + 1;
  }

  override lineId(c: number, k: number): number {
    return k === 4 ? this.cols + 1 + c : patchCol(c, k);
  }

  /** The side's normals are level: facing depends on the column only. */
  faces(eye: Vec3, c: number): boolean {
    const ex = eye.x - this.t.x;
    const ey = eye.y - this.t.y;
    for (let i = 0; i < 3; i++) if (ex * this.cosA[3 * c + i]! + ey * this.sinA[3 * c + i]! - this.t.r <= 1e-9) return false;
    return true;
  }

  protected makeHull(c0: number, c1: number, r0: number, r1: number): Layers {
    const z0 = this.t.z + r0 * this.dz;
    const z1 = this.t.z + r1 * this.dz;
    const points = arcHull(this.t, this.a0 + c0 * this.da, this.a0 + c1 * this.da, z0, z1);
    return { points, plans: points.length / 2, zs: [z0, z1], zLo: Math.min(z0, z1), zHi: Math.max(z0, z1) };
  }
}

/** The top of the target, in square cells lined up with the direction to the shooter. */
export class TopGrid extends Grid {
  private readonly cell: number;
  private readonly ux: number;
  private readonly uy: number;
  private readonly top: number;

  constructor(
    private readonly t: Cylinder,
    toShooter: number,
    patch: number,
    private readonly arc: Arc,
  ) {
    const n = Math.max(1, Math.floor((2 * t.r) / patch + 1e-9));
    super(n, n);
    this.cell = (2 * t.r) / n;
    this.ux = Math.cos(toShooter);
    this.uy = Math.sin(toShooter);
    this.top = t.z + t.h;
  }

  protected fill(): void {
    const t = this.t;
    const n = this.cols;
    // Which cells lie inside the disc hangs on its radius and the patch alone; kept for the next target.
    const key = `${t.r}/${this.cell}/${n}`;
    const known = discCells.get(key);
    if (known && wholeInArc(this.arc, t)) {
      this.exists.set(known);
      this.inArc.set(known);
      return;
    }
    const r0 = -t.r;
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        let inside = 1;
        let arc = 1;
        for (let k = 0; k < 5; k++) {
          const u = r0 + (k === 4 ? c + 0.5 : k === 1 || k === 2 ? c + 1 : c) * this.cell;
          const w = r0 + (k === 4 ? r + 0.5 : k >= 2 ? r + 1 : r) * this.cell;
          if (u * u + w * w > (t.r + 1e-9) ** 2) inside = 0;
          if (arc && !inArc(this.arc, this.t.x + u * this.ux - w * this.uy, this.t.y + u * this.uy + w * this.ux)) arc = 0;
          if (!inside) break;
        }
        this.exists[r * n + c] = inside;
        this.inArc[r * n + c] = inside && arc;
      }
    }
    if (!known && discCells.size < 64) discCells.set(key, this.exists.slice());
  }

  pointInto(c: number, r: number, k: number, out: Vec3): Vec3 {
    const r0 = -this.t.r;
    const u = r0 + patchCol(c, k) * this.cell;
    const w = r0 + patchRow(r, k) * this.cell;
    out.x = this.t.x + u * this.ux - w * this.uy;
    out.y = this.t.y + u * this.uy + w * this.ux;
    out.z = this.top;
    return out;
  }

  faces(eye: Vec3): boolean {
    return eye.z - this.top > 1e-9;
  }

  protected makeHull(c0: number, c1: number, r0: number, r1: number): Layers {
    // Four corners at the top's one height, each a plan position of its own.
    return { points: [this.point(c0, r0, 0), this.point(c1 - 1, r0, 1), this.point(c1 - 1, r1 - 1, 2), this.point(c0, r1 - 1, 3)], plans: 4, zs: [], zLo: 0, zHi: 0 };
  }
}

/** The cells inside the disc of a top grid, by radius, cell and count (a handful of silhouettes). */
const discCells = new Map<string, Uint8Array>();

/**
 * Whether the whole disc of the target lies in the arc with room to spare (1e-6, far more than the
 * rounding of the points on it): then every point of its patches passes the arc test.
 */
function wholeInArc(arc: Arc, t: Cylinder): boolean {
  return arc === null || (t.x - arc.sx) * arc.fx + (t.y - arc.sy) * arc.fy - t.r * (1 + 1e-9) - 1e-9 >= 1e-6;
}

export function v(x: number, y: number, z: number): Vec3 {
  return { x, y, z };
}

/**
 * The corners of a convex hull around the side of a cylinder between angles a0..a1 and heights z0..z1:
 * a ring of plan positions at z0, then the same at z1.
 */
function arcHull(c: Cylinder, a0: number, a1: number, z0: number, z1: number): Vec3[] {
  const pts: Vec3[] = [];
  const span = a1 - a0;
  const pieces = Math.max(1, Math.ceil(span / (Math.PI / 3) - 1e-9));
  const step = span / pieces;
  const out = c.r / Math.cos(step / 2);
  // The ring's points once; the same at both heights.
  const ring: number[] = [];
  for (let i = 0; i <= pieces; i++) {
    const a = a0 + i * step;
    ring.push(c.x + c.r * Math.cos(a), c.y + c.r * Math.sin(a));
    if (i < pieces) {
      const m = a + step / 2;
      ring.push(c.x + out * Math.cos(m), c.y + out * Math.sin(m));
    }
  }
  for (const z of [z0, z1]) for (let k = 0; k < ring.length; k += 2) pts.push(v(ring[k]!, ring[k + 1]!, z));
  return pts;
}
