/**
 * The named camera views, computed without a renderer so they can be tested: the whole table seen
 * from the viewer's side ("reset", the view on load), straight down ("top"), and the viewer's own
 * Deployment Zone from behind its edge ("zone"). Each is framed to fit the screen. The plan view
 * ("plan", issue 41) is a true orthographic top-down view, no perspective: one inch of the table is as
 * long on screen wherever it lies, and its scale is given in pixels per inch (`planView`).
 */
import { MathUtils, PerspectiveCamera, Vector3 } from 'three';
import type { PlayerId, Rect, Setup } from '../core/model/types';
import { tableToThree } from './coords';
import { zoneOf } from './zones';

export type NamedView = 'reset' | 'top' | 'zone';

export interface CameraPose {
  position: Vector3;
  target: Vector3;
}

export interface Lens {
  /** vertical field of view, degrees */
  fov: number;
  /** width / height of the view */
  aspect: number;
}

/** How much of the screen the framed points may use, in NDC (1 = the edge). */
const MARGIN_X = 0.94;
const MARGIN_Y = 0.9;

const scratch = new Vector3();

/** The NDC bounding box of points seen from a camera at `position` looking at `target`. */
export function projectedBounds(lens: Lens, position: Vector3, target: Vector3, points: Vector3[]) {
  const cam = new PerspectiveCamera(lens.fov, lens.aspect, 0.1, 5000);
  cam.position.copy(position);
  cam.up.set(0, 1, 0);
  cam.lookAt(target);
  cam.updateMatrixWorld(true);
  cam.updateProjectionMatrix();
  let x0 = Infinity;
  let x1 = -Infinity;
  let y0 = Infinity;
  let y1 = -Infinity;
  let behind = false;
  for (const p of points) {
    scratch.copy(p).applyMatrix4(cam.matrixWorldInverse);
    if (scratch.z > -0.1) behind = true;
    scratch.copy(p).project(cam);
    x0 = Math.min(x0, scratch.x);
    x1 = Math.max(x1, scratch.x);
    y0 = Math.min(y0, scratch.y);
    y1 = Math.max(y1, scratch.y);
  }
  return { x0, x1, y0, y1, behind };
}

/**
 * A camera looking along `direction` (from camera to target, unit) that frames every point: the
 * distance is the smallest that fits them, and the target slides on the table plane so the framed
 * points sit centred on screen (or, with anchor 'bottom', along its bottom edge).
 */
export function frame(lens: Lens, target0: Vector3, direction: Vector3, points: Vector3[], anchor: 'centre' | 'bottom' = 'centre'): CameraPose {
  const target = target0.clone();
  const back = direction.clone().normalize().negate(); // from target towards the camera
  const right = new Vector3().crossVectors(direction, new Vector3(0, 1, 0));
  if (right.lengthSq() < 1e-8) right.set(1, 0, 0);
  right.normalize();
  // "Up" on screen, laid on the table plane: the way the camera looks, flattened.
  const ahead = new Vector3(direction.x, 0, direction.z);
  if (ahead.lengthSq() < 1e-8) ahead.set(0, 0, -1);
  ahead.normalize();
  const sinElevation = Math.max(0.2, Math.abs(back.y));
  const tanHalf = Math.tan(MathUtils.degToRad(lens.fov / 2));

  let distance = 50;
  for (let pass = 0; pass < 5; pass++) {
    const fits = (d: number) => {
      const b = projectedBounds(lens, target.clone().addScaledVector(back, d), target, points);
      return !b.behind && b.x0 >= -MARGIN_X && b.x1 <= MARGIN_X && b.y0 >= -MARGIN_Y && b.y1 <= MARGIN_Y;
    };
    let lo = 1;
    let hi = 2000;
    for (let i = 0; i < 40; i++) {
      const mid = (lo + hi) / 2;
      if (fits(mid)) hi = mid;
      else lo = mid;
    }
    distance = hi;
    const b = projectedBounds(lens, target.clone().addScaledVector(back, distance), target, points);
    const cx = (b.x0 + b.x1) / 2;
    // Centred, or resting on the bottom of the screen (what lies beyond shows above).
    const cy = anchor === 'centre' ? (b.y0 + b.y1) / 2 : b.y0 + MARGIN_Y;
    if (Math.abs(cx) < 0.005 && Math.abs(cy) < 0.005) break;
    target.addScaledVector(right, cx * distance * tanHalf * lens.aspect);
    target.addScaledVector(ahead, (cy * distance * tanHalf) / sinElevation);
  }
  return { position: target.clone().addScaledVector(back, distance), target };
}

function corners(r: Rect, z0: number, z1: number): Vector3[] {
  const out: Vector3[] = [];
  for (const z of [z0, z1]) {
    for (const [x, y] of [
      [r.x, r.y],
      [r.x + r.w, r.y],
      [r.x + r.w, r.y + r.d],
      [r.x, r.y + r.d],
    ] as const) {
      out.push(new Vector3(...tableToThree(x, y, z)));
    }
  }
  return out;
}

/** Unit vector on the table plane (three) pointing from the table centre towards the player's edge. */
function sideOf(setup: Pick<Setup, 'table' | 'zones'>, held: Record<PlayerId, string> | null, player: PlayerId): Vector3 {
  const { width, depth } = setup.table;
  const zone = zoneOf(setup, held, player);
  if (!zone) return new Vector3(0, 0, 1); // south
  const dx = zone.x + zone.w / 2 - width / 2;
  const dy = zone.y + zone.d / 2 - depth / 2;
  // Towards the nearer edge along the axis the zone is offset on.
  const [tx, , tz] = Math.abs(dy) >= Math.abs(dx) ? tableToThree(0, Math.sign(dy) || -1, 0) : tableToThree(Math.sign(dx), 0, 0);
  return new Vector3(tx, 0, tz).normalize();
}

/**
 * The turn (degrees, counter-clockwise from above) that makes text on the table read upright for a
 * player seated at their own edge: 0 from the south, 180 from the north, 90 from the east.
 */
export function readingRotation(setup: Pick<Setup, 'table' | 'zones'>, held: Record<PlayerId, string> | null, player: PlayerId): number {
  const side = sideOf(setup, held, player);
  // side is the three direction towards the player's edge; south is three +z.
  const [sx, , sz] = [side.x, 0, side.z];
  return Math.round(MathUtils.radToDeg(Math.atan2(sx, sz)) / 90) * 90;
}

/** Direction from camera to target for a camera on `side`, raised `elevation` degrees. */
function lookFrom(side: Vector3, elevationDeg: number): Vector3 {
  const e = MathUtils.degToRad(elevationDeg);
  return new Vector3(-side.x * Math.cos(e), -Math.sin(e), -side.z * Math.cos(e)).normalize();
}

export interface ViewInput {
  setup: Pick<Setup, 'table' | 'zones' | 'terrain'>;
  held: Record<PlayerId, string> | null;
  /** whose side the camera takes (the viewer, or A in solo) */
  player: PlayerId;
  lens: Lens;
}

/** Elevation of the camera above the table plane, degrees, for each named view. */
export const ELEVATION: Record<NamedView, number> = { reset: 52, top: 89.9, zone: 38 };

export function namedView(view: NamedView, input: ViewInput): CameraPose {
  const { setup, held, player, lens } = input;
  const { width, depth } = setup.table;
  const tallest = setup.terrain.reduce((h, t) => Math.max(h, t.h), 0);
  const side = sideOf(setup, held, player);
  const direction = lookFrom(side, ELEVATION[view]);
  const table = { x: 0, y: 0, w: width, d: depth };
  if (view === 'zone') {
    // Seated at one's own edge: the zone big in the foreground, the table stretching away to the
    // enemy's edge at the top of the screen.
    const zone = zoneOf(setup, held, player) ?? table;
    const near = new Vector3(...tableToThree(zone.x + zone.w / 2, zone.y + zone.d / 2, 0));
    return frame(lens, near, direction, [...corners(table, 0, 0), ...corners(zone, 0, Math.min(tallest, 3))]);
  }
  const centre = new Vector3(...tableToThree(width / 2, depth / 2, 0));
  // From above, only the table's outline matters; at an angle, the tallest terrain too.
  return frame(lens, centre, direction, corners(table, 0, view === 'top' ? 0 : Math.min(tallest, 6)));
}

/** The true top-down view: an orthographic camera straight over the table, the viewer's edge at the bottom. */
export interface PlanPose extends CameraPose {
  /** the orthographic camera's zoom: screen pixels per table inch */
  zoom: number;
}

/** How high over the table the plan camera stands (inches): above any terrain, far within its far plane. */
export const PLAN_HEIGHT = 300;

/**
 * The plan view for a screen of `size` CSS pixels: the whole table fitted (within the same margins as
 * the other views), centred, with the viewer's own edge at the bottom of the screen. The camera leans
 * a hair (1e-4 rad) towards the viewer's edge only so that "up" on screen is defined: in an orthographic
 * view that changes no length on the table by more than about 5e-9 of it.
 */
export function planView(input: Omit<ViewInput, 'lens'>, size: { width: number; height: number }): PlanPose {
  const { setup, held, player } = input;
  const { width, depth } = setup.table;
  const side = sideOf(setup, held, player);
  // Along the screen's width the table shows its x extent when seated south or north, its y extent east or west.
  const across = Math.abs(side.z) >= Math.abs(side.x) ? width : depth;
  const along = across === width ? depth : width;
  const zoom = Math.min((size.width * MARGIN_X) / across, (size.height * MARGIN_Y) / along);
  const target = new Vector3(...tableToThree(width / 2, depth / 2, 0));
  const position = target.clone().add(new Vector3(side.x * PLAN_HEIGHT * 1e-4, PLAN_HEIGHT, side.z * PLAN_HEIGHT * 1e-4));
  return { position, target, zoom };
}
