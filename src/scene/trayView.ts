/**
 * Where the dice tray's camera stands once the dice lie still: close enough that their top faces read,
 * and framed on the tray, never beside it. Pure (three's vectors only), so it is tested without a canvas.
 */
import { MathUtils, Vector3 } from 'three';

/** The dice at rest, as the box their centres span on the tray floor (x across, z down the screen). */
export interface DiceSpan {
  x0: number;
  x1: number;
  z0: number;
  z1: number;
}

export interface TrayLens {
  /** vertical field of view, degrees */
  fov: number;
  /** width / height of the view */
  aspect: number;
}

/** The tray's outer edge: the floor's half sizes plus its walls' thickness. */
export interface TrayBounds {
  halfWidth: number;
  halfDepth: number;
}

/** Room around the dice (die circumradius 1), the camera's tilt from straight down, the height it looks at. */
export const CLOSE_MARGIN = 1.5;
export const CLOSE_TILT_DEG = 10;
const LOOK_HEIGHT = 0.8;

/**
 * The centre of a view `half` wide (on one axis) near `wanted`, kept so the view stays on a tray `bound`
 * wide: when the view is wider than the tray, the tray is centred in it (the same margin both sides).
 */
export function framedCentre(wanted: number, half: number, bound: number): number {
  if (half >= bound) return 0;
  return MathUtils.clamp(wanted, -(bound - half), bound - half);
}

/** The camera pose over the dice at rest: their span plus margin in view, centred on them as far as the tray allows. */
export function trayCloseView(span: DiceSpan, lens: TrayLens, tray: TrayBounds): { position: Vector3; target: Vector3 } {
  const tanHalf = Math.tan(MathUtils.degToRad(lens.fov / 2));
  const d = Math.max((span.z1 - span.z0) / 2 + CLOSE_MARGIN, ((span.x1 - span.x0) / 2 + CLOSE_MARGIN) / lens.aspect) / tanHalf;
  // What the view spans on the tray floor, below the height it looks at.
  const halfDepth = (d + LOOK_HEIGHT) * tanHalf;
  const halfWidth = halfDepth * lens.aspect;
  const tilt = MathUtils.degToRad(CLOSE_TILT_DEG);
  const target = new Vector3(framedCentre((span.x0 + span.x1) / 2, halfWidth, tray.halfWidth), LOOK_HEIGHT, framedCentre((span.z0 + span.z1) / 2, halfDepth, tray.halfDepth));
  return { target, position: target.clone().add(new Vector3(0, Math.cos(tilt) * d, Math.sin(tilt) * d)) };
}
