/**
 * MIS-3 to MIS-5: who is inside a zone, who counts, who dominates it. A zone is a rectangle of the
 * table seen from above (a column at any height); a trooper is inside when more than half of its
 * base's area lies inside the rectangle.
 */
import type { GameState, PlayerId } from '../../model/types';
import type { ZoneCount } from '../../model/mission';
import type { MissionZone } from './format';
import { factsOf, profileOf } from '../context';

/** Steps of the base's area sum: the share is exact to about 1e-5 of the base, far finer than contact. */
const STEPS = 2048;

/**
 * The share of a disc (centre x, y, radius r) that lies inside a rectangle. The disc is cut into
 * strips of equal angle (x = x0 + r sin t), so the strips are thin where the chord changes fast.
 */
export function shareInside(x: number, y: number, r: number, zone: { x: number; y: number; w: number; d: number }): number {
  const x0 = zone.x;
  const x1 = zone.x + zone.w;
  const y0 = zone.y;
  const y1 = zone.y + zone.d;
  if (x + r <= x0 || x - r >= x1 || y + r <= y0 || y - r >= y1) return 0;
  if (x - r >= x0 && x + r <= x1 && y - r >= y0 && y + r <= y1) return 1;
  let area = 0;
  const dt = Math.PI / STEPS;
  for (let i = 0; i < STEPS; i++) {
    const t = -Math.PI / 2 + (i + 0.5) * dt;
    const px = x + r * Math.sin(t);
    if (px < x0 || px > x1) continue;
    const h = r * Math.cos(t);
    const lo = Math.max(y - h, y0);
    const hi = Math.min(y + h, y1);
    if (hi > lo) area += (hi - lo) * r * Math.cos(t) * dt;
  }
  return area / (Math.PI * r * r);
}

/** MIS-4: whether a trooper counts in zones now: on the table as a model or marker, not Unconscious. */
export function countsInZones(status: string): boolean {
  return status === 'model' || status === 'marker';
}

/** MIS-3, MIS-4, MIS-5: each side's counted points inside the zone, and who dominates it. */
export function countZone(state: GameState, zone: MissionZone): ZoneCount {
  const facts = factsOf(state);
  const sums: Record<PlayerId, number> = { A: 0, B: 0 };
  for (const [id, t] of Object.entries(state.troopers)) {
    if (!countsInZones(t.status) || t.x === null || t.y === null) continue;
    const p = profileOf(state, id);
    const r = facts.silhouettes[p.s].radius;
    if (shareInside(t.x, t.y, r, zone) > 0.5) sums[t.player] += p.points;
  }
  const dominatedBy = sums.A > sums.B ? 'A' : sums.B > sums.A ? 'B' : null;
  return { A: sums.A, B: sums.B, dominatedBy };
}
