/**
 * Sensor (ATK-6, HD-9): a Short Skill: a Normal WIP+6 roll, no range MOD and no Line of Fire needed; on a
 * success every enemy TO Camouflage marker and hidden trooper inside the user's Zone of Control is
 * Discovered, a hidden one placed on its recorded spot as a model (HD-17).
 */
import { ZONES } from '../../../data/facts';
import { cylinderGap } from '../../../geometry/shapes';
import { refuse } from '../../context';
import { successValue } from '../../dice';
import { revealSpot } from '../../hidden/spot';
import { normaliseFacing, silhouetteAt } from '../../placement';
import { hasSkill } from '../../skills';
import { defineSkill, stay } from '../skill';

export const sensor = defineSkill({
  name: 'sensor',
  words: { name: 'Sensor', roll: 'Sensor roll (WIP)' },
  kind: 'short',
  keepsMarker: false,
  declare(tx, order, skill, here) {
    // ATK-6: Sensor needs the skill; it rolls at resolution, with no Line of Fire needed.
    const id = order.trooper;
    if (!hasSkill(tx.profile(id), 'sensor')) refuse('no-skill', 'ATK-6', `${tx.profile(id).name} lacks Sensor.`);
    return { ...skill, points: [stay(here)], facing: here.facing };
  },
  plan(p) {
    const active = p.order.trooper;
    p.roll({ roller: active, count: 1, kind: 'sensor', skill: 'sensor', sv: successValue(p.tx.profile(active).wip, [6]), against: null });
  },
  result(j, _s, mine) {
    if (!mine.best) return;
    const tx = j.tx;
    const order = j.order;
    const d = tx.draft;
    const user = order.trooper;
    const s = order.skills.find((k) => k.skill === 'sensor')!;
    const at = s.points.at(-1)!;
    const me = silhouetteAt(d, user, at.x, at.y, at.z, d.troopers[user]!.prone);
    for (const [id, t] of Object.entries(d.troopers).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      if (t.player === order.player || (t.status !== 'marker' && t.status !== 'hidden')) continue;
      // A hidden trooper with no recorded spot is the other machine's ghost (commit/knowing.ts): its owner's machine judges it.
      if (t.x === null || t.y === null || t.z === null) continue;
      const c = silhouetteAt(d, id, t.x, t.y, t.z, t.prone);
      if (Math.max(0, cylinderGap(c, me)) > ZONES.zoneOfControl + 1e-6) continue;
      if (t.status === 'marker') {
        tx.trooper(id).status = 'model';
        tx.emit({ type: 'discovered', player: t.player, marker: t.markerId!, trooper: id, by: user });
      } else {
        const spot = revealSpot(tx, id);
        const w = tx.trooper(id);
        w.status = 'model';
        w.x = spot.x;
        w.y = spot.y;
        w.z = spot.z;
        w.facing = normaliseFacing(w.facing ?? 0);
        delete w.cover;
        tx.emit({ type: 'revealed', player: w.player, trooper: id, as: 'model', x: spot.x, y: spot.y, z: spot.z, facing: w.facing });
      }
    }
  },
});
