/**
 * The search of a Line of Fire query (see lof.ts), eye by eye: blocks of the target's patches proven
 * hidden behind one occluder, split where none hides them whole, down to single patches looked at
 * with rays; the yes/no answer (stopping at the first patch wholly seen) and the whole answer.
 */
import { EDGES, freshTables, Grid, sharedTables, SideGrid, type TableSource } from './lofGrids';
import { boxAcross, type Layers } from './lofLayers';
import { LineOfFireBase } from './lofAllEyes';
import { GRAZE, solidData, solidOccluder, span, sweepPoint, type Occluder } from './lofOccluders';
import { crossesCylinder, heightsWithin, levelSpanAcross, radialSpanAcross, segmentCrossesBox, type Vec3 } from './segments';

export interface LofDetail {
  visible: boolean;
  /**
   * a segment from a point of the shooter to the centre of a patch it wholly sees; where only the
   * target sees a patch of the shooter (LOF-1, `reciprocal`), from the centre of that patch to the
   * target's point that sees it
   */
  witness: { from: Vec3; to: Vec3 } | null;
  /**
   * LOF-1: Line of Fire holds only because the target wholly sees a patch of the shooter (the shooter
   * sees no patch of the target: its `fraction` is 0)
   */
  reciprocal: boolean;
  /** the share of the target's patches facing the shooter, in its arc, that are wholly seen (the shooter's own) */
  fraction: number;
  /** scenery pieces that hide some patch of the target */
  hiddenBy: string[];
  /** models that hide some patch of the target */
  hiddenByModels: string[];
  /** the patches wholly seen, each as its four corners: what the table draws as the seen part */
  seenPatches: Vec3[][];
}

/** Blocks of patches split this many times over before the rest of a block is swept point by point. */
const SWEEP_DEPTH = 2;

export class LineOfFire extends LineOfFireBase {
  /** The first thing the segment passes through: scenery (through the ray index) or another model. */
  private firstBlock(a: Vec3, b: Vec3): Occluder | null {
    const solid = this.rays.sceneryHit(a, b);
    if (solid) {
      const d = solidData(solid);
      return solidOccluder(solid, d, -1);
    }
    for (const o of this.candidates) {
      if (o.kind === 'body' && this.live[o.k] && crossesCylinder(a, b, o.blocker.c, GRAZE)) return o;
    }
    return null;
  }

  /**
   * Whether the occluder hides the whole hull from the eye; if so it is noted and tried first next
   * time. For a grid's every patch (`rect`: the rectangle around them, as the all-eyes proof has it),
   * a solid is tried on the rectangle's four corners at two heights first: the points a convex solid
   * hides from an eye form a convex set, so its corners hidden, all of it is. A solid is tried on the
   * hull as layers (boxAcross: each plan position's level part once for its two heights, the same
   * tests as segmentCrossesBox's on each corner).
   */
  private proves(o: Occluder, eye: Vec3, hull: Layers, rect: Layers | null = null): boolean {
    if (!this.live[o.k]) return false;
    if (o.kind === 'solid') {
      if (!(rect && boxAcross(o.box, this.eyeLayer, rect)) && !boxAcross(o.box, this.eyeLayer, hull)) return false;
    } else if (!this.blocksAll(o, eye, hull.points)) return false;
    this.note(o);
    this.lastProof = o;
    return true;
  }

  /**
   * What the eye sees of a block of cells: hidden at once if one occluder stands across the block's
   * hull; otherwise split, down to single patches looked at with rays.
   */
  private search(eye: Vec3, gi: number, c0: number, c1: number, r0: number, r1: number, depth = 0): void {
    if (this.done) return;
    const g = this.grids[gi]!;
    const facing = this.facing[gi]!;
    // The open patches: in the arc, facing the eye, not yet seen. Before anything is seen, a column's
    // count comes from its running sums.
    let open = 0;
    if (this.seenCount === 0) {
      for (let c = c0; c < c1; c++) if (facing[c]) open += g.openInColumn(c, r0, r1);
    } else {
      for (let c = c0; c < c1; c++) {
        if (!facing[c]) continue;
        for (let r = r0; r < r1; r++) {
          const i = r * g.cols + c;
          if (g.isOpen(i)) open++;
        }
      }
    }
    if (open === 0) return;
    const live = this.liveList;
    if (live.length > 0) {
      const hull = g.hullLayers(c0, c1, r0, r1);
      const rect = c0 === 0 && c1 === g.cols && r0 === 0 && r1 === g.rows ? this.patchRectNow(gi) : null;
      // Try first the occluder that proved the last block (usually the same building hides the next),
      // then whatever the index says stands first on the line to this block's middle, then the rest.
      if (this.lastProof && this.proves(this.lastProof, eye, hull, rect)) return;
      // Whether some candidate proves the block hidden does not hang on the order they are tried in,
      // only which one is named: a yes/no answer names none, and spares the ray.
      let first: Occluder | undefined;
      if (!this.stopAtFirst) {
        const [midC, midR] = this.middle(g, facing, open, c0, c1, r0, r1);
        const hit = this.rays.sceneryHit(eye, g.point(midC, midR, 4));
        if (hit) for (const o of live) if (o.kind === 'solid' && o.solid.id === hit.id) first = o;
        if (first && first !== this.lastProof && this.proves(first, eye, hull, rect)) return;
      }
      for (const o of live) {
        if (o !== first && o !== this.lastProof && this.proves(o, eye, hull, rect)) return;
      }
      // Part of the block shows, but perhaps no patch of it wholly: one edge of every patch hidden.
      if (this.stopAtFirst) {
        for (const e of EDGES) {
          // Only where the block is narrow across the edges: a sliver of a patch shows along one side.
          if (e < 2 ? r1 - r0 > 2 : c1 - c0 > 2) continue;
          const edge = g.edgeHull(c0, c1, r0, r1, e);
          if (this.lastProof && this.proves(this.lastProof, eye, edge)) return;
          for (const o of live) if (o !== this.lastProof && this.proves(o, eye, edge)) return;
        }
        // No one occluder hides the block: several share it. Point by point is cheaper from here.
        if (depth >= SWEEP_DEPTH && open > 1) {
          this.sweep(eye, gi, c0, c1, r0, r1);
          return;
        }
      }
    }
    const cols = c1 - c0;
    const rows = r1 - r0;
    if (open === 1 || cols * rows === 1) {
      const [midC, midR] = this.middle(g, facing, open, c0, c1, r0, r1);
      this.look(eye, g, midC, midR);
      return;
    }
    if (cols >= rows) {
      // Search the half nearer the middle of the target first: the likeliest to be seen.
      const m = c0 + Math.floor(cols / 2);
      if (Math.abs(c0 + m - g.cols) <= Math.abs(m + c1 - g.cols)) {
        this.search(eye, gi, c0, m, r0, r1, depth + 1);
        this.search(eye, gi, m, c1, r0, r1, depth + 1);
      } else {
        this.search(eye, gi, m, c1, r0, r1, depth + 1);
        this.search(eye, gi, c0, m, r0, r1, depth + 1);
      }
    } else {
      const m = r0 + Math.floor(rows / 2);
      this.search(eye, gi, c0, c1, m, r1, depth + 1);
      this.search(eye, gi, c0, c1, r0, m, depth + 1);
    }
  }

  /**
   * Yes or no over a block that no one occluder hides: each open patch is passed over as soon as one
   * of its five points (corners and centre) is proven hidden, the line from the eye to it crossing one
   * occluder (a solid shrunk by POINT_MARGIN, a model as the rays test it), since a patch is seen only
   * when the rays to all five reach it; the rest are looked at with rays. The answer is the rays' own:
   * only the work differs. A corner shared by four patches is asked about once for the eye.
   */
  private sweep(eye: Vec3, gi: number, c0: number, c1: number, r0: number, r1: number): void {
    const g = this.grids[gi]!;
    const facing = this.facing[gi]!;
    let states = this.pointStates[gi];
    if (!states) this.pointStates[gi] = states = this.tables.u8(g.pointCount);
    const lines = g.lineCount * this.candidates.length;
    let spanStates = this.spanStates[gi];
    if (!spanStates) {
      this.spanStates[gi] = spanStates = this.tables.u8(lines);
      this.spans[gi] = this.tables.f64(2 * lines);
    }
    if (this.pointsFor[gi] !== eye) {
      if (this.pointsFor[gi]) {
        states.fill(0);
        spanStates.fill(0);
      }
      this.pointsFor[gi] = eye;
    }
    // A side's points stand on its vertical lines: each is asked about by its line and its height (no
    // point made), the level part of each line's test worked out once for the eye (hidesOnLine).
    const side = g instanceof SideGrid ? g : null;
    for (let c = c0; c < c1; c++) {
      if (!facing[c]) continue;
      for (let r = r1 - 1; r >= r0; r--) {
        const i = r * g.cols + c;
        if (!g.isOpen(i)) continue;
        let hidden = false;
        for (let k = 0; k < 5 && !hidden; k++) {
          const id = g.pointId(c, r, k);
          let st = states[id]!;
          if (st === 0) {
            const h = side ? this.lineHidden(eye, gi, side, side.lineId(c, k), side.heightOf(r, k)) : this.pointHidden(eye, g.pointInto(c, r, k, sweepPoint));
            states[id] = st = h ? 1 : 2;
          }
          hidden = st === 1;
        }
        if (hidden) continue;
        this.look(eye, g, c, r);
        if (this.done) return;
      }
    }
  }

  /** Whether some occluder live for the eye stands across the line from it to the point. */
  private pointHidden(eye: Vec3, p: Vec3): boolean {
    const last = this.lastHider;
    if (last && this.live[last.k] && this.hides(last, eye, p)) return true;
    for (const o of this.liveList) {
      if (o !== last && this.hides(o, eye, p)) {
        this.lastHider = o;
        return true;
      }
    }
    return false;
  }

  /** segmentCrossesBox(eye, p, o.pointBox), or crossesCylinder for a model. */
  private hides(o: Occluder, eye: Vec3, p: Vec3): boolean {
    return o.kind === 'body' ? crossesCylinder(eye, p, o.blocker.c, GRAZE) : segmentCrossesBox(eye, p, o.pointBox);
  }

  /** pointHidden for the point of a side's vertical line `line` at height z. */
  private lineHidden(eye: Vec3, gi: number, g: SideGrid, line: number, z: number): boolean {
    const last = this.lastHider;
    if (last && this.live[last.k] && this.hidesOnLine(last, eye, gi, g, line, z)) return true;
    for (const o of this.liveList) {
      if (o !== last && this.hidesOnLine(o, eye, gi, g, line, z)) {
        this.lastHider = o;
        return true;
      }
    }
    return false;
  }

  /**
   * hides for the point of a side's vertical line at height z: the level part (the box's footprint, or
   * the model's circle shrunk by GRAZE, as crossesCylinder has it) is the same for every point of the
   * line, worked out once for the eye; only the heights for each point, step for step as
   * segmentCrossesBox and crossesCylinder test them.
   */
  private hidesOnLine(o: Occluder, eye: Vec3, gi: number, g: SideGrid, line: number, z: number): boolean {
    const idx = line * this.candidates.length + o.k;
    const states = this.spanStates[gi]!;
    const spans = this.spans[gi]!;
    let st = states[idx]!;
    if (st === 0) {
      const p = g.linePlanInto(line, sweepPoint);
      st = (o.kind === 'body' ? radialSpanAcross(eye, p, o.blocker.c, GRAZE, span) : levelSpanAcross(eye, p, o.pointBox, span)) ? 2 : 1;
      states[idx] = st;
      spans[2 * idx] = span[0];
      spans[2 * idx + 1] = span[1];
    }
    if (st !== 2) return false;
    if (o.kind === 'body') {
      const c = o.blocker.c;
      return heightsWithin(eye.z, z, spans[2 * idx]!, spans[2 * idx + 1]!, c.z + GRAZE, c.z + c.h - GRAZE);
    }
    const b = o.pointBox;
    return heightsWithin(eye.z, z, spans[2 * idx]!, spans[2 * idx + 1]!, b.z0, b.z1);
  }

  /**
   * The middle one of a block's open patches: with nothing seen yet on a side (whose columns are
   * wholly in or out of the arc), the middle open column at the middle row; else the middle open
   * patch, column by column.
   */
  private middle(g: Grid, facing: Uint8Array, open: number, c0: number, c1: number, r0: number, r1: number): [number, number] {
    if (g instanceof SideGrid && this.seenCount === 0) {
      const cols = open / (r1 - r0);
      let k = 0;
      for (let c = c0; c < c1; c++) if (facing[c] && g.inArc[c] && k++ === Math.floor(cols / 2)) return [c, r0 + Math.floor((r1 - r0) / 2)];
    }
    let k = 0;
    for (let c = c0; c < c1; c++) {
      if (!facing[c]) continue;
      for (let r = r0; r < r1; r++) {
        const i = r * g.cols + c;
        if (g.isOpen(i) && k++ === Math.floor(open / 2)) return [c, r];
      }
    }
    return [-1, -1];
  }

  /** A patch is wholly seen from the eye when rays reach its corners and its centre unblocked. */
  private look(eye: Vec3, g: Grid, c: number, r: number): void {
    for (let k = 0; k < 5; k++) {
      const o = this.firstBlock(eye, g.point(c, r, k));
      if (o) {
        this.note(o);
        return;
      }
    }
    g.seen[r * g.cols + c] = 1;
    this.seenCount++;
    this.witness ??= { from: eye, to: g.point(c, r, 4) };
    if (this.stopAtFirst) this.done = true;
  }

  /**
   * Which candidates may stand in the way of a line from the eye to the target, in plan: every such
   * line runs inside the wedge from the eye around the target's disc, widened to hold the hulls of its
   * blocks (whose corners stand out to sqrt(2) of its radius). A candidate wholly outside the wedge
   * (beyond one of its edges, or behind the eye), or wholly above or below every such line, can hide
   * nothing from this eye: leaving it out changes no answer, it only saves the tests.
   */
  private liveFrom(eye: Vec3, plan: number): void {
    const live = this.live;
    const t = this.q.target;
    const n = this.candidates.length;
    const at = plan * (n + 1);
    const plans = this.planLive;
    if (plans[at] === 0) this.wedge(eye, at);
    if (plans[at] === 2) {
      live.fill(1);
      this.liveList = this.candidates;
      return;
    }
    const list: Occluder[] = (this.liveList = []);
    const zLo = Math.min(eye.z, t.z) - 1e-9;
    const zHi = Math.max(eye.z, t.z + t.h) + 1e-9;
    for (const o of this.candidates) {
      let out: boolean;
      if (o.kind === 'solid') out = o.solid.z0 > zHi || o.solid.z1 < zLo || plans[at + 1 + o.k] === 2;
      else {
        const b = o.blocker.c;
        out = b.z > zHi || b.z + b.h < zLo || plans[at + 1 + o.k] === 2;
      }
      live[o.k] = out ? 0 : 1;
      if (!out) list.push(o);
    }
  }

  /**
   * liveFrom's part in plan, for the eyes at the eye's plan position (written into planLive from `at`):
   * which candidates stand wholly outside the wedge, beyond one of its edges or behind the eye.
   */
  private wedge(eye: Vec3, at: number): void {
    const plans = this.planLive;
    const t = this.q.target;
    const dx = t.x - eye.x;
    const dy = t.y - eye.y;
    const dist = Math.sqrt(dx * dx + dy * dy);
    const rho = Math.SQRT2 * t.r * (1 + 1e-9) + 1e-6;
    if (dist <= rho * 1.001 + 1e-6) {
      plans[at] = 2;
      return;
    }
    plans[at] = 1;
    const ux = dx / dist;
    const uy = dy / dist;
    const sa = rho / dist;
    const ca = Math.sqrt(1 - sa * sa);
    // The wedge's edges: the line to the target turned by +a (left) and -a (right).
    const lx = ux * ca - uy * sa;
    const ly = uy * ca + ux * sa;
    const rx = ux * ca + uy * sa;
    const ry = uy * ca - ux * sa;
    const eps = 1e-9;
    for (const o of this.candidates) {
      let out: boolean;
      if (o.kind === 'solid') {
        const c = solidData(o.solid).corners;
        let left = true;
        let right = true;
        let behind = true;
        for (let i = 0; i < 8 && (left || right || behind); i += 2) {
          const px = c[i]! - eye.x;
          const py = c[i + 1]! - eye.y;
          if (lx * py - ly * px <= eps) left = false;
          if (rx * py - ry * px >= -eps) right = false;
          if (ux * px + uy * py >= -eps) behind = false;
        }
        out = left || right || behind;
      } else {
        const b = o.blocker.c;
        const px = b.x - eye.x;
        const py = b.y - eye.y;
        const m = b.r + eps;
        out = lx * py - ly * px > m || rx * py - ry * px < -m || ux * px + uy * py < -m;
      }
      plans[at + 1 + o.k] = out ? 2 : 1;
    }
  }

  private run(stopAtFirst: boolean): void {
    this.stopAtFirst = stopAtFirst;
    if (this.hiddenFromAll()) return;
    let skip = stopAtFirst && this.eyes.length === 27 ? (this.q.hiddenEyes ?? 0) : 0;
    if (stopAtFirst && this.eyes.length === 27) {
      skip |= this.columnsHidden(skip);
      // Every eye proven to see nothing: no search, and no tables for one.
      if (skip === ALL_EYES) return;
    }
    for (const g of this.grids) g.prepare(this.tables);
    // LOF-1: the side's columns already proven never wholly seen (a yes/no answer only).
    const arcs = this.q.hiddenArcs;
    if (stopAtFirst && arcs && arcs.length > 0 && this.grids[0] instanceof SideGrid) this.grids[0].leaveOutArcs(arcs);
    this.live = this.tables.u8(this.candidates.length);
    // A side's columns face an eye by its plan position alone, the same at its three heights (the
    // eyes come as the axis and eight rim points at each height): worked out once for the three.
    const sideFacing: Uint8Array[] = [];
    const plans = this.eyes.length === 27 ? 9 : this.eyes.length;
    // liveFrom's answers in plan, for each plan position (the eyes above one another share it).
    this.planLive = this.tables.u8(plans * (this.candidates.length + 1));
    // The eye being searched as layers of one point (for boxAcross): one object, its point replaced.
    const one: Vec3[] = [this.eyes[0]!];
    const layer: Layers = { points: one, plans: 1, zs: [], zLo: 0, zHi: 0 };
    this.facing = [];
    for (let e = 0; e < this.eyes.length; e++) {
      if (skip & (1 << e)) continue;
      const eye = this.eyes[e]!;
      this.liveFrom(eye, e % plans);
      one[0] = eye;
      this.eyeLayer = layer;
      for (let gi = 0; gi < this.grids.length; gi++) {
        const g = this.grids[gi]!;
        this.facing[gi] = g instanceof SideGrid ? (sideFacing[e % plans] ??= columnsFacing(g, eye, this.tables)) : columnsFacing(g, eye, this.tables);
      }
      for (let gi = 0; gi < this.grids.length; gi++) {
        const g = this.grids[gi]!;
        this.search(eye, gi, 0, g.cols, 0, g.rows);
        if (this.done) return;
      }
    }
  }

  /** Yes or no, stopping at the first patch wholly seen. */
  visible(): boolean {
    return this.firstWitness() !== null;
  }

  /** The yes/no search's witness: the first patch wholly seen, or null where none is. */
  firstWitness(): { from: Vec3; to: Vec3 } | null {
    return this.withTables(() => {
      this.run(true);
      return this.witness;
    });
  }

  /** Runs the query with its tables from the shared buffer where no other query holds it, else fresh ones. */
  private withTables<T>(work: () => T): T {
    const shared = sharedTables.take();
    this.tables = shared ?? freshTables;
    try {
      return work();
    } finally {
      shared?.give();
    }
  }

  /** The whole answer: witness, fraction seen, and what hides the rest. */
  detail(): LofDetail {
    return this.withTables(() => this.detailRun());
  }

  private detailRun(): LofDetail {
    this.run(false);
    for (const g of this.grids) g.prepare(this.tables);
    // A patch counts if it is in the arc and some eye faces it: the target's own bulk hides the rest.
    let eligible = 0;
    for (const g of this.grids) {
      for (let c = 0; c < g.cols; c++) {
        if (!this.eyes.some((e) => g.faces(e, c))) continue;
        for (let r = 0; r < g.rows; r++) {
          const i = r * g.cols + c;
          if (g.exists[i] && g.inArc[i]) eligible++;
        }
      }
    }
    const seenPatches: Vec3[][] = [];
    for (const g of this.grids) {
      for (let i = 0; i < g.seen.length; i++) {
        if (!g.seen[i]) continue;
        const c = i % g.cols;
        const r = Math.floor(i / g.cols);
        seenPatches.push([0, 1, 2, 3].map((k) => g.point(c, r, k)));
      }
    }
    return {
      visible: this.witness !== null,
      witness: this.witness,
      reciprocal: false,
      seenPatches,
      fraction: eligible === 0 ? 0 : this.seenCount / eligible,
      hiddenBy: [...(this.hiddenBy ?? [])].sort(),
      hiddenByModels: [...(this.hiddenByModels ?? [])].sort(),
    };
  }
}

/** All 27 eyes, as bits. */
const ALL_EYES = 2 ** 27 - 1;

/** Which columns of the grid face the eye, as 1s and 0s. */
function columnsFacing(g: Grid, eye: Vec3, tables: TableSource): Uint8Array {
  const f = tables.u8(g.cols);
  for (let c = 0; c < g.cols; c++) f[c] = g.faces(eye, c) ? 1 : 0;
  return f;
}
