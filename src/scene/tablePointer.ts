/**
 * What the table's one pointer adapter (`TableInput.tsx`) is made of, without React:
 * - where a pointer ray meets the table, in the two ways a tool may ask (`PointerTarget`): the first
 *   thing it touches, a piece winning (`pieceUnder`), or the surface a base would stand on
 *   (`surfaceUnder`);
 * - `PointerFeed`, which turns the canvas's DOM pointer events into `TablePointer`s for the router: at
 *   most one move per animation frame (a move still waiting is sent before a press or a release, so
 *   nothing comes out of order), the main button only, a finger's tap as a click and its drag as a
 *   drag, a second finger (a pinch) taking the press away, the wheel and the tools' keys.
 * What a click is (how far a press may move) is the tools' base's (`movedEnough`): the feed passes on
 * where on screen each event was, and whether a mouse or a finger made it.
 */
import { Mesh, Plane, Raycaster, Vector3, type Camera, type Intersection, type Object3D, type Vector2 } from 'three';
import type { Point } from '../core/model/types';
import type { ToolRouter } from '../tools/router';
import type { PointerTarget, TablePointer } from '../tools/tool';
import { threeToTable } from './coords';

// ---------------------------------------------------------------- where the ray meets the table

const TABLE_PLANE = new Plane(new Vector3(0, 1, 0), 0);
/** Points this far past the table edge still count (so "over the edge" can be shown); beyond, there is no point. */
const EDGE_SLACK = 3;

const round = (n: number, step: number) => Math.round(n / step) * step;

/**
 * The table point under a screen position: the first terrain surface or the table top the pointer ray
 * meets. On a roof or block top, z is that top's height; on a wall's side, the ground at its foot.
 * Null beyond the table's edge (by more than `EDGE_SLACK`).
 */
export function surfaceUnder(
  ndc: Vector2,
  camera: Camera,
  terrain: Object3D | readonly Object3D[] | undefined,
  table: { width: number; depth: number },
  raycaster = new Raycaster(),
): Point | null {
  raycaster.setFromCamera(ndc, camera);
  let best: Point | null = null;
  let bestDistance = Infinity;
  // Only what is drawn: a hidden mesh (the roofs lifted off) lets the pointer through.
  const shown = (terrain === undefined ? [] : Array.isArray(terrain) ? terrain : [terrain as Object3D]).filter((o) => o.visible);
  if (shown.length) {
    const hit = raycaster.intersectObjects(shown, false)[0];
    if (hit) {
      bestDistance = hit.distance;
      const [x, y, z] = threeToTable(hit.point.x, hit.point.y, hit.point.z);
      const top = !!hit.face && Math.abs(hit.face.normal.y) > 0.7;
      best = { x, y, z: top ? round(z, 0.001) : 0 };
    }
  }
  const onTable = new Vector3();
  if (raycaster.ray.intersectPlane(TABLE_PLANE, onTable)) {
    const d = onTable.distanceTo(raycaster.ray.origin);
    if (d < bestDistance) {
      const [x, y] = threeToTable(onTable.x, onTable.y, onTable.z);
      best = { x, y, z: 0 };
    }
  }
  if (!best) return null;
  if (best.x < -EDGE_SLACK || best.y < -EDGE_SLACK || best.x > table.width + EDGE_SLACK || best.y > table.depth + EDGE_SLACK) return null;
  return { x: round(best.x, 0.01), y: round(best.y, 0.01), z: best.z };
}

/** How far a finger's touch spans on screen, in CSS pixels: a tap this near the ghost is a tap on it. */
export const FINGER_PIXELS = 22;

const level = new Plane(new Vector3(0, 1, 0), 0);
const spanA = new Vector3();
const spanB = new Vector3();

/**
 * How many table inches `ndcFrom` to `ndcTo` span on the level of height `z` (inches): the `reach` of a
 * finger at that spot, for the tools (a tap near the ghost). Null where a ray misses that level.
 */
export function inchesBetween(ndcFrom: Vector2, ndcTo: Vector2, camera: Camera, z: number, raycaster = new Raycaster()): number | null {
  level.constant = -z;
  raycaster.setFromCamera(ndcFrom, camera);
  if (!raycaster.ray.intersectPlane(level, spanA)) return null;
  raycaster.setFromCamera(ndcTo, camera);
  if (!raycaster.ray.intersectPlane(level, spanB)) return null;
  return spanA.distanceTo(spanB);
}

/** The parts of the scene a `pieces` pointer may land on: the mat, terrain, models, markers. */
const PICKABLE = ['table', 'terrain', 'troopers', 'tokens'];

/**
 * The piece a ray hit names, or null: a model's instance (its mesh lists the keys by instance), or a
 * token (its group holds the key). Only what a hover reacts to counts (bases, silhouettes, tokens).
 */
export function pieceKeyOfHit(hit: Intersection): string | null {
  const keys = hit.object.userData.pieceKeys as string[] | undefined;
  if (keys && hit.instanceId !== undefined) return keys[hit.instanceId] ?? null;
  for (let o: Object3D | null = hit.object; o; o = o.parent) {
    const key = o.userData.pieceKey as string | undefined;
    if (key !== undefined) return key;
  }
  return null;
}

const hits: Intersection[] = [];
const onMat = new Vector3();

/**
 * What the pointer ray touches first (mat, roof, wall, silhouette), a piece under the pointer winning
 * over the scenery in front of or behind it, as its hover label does (the label comes from the pieces
 * alone): the tools answer for what the label names. Off a piece, the piece within snapping distance of
 * the point (`pieceAt`). Null only where the ray meets nothing, not even the mat's plane.
 */
export function pieceUnder(
  ndc: Vector2,
  camera: Camera,
  scene: Object3D,
  pieceAt: (x: number, y: number, z: number) => string | null,
  raycaster = new Raycaster(),
): Pick<TablePointer, 'x' | 'y' | 'z' | 'piece'> | null {
  raycaster.setFromCamera(ndc, camera);
  const roots = PICKABLE.map((n) => scene.getObjectByName(n)).filter((o): o is Object3D => o !== undefined);
  hits.length = 0;
  raycaster.intersectObjects(roots, true, hits);
  const visible = hits.filter((h) => (h.object as Mesh).isMesh && h.object.visible);
  const onPiece = visible.find((h) => pieceKeyOfHit(h) !== null);
  const hit = onPiece ?? visible[0];
  const point: Vector3 | null = hit ? hit.point : raycaster.ray.intersectPlane(TABLE_PLANE, onMat);
  if (!point) return null;
  const [x, y, z] = threeToTable(point.x, point.y, point.z);
  const lift = Math.max(0, z);
  const piece = onPiece ? pieceKeyOfHit(onPiece) : pieceAt(x, y, lift);
  return { x, y, z: lift, piece };
}

// ---------------------------------------------------------------- DOM events to table pointers

/** The fields of a DOM `PointerEvent` the feed reads. */
export interface DomPointer {
  clientX: number;
  clientY: number;
  button: number;
  pointerId: number;
  pointerType: string;
  isPrimary: boolean;
  shiftKey: boolean;
}

/** The fields of a DOM `KeyboardEvent` the feed reads. */
export interface DomKey {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  repeat: boolean;
}

/** Where a DOM pointer event lands on the table, for a tool reading `reads`; null off the table. */
export type Resolve = (e: DomPointer, reads: PointerTarget) => Pick<TablePointer, 'x' | 'y' | 'z' | 'piece'> | null;

export interface Frames {
  request(callback: () => void): number;
  cancel(id: number): void;
}

const pointerTypeOf = (t: string): TablePointer['pointerType'] => (t === 'touch' ? 'touch' : t === 'pen' ? 'pen' : 'mouse');

export class PointerFeed {
  /** the move waiting for the next frame */
  private pending: DomPointer | null = null;
  private frame = 0;
  /** a press sent to the router, not yet released */
  private pressing = false;
  /** the fingers on the glass */
  private readonly fingers = new Set<number>();
  /** more than one finger came down: a camera gesture, not the tool's, until all are lifted */
  private gesture = false;

  constructor(
    private readonly router: ToolRouter,
    private readonly resolve: Resolve,
    private readonly frames: Frames,
  ) {}

  private pointer(e: DomPointer): TablePointer | null {
    const owner = this.router.owner();
    if (!owner) return null;
    const at = this.resolve(e, owner.reads);
    if (!at) return null;
    return { ...at, screen: { x: e.clientX, y: e.clientY }, pointerType: pointerTypeOf(e.pointerType), shift: e.shiftKey };
  }

  /** Sends the move still waiting, if any, now. */
  flush(): void {
    if (this.frame) this.frames.cancel(this.frame);
    this.frame = 0;
    const e = this.pending;
    this.pending = null;
    if (!e || !this.router.owner()) return;
    const p = this.pointer(e);
    if (p) this.router.move(p);
    else this.router.leave();
  }

  down(e: DomPointer): void {
    if (e.pointerType === 'touch') {
      this.fingers.add(e.pointerId);
      if (this.fingers.size > 1) {
        // A second finger: a pinch or a pan. The press (if any) is the camera's now.
        this.gesture = true;
        this.pending = null;
        if (this.pressing) this.router.cancel();
        this.pressing = false;
        return;
      }
    } else if (e.button !== 0) return;
    if (!e.isPrimary || !this.router.owner()) return;
    this.flush();
    const p = this.pointer(e);
    if (!p) return; // off the table: no press
    this.pressing = true;
    this.router.down(p);
  }

  move(e: DomPointer): void {
    if (!e.isPrimary || this.gesture || !this.router.owner()) return;
    this.pending = e;
    if (!this.frame) this.frame = this.frames.request(() => this.flush());
  }

  up(e: DomPointer): void {
    if (e.pointerType === 'touch') {
      this.fingers.delete(e.pointerId);
      if (this.gesture) {
        if (this.fingers.size === 0) this.gesture = false;
        return;
      }
    } else if (e.button !== 0) return;
    if (!e.isPrimary || !this.pressing) return;
    this.flush();
    this.pressing = false;
    const p = this.pointer(e);
    if (p) this.router.up(p);
    else this.router.cancel(); // let go off the table
  }

  /** The browser took the pointer (a scroll, a system gesture): the press ends with nothing done. */
  cancel(e: DomPointer): void {
    if (e.pointerType === 'touch') this.fingers.delete(e.pointerId);
    if (this.fingers.size === 0) this.gesture = false;
    this.pending = null;
    if (!this.pressing) return;
    this.pressing = false;
    this.router.cancel();
  }

  /** The pointer left the view. A finger always leaves when lifted: that is no leaving. */
  leave(e: DomPointer): void {
    if (e.pointerType === 'touch') return;
    this.pending = null;
    if (this.router.owner()) this.router.leave();
  }

  /** A wheel event: true if the tool holding the pointer turned with it (then the camera must not zoom). */
  wheel(deltaY: number): boolean {
    if (deltaY === 0) return false;
    return this.router.wheel(deltaY > 0 ? -1 : 1);
  }

  /** A key: true if the tool holding the pointer took it. Not while typing, nor with Ctrl, Alt or Meta; only Q and E repeat. */
  key(e: DomKey, typing: boolean): boolean {
    if (typing || e.ctrlKey || e.metaKey || e.altKey) return false;
    const key = e.key.toLowerCase();
    if (e.repeat && key !== 'q' && key !== 'e') return false;
    return this.router.key({ key, shift: e.shiftKey });
  }

  dispose(): void {
    if (this.frame) this.frames.cancel(this.frame);
    this.frame = 0;
    this.pending = null;
  }
}
