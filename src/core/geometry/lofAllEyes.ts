/**
 * A Line of Fire query's setup and its proof from all eyes at once (see lof.ts): the eyes on the
 * shooter's silhouette, the grids of patches on the target's, the occluders that may stand between
 * them, and the test whether one occluder hides every patch from every eye. LineOfFire (lofSearch.ts)
 * builds on it with the search eye by eye.
 */
import { bodyOccluder, GRAZE, lofSpan, modelMeets, NO_LIVE, occluderData, solidOccluder, type LofBlocker, type LofRays, type Occluder } from './lofOccluders';
import { boxAcross, layersOf, rectLayers, type Layers } from './lofLayers';
import { freshTables, Grid, SideGrid, TopGrid, v, type Arc, type TableSource } from './lofGrids';
import { crossesCylinder, segmentCrossesBox, type Vec3 } from './segments';
import type { Cylinder } from './shapes';

export interface LofQuery {
  shooter: Cylinder;
  /** the shooter's facing in degrees, or null when it sees all round (a marker) */
  facing: number | null;
  target: Cylinder;
  /** other models on the table: they block Line of Fire */
  blockers: LofBlocker[];
  /** the side of the smallest patch that must be wholly seen */
  patch: number;
  /**
   * LOF-1: the target's own facing in degrees (null: it sees all round, a marker or a hidden
   * trooper), for the test from its side; absent where the target cannot look back (the question is
   * then the shooter's test alone). A shooter that is a point of the table has nothing to be seen.
   */
  back?: number | null;
  /**
   * Eyes already proven to see no patch of the target (bits as `hiddenEyes` in lofRun.ts): the
   * yes/no answer leaves them out of its search. The whole answer looks from every eye.
   */
  hiddenEyes?: number;
  /**
   * LOF-1: arcs of the target's side (absolute angles in radians about its axis, [from, to] pairs)
   * already proven hidden from every eye from the middle of its lowest row of patches up (`unseenArcs`
   * in lofRunBack.ts): the yes/no answer leaves out the columns with an edge or the middle in one. The
   * whole answer looks at every patch.
   */
  hiddenArcs?: readonly number[];
}

/** The eye layer of a query before its search (never changed: a search puts its own in place). */
const NO_EYE: Layers = { points: [], plans: 0, zs: [], zLo: 0, zHi: 0 };

/** The bits of the three eyes above one another at the axis (shifted by j: at rim point j), as lofRun.ts numbers them. */
const COLUMN = 1 | (1 << 9) | (1 << 18);

/** columnsHidden's column of eyes (its top and bottom eye) as layers: one object, its points and heights replaced. */
const columnEnds: Vec3[] = [v(0, 0, 0), v(0, 0, 0)];
const columnHeights: number[] = [0.5, 0.5];
const columnLayer: Layers = { points: columnEnds, plans: 1, zs: columnHeights, zLo: 0.5, zHi: 0.5 };

/** The rim eyes' turns from the line to the target, in LineOfFire's order: the two tangent to it first. */
export const EYE_TURNS: readonly number[] = [0, Math.PI / 2, -Math.PI / 2, Math.PI / 4, -Math.PI / 4, (3 * Math.PI) / 4, (-3 * Math.PI) / 4, Math.PI];

/** Eyes sit this far inside the shooter's silhouette, so they never start on a surface. */
export const EYE_INSET = 0.01;

/**
 * Every field of a query is declared here, the search's own included (LineOfFire adds none): so each
 * query object gets all its fields in one order, set before the constructor's work, as one class lays
 * them out. A subclass's own fields would be added only after this constructor has run.
 */
export abstract class LineOfFireBase {
  protected readonly q: LofQuery;
  protected readonly rays: LofRays;
  protected readonly grids: Grid[] = [];
  /** the eyes, made when a search first needs them (most targets are settled from the rims alone) */
  private eyeList: Vec3[] | null = null;
  private rimPlanCache: { xs: number[]; ys: number[] } | null = null;
  /** what might stand between the two silhouettes: the only candidates for a proof */
  protected readonly candidates: Occluder[] = [];
  /** what hides some patch, for the whole answer (made at its first note: a yes/no answer names nothing) */
  protected hiddenBy: Set<string> | null = null;
  protected hiddenByModels: Set<string> | null = null;
  protected witness: { from: Vec3; to: Vec3 } | null = null;
  /** the occluder that last proved a block hidden: the likeliest to prove the next one */
  protected lastProof: Occluder | null = null;
  protected stopAtFirst = false;
  protected done = false;
  protected seenCount = 0;
  private readonly front: { x: number; y: number } | null;
  /** the direction from the target to the shooter, in radians */
  private readonly toShooter: number;
  /** for the eye being searched: which columns of each grid face it */
  protected facing: Uint8Array[] = [];
  /** the rim eyes and the grids' whole hulls, as layers of plan positions (for the all-eyes proof) */
  private rimLayers: Layers | null = null;
  private readonly hullLayers: Layers[] = [];
  /** the rectangles around the rim eyes and around each grid's patches, along the line of sight (or null: none) */
  private rimRectangle: Layers | null | undefined = undefined;
  private readonly patchRects: (Layers | null | undefined)[] = [];
  /** each side's rectangle cut in two across the line of sight (columnsHidden), made once */
  private readonly patchHalves: [Layers, Layers][] = [];
  private sight: readonly [number, number] | null | undefined = undefined;
  /** the eye being searched, as layers of one point on its own (for boxAcross) */
  protected eyeLayer: Layers = NO_EYE;
  /** the middles of the two silhouettes, for the test that comes before every proof from all eyes */
  private midShooter: Vec3 | undefined;
  private midTarget: Vec3 | undefined;
  /** for the eye being searched: which candidates may stand between it and the target at all */
  protected live: Uint8Array = NO_LIVE;
  /** where this query's tables come from (views of the shared buffer while it holds it) */
  protected tables: TableSource = freshTables;
  /**
   * For each plan position of the eyes (the axis and the rim points: the three eyes above one another
   * share one), whether each candidate stands outside the eye's wedge in plan (2) or not (1), worked out
   * for the first eye there; its first entry 1 once worked out, 2 where the eye is too near the target
   * for a wedge (every candidate live)
   */
  protected planLive: Uint8Array = NO_LIVE;
  /** the same, as the list of the candidates that may (in the candidates' order) */
  protected liveList: Occluder[] = [];
  /** for each grid, the sweep's answers by point (0 not yet asked, 1 hidden, 2 not proven), and their eye */
  protected pointStates: Uint8Array[] = [];
  protected pointsFor: (Vec3 | null)[] = [];
  /**
   * For each grid, the level part of the line from the eye to each of its vertical lines of points
   * (a side's) across each solid candidate: 0 not yet worked out, 1 none, 2 the span in `spans`.
   */
  protected spanStates: Uint8Array[] = [];
  protected spans: Float64Array[] = [];
  /** how many of the candidates are solids (they come first, numbered 0..solidCount - 1) */
  protected solidCount = 0;
  /** the occluder that last hid a point in a sweep: the likeliest to hide the next */
  protected lastHider: Occluder | null = null;
  /** the solid that last stood across a column's lines (columnsHidden): the likeliest for the next column */
  private lastAcross: Occluder | null = null;

  constructor(q: LofQuery, rays: LofRays) {
    this.q = q;
    this.rays = rays;
    const s = q.shooter;
    this.front = q.facing === null ? null : { x: -Math.sin((q.facing * Math.PI) / 180), y: Math.cos((q.facing * Math.PI) / 180) };
    this.toShooter = Math.atan2(s.y - q.target.y, s.x - q.target.x);
    this.buildGrids();
    const span = lofSpan(s, q.target);
    const occluders = rays.occluders;
    const { data, bounds: b } = occluderData(occluders);
    // Whether the span and the solid's bounds overlap, over the bounds side by side.
    for (let i = 0, j = 0; i < occluders.length; i++, j += 6) {
      if (span.x0 <= b[j + 3]! && b[j]! <= span.x1 && span.y0 <= b[j + 4]! && b[j + 1]! <= span.y1 && span.z0 <= b[j + 5]! && b[j + 2]! <= span.z1) {
        const d = data[i]!;
        this.candidates.push(solidOccluder(occluders[i]!, d, this.candidates.length));
      }
    }
    this.solidCount = this.candidates.length;
    for (const blocker of q.blockers) {
      const c = blocker.c;
      if (modelMeets(span, c.x, c.y, c.z, c.r, c.h)) this.candidates.push(bodyOccluder(blocker, this.candidates.length));
    }
  }

  /**
   * Points of the shooter's silhouette to look from: its axis and eight rim points (the two tangent to
   * the line to the target among them) at the top, the middle and the bottom, the top first.
   */
  protected get eyes(): Vec3[] {
    return (this.eyeList ??= this.makeEyes());
  }

  /**
   * The eyes' hull for the all-eyes proof: the top and bottom rims (the axis and the middle lie inside
   * them), as two layers of the eight rim positions, made as makeEyes makes them, without the other
   * eleven eyes. A point of the table is its own hull.
   */
  private rims(): Layers {
    const s = this.q.shooter;
    if (s.r === 0 && s.h === 0) return layersOf([v(s.x, s.y, s.z)]);
    const { xs, ys } = this.rimPlan();
    const top = s.z + s.h - EYE_INSET;
    const bottom = s.z + EYE_INSET;
    const n = xs.length;
    const points: Vec3[] = new Array(2 * n);
    for (let k = 0; k < n; k++) {
      points[k] = v(xs[k]!, ys[k]!, top);
      points[n + k] = v(xs[k]!, ys[k]!, bottom);
    }
    return { points, plans: n, zs: [top, bottom], zLo: Math.min(top, bottom), zHi: Math.max(top, bottom) };
  }

  /** The rim eyes' plan positions, in LineOfFire's order (EYE_TURNS from the line to the target), worked out once. */
  private rimPlan(): { xs: number[]; ys: number[] } {
    if (this.rimPlanCache) return this.rimPlanCache;
    const s = this.q.shooter;
    const rr = Math.max(0, s.r - EYE_INSET);
    const toTarget = this.toShooter + Math.PI;
    const xs: number[] = [];
    const ys: number[] = [];
    for (const t of EYE_TURNS) {
      xs.push(s.x + rr * Math.cos(toTarget + t));
      ys.push(s.y + rr * Math.sin(toTarget + t));
    }
    return (this.rimPlanCache = { xs, ys });
  }

  private makeEyes(): Vec3[] {
    const s = this.q.shooter;
    // A point of the table (a shooter of no size) looks from itself alone.
    if (s.r === 0 && s.h === 0) return [v(s.x, s.y, s.z)];
    const zs = [s.z + s.h - EYE_INSET, s.z + s.h / 2, s.z + EYE_INSET];
    // The rim's points once; the same at the three heights.
    const { xs, ys } = this.rimPlan();
    const pts: Vec3[] = [];
    for (const z of zs) {
      pts.push(v(s.x, s.y, z));
      for (let k = 0; k < xs.length; k++) pts.push(v(xs[k]!, ys[k]!, z));
    }
    return pts;
  }

  private buildGrids(): void {
    const s = this.q.shooter;
    const t = this.q.target;
    const arc: Arc = this.front ? { sx: s.x, sy: s.y, fx: this.front.x, fy: this.front.y } : null;
    this.grids.push(new SideGrid(t, this.toShooter, this.q.patch, arc));
    // The top, where the shooter's eyes are above it.
    if (s.z + s.h - EYE_INSET > t.z + t.h + 1e-6) this.grids.push(new TopGrid(t, this.toShooter, this.q.patch, arc));
  }

  /** Whether one convex occluder stands across every segment from the eye to the points. */
  protected blocksAll(o: Occluder, eye: Vec3, to: readonly Vec3[]): boolean {
    for (const b of to) {
      if (o.kind === 'solid' ? !segmentCrossesBox(eye, b, o.box) : !crossesCylinder(eye, b, o.blocker.c, GRAZE)) return false;
    }
    return true;
  }

  protected note(o: Occluder): void {
    // A yes/no answer names nothing.
    if (this.stopAtFirst) return;
    if (o.kind === 'solid') (this.hiddenBy ??= new Set()).add(o.solid.id);
    else (this.hiddenByModels ??= new Set()).add(o.blocker.id);
  }

  /**
   * Whether one occluder hides the whole target from every eye at once: the eyes' hull is the top and
   * bottom rims (the axis and the middle lie inside it), so 16 of them decide for all 27.
   */
  protected hiddenFromAll(): boolean {
    if (this.candidates.length === 0) return false;
    const s = this.q.shooter;
    const t = this.q.target;
    // The pieces of what the middle ray hits first, then the rest, each in the candidates' order; a
    // yes/no answer names no piece, so it tries them in order and spares the ray.
    const hit = this.stopAtFirst ? null : this.rays.sceneryHit(v(s.x, s.y, s.z + s.h / 2), v(t.x, t.y, t.z + t.h / 2));
    if (hit) for (const o of this.candidates) if (o.kind === 'solid' && o.solid.id === hit.id && this.hidesAll(o)) return true;
    for (const o of this.candidates) if (!(hit && o.kind === 'solid' && o.solid.id === hit.id) && this.hidesAll(o)) return true;
    return false;
  }

  /** Whether the occluder stands across every segment from the rim eyes to the hull of every grid. */
  private hidesAll(o: Occluder): boolean {
    // The line between the two middles lies between the eyes' hull and the side's (which holds the
    // target's axis): an occluder that misses it hides nothing whole, and one test says so.
    const s = this.q.shooter;
    const t = this.q.target;
    const a = (this.midShooter ??= v(s.x, s.y, s.z + s.h / 2));
    const b = (this.midTarget ??= v(t.x, t.y, t.z + t.h / 2));
    if (o.kind === 'solid' ? !segmentCrossesBox(a, b, o.box) : !crossesCylinder(a, b, o.blocker.c, GRAZE)) return false;
    for (let gi = 0; gi < this.grids.length; gi++) {
      const g = this.grids[gi]!;
      if (o.kind === 'solid') {
        // The rectangles around the rim and the patches (along the line from the shooter to the
        // target), worked out from the two circles: a proof on them holds for what they hold. Where
        // they fail the hulls are not tried: they settle about one pair in a hundred of those, and
        // the search after costs less than trying them every time.
        if (!boxAcross(o.box, this.rimRectNow() ?? this.rimLayersNow(), this.patchRectNow(gi) ?? this.hullLayersNow(gi))) return false;
      } else {
        const hull = g.hull(0, g.cols, 0, g.rows);
        for (const eye of this.rimLayersNow().points) if (!this.blocksAll(o, eye, hull)) return false;
      }
    }
    this.note(o);
    return true;
  }

  /**
   * A yes/no answer's eyes proven to see nothing a column at a time (bits as `hiddenEyes` in
   * lofRun.ts): the three eyes above one another at a plan position, where for every grid one solid
   * stands across every line from the column's top or bottom eye to the rectangle around the grid's
   * patches (or their hull), or one solid for each half of a side's rectangle (two pieces of scenery
   * each hiding a part). The middle eye's lines lie between those of the two ends, so it is hidden
   * too (boxAcross). One proof for three eyes' searches that would each end at the same first proof.
   */
  protected columnsHidden(skip: number): number {
    let bits = 0;
    for (let p = 0; p < 9; p++) {
      const column = COLUMN << p;
      if ((skip & column) === column) continue;
      const top = this.eyes[p]!;
      const bottom = this.eyes[p + 18]!;
      // One layers object for every column (the proofs keep none of it): its points and heights replaced.
      const layer = columnLayer;
      columnEnds[0] = top;
      columnEnds[1] = bottom;
      columnHeights[0] = top.z;
      columnHeights[1] = bottom.z;
      layer.zLo = Math.min(top.z, bottom.z);
      layer.zHi = Math.max(top.z, bottom.z);
      let hidden = true;
      for (let gi = 0; gi < this.grids.length && hidden; gi++) {
        hidden = this.solidAcross(layer, this.patchRectNow(gi) ?? this.hullLayersNow(gi));
        if (!hidden && this.patchRectNow(gi)) {
          const [left, right] = (this.patchHalves[gi] ??= this.halves(this.grids[gi]!));
          hidden = this.solidAcross(layer, left) && this.solidAcross(layer, right);
        }
      }
      if (hidden) bits |= column;
    }
    return bits;
  }

  /** Whether some solid candidate stands across every line from the eyes to the points (boxAcross). */
  private solidAcross(eyes: Layers, to: Layers): boolean {
    // The one that proved the column before first: the next column's lines mostly pass the same solid.
    const last = this.lastAcross;
    if (last && boxAcross(last.box!, eyes, to)) return true;
    for (const o of this.candidates) {
      if (o !== last && o.kind === 'solid' && boxAcross(o.box, eyes, to)) {
        this.lastAcross = o;
        return true;
      }
    }
    return false;
  }

  /** patchRect cut in two across the line of sight, through the target's axis (a side's only). */
  private halves(g: Grid): [Layers, Layers] {
    const u = this.sightLine()!;
    const t = this.q.target;
    const z1 = t.z + g.rows * (t.h / g.rows);
    return [rectLayers(t.x, t.y, -t.r, 0, -t.r, 0, u[0], u[1], t.z, z1), rectLayers(t.x, t.y, -t.r, 0, 0, t.r, u[0], u[1], t.z, z1)];
  }

  /** The rectangle around a grid's patches (patchRect), made once; null where there is none. */
  protected patchRectNow(gi: number): Layers | null {
    if (this.patchRects[gi] === undefined) this.patchRects[gi] = this.patchRect(this.grids[gi]!);
    return this.patchRects[gi] ?? null;
  }

  /** The rectangle around the rim eyes (rimRect), made once; null where there is none. */
  private rimRectNow(): Layers | null {
    if (this.rimRectangle === undefined) this.rimRectangle = this.rimRect();
    return this.rimRectangle;
  }

  /** The rims as layers (a point of the table is its own hull), made once. */
  private rimLayersNow(): Layers {
    return (this.rimLayers ??= this.rims());
  }

  /** The hull of a grid's every patch as layers, made once. */
  protected hullLayersNow(gi: number): Layers {
    const g = this.grids[gi]!;
    return (this.hullLayers[gi] ??= g.hullLayers(0, g.cols, 0, g.rows));
  }

  /** The unit vector from the shooter to the target in plan (null where one stands above the other), worked out once. */
  private sightLine(): readonly [number, number] | null {
    if (this.sight === undefined) {
      const s = this.q.shooter;
      const t = this.q.target;
      const d = Math.sqrt((t.x - s.x) ** 2 + (t.y - s.y) ** 2);
      this.sight = d > 0 ? [(t.x - s.x) / d, (t.y - s.y) / d] : null;
    }
    return this.sight;
  }

  /**
   * The rectangle around the rim eyes at their two heights, along the line to the target: they lie
   * on the circle of the rim (the axis and the middle eyes inside it). Null for a point of the table.
   */
  private rimRect(): Layers | null {
    const s = this.q.shooter;
    if (s.r === 0 && s.h === 0) return null;
    const u = this.sightLine();
    if (!u) return null;
    const rr = Math.max(0, s.r - EYE_INSET);
    return rectLayers(s.x, s.y, -rr, rr, -rr, rr, u[0], u[1], s.z + s.h - EYE_INSET, s.z + EYE_INSET);
  }

  /**
   * The rectangle around a side's patches, along the line to the target: they lie on the half of the
   * circle that faces the shooter (at most the radius towards it, none beyond the axis), from the
   * bottom to the top row's height (as the grid works it out). Null for the top, whose hull is four
   * corners already.
   */
  private patchRect(g: Grid): Layers | null {
    if (!(g instanceof SideGrid)) return null;
    const u = this.sightLine();
    if (!u) return null;
    const t = this.q.target;
    return rectLayers(t.x, t.y, -t.r, 0, -t.r, t.r, u[0], u[1], t.z, t.z + g.rows * (t.h / g.rows));
  }
}
