import { CONTACT, HD17_SEARCH } from '../../data/facts';
import { cylinderGap, facingVector } from '../../geometry/shapes';
import { refuse, type Tx } from '../context';
import { giveMarkerId } from '../camouflage/markers';
import { isOnTable, normaliseFacing, silhouetteAt, silhouetteOf, trooperName } from '../placement';

/**
 * HD-17: the closest spot to the recorded one where the trooper fits: supported at the recorded height,
 * wholly on the table, overlapping no scenery, in contact with no model or marker. Rings of 1/20" out to
 * 6", each walked from the recorded facing counter-clockwise in 1 degree steps (GAME-FILE.md).
 */
export function revealSpot(tx: Tx, id: string): { x: number; y: number; z: number } {
  const d = tx.draft;
  const t = tx.trooper(id);
  const x0 = t.x!;
  const y0 = t.y!;
  const z0 = t.z!;
  const facing = t.facing ?? 0;
  const { width, depth } = d.setup.table;
  const others = Object.entries(d.troopers)
    .filter(([o, ot]) => o !== id && isOnTable(ot))
    .map(([o]) => silhouetteOf(d, o)!);
  const scenery = tx.ctx.scenery;
  for (let k = 0; k <= HD17_SEARCH.rings; k++) {
    const radius = k * HD17_SEARCH.ringStep;
    const steps = k === 0 ? 1 : 360 / HD17_SEARCH.angleStepDeg;
    for (let j = 0; j < steps; j++) {
      const dir = facingVector(facing + j * HD17_SEARCH.angleStepDeg);
      const x = x0 + radius * dir.x;
      const y = y0 + radius * dir.y;
      const c = silhouetteAt(d, id, x, y, z0, t.prone);
      if (x - c.r < -CONTACT.contain || y - c.r < -CONTACT.contain || x + c.r > width + CONTACT.contain || y + c.r > depth + CONTACT.contain) continue;
      const z = scenery.supportHeight(x, y, c.r, z0);
      if (z === null || Math.abs(z - z0) > 1e-9) continue;
      if (scenery.enclosing(x, y, c.r, z) !== null || scenery.overlapping(c)) continue;
      if (others.some((o) => cylinderGap(c, o) <= CONTACT.touch)) continue;
      return { x, y, z };
    }
  }
  return refuse('no-room', 'HD-17', `There is no room for ${trooperName(d, id)} within 6 inches of the spot it recorded.`);
}

/**
 * HD-10, HD-11: a hidden trooper shows itself at the spot HD-17 found, as a model or (a TO Camouflage
 * trooper whose skill keeps it one) as a marker with a new marker id, facing as its player chose; its
 * recorded cover goes; the `revealed` event tells where.
 */
export function appearAt(tx: Tx, id: string, spot: { x: number; y: number; z: number }, as: 'model' | 'marker', facing: number | undefined): void {
  const t = tx.trooper(id);
  t.status = as;
  t.x = spot.x;
  t.y = spot.y;
  t.z = spot.z;
  t.facing = normaliseFacing(facing ?? t.facing ?? 0);
  delete t.cover;
  if (as === 'marker') giveMarkerId(tx, id);
  tx.emit({ type: 'revealed', player: t.player, trooper: id, as, x: spot.x, y: spot.y, z: spot.z, facing: t.facing });
}
