/**
 * Back to camouflage (TOC-1, HD-14): an Entire Order of a model with TO Camouflage, declared out of every
 * enemy's Line of Fire; once the Order resolves it becomes its marker again (its marker id kept, or given
 * the first time), unless a hidden trooper that appeared in ARO to this Order has Line of Fire to it.
 */
import { giveMarkerId } from '../../camouflage/markers';
import { refuse } from '../../context';
import { seesFrom, checkOutOfSight } from '../../orders/sightChecks';
import { canAct, lofFacing } from '../../placement';
import { nameFor } from '../../refs';
import { hasSkill } from '../../skills';
import { defineSkill, stay } from '../skill';

export const camouflage = defineSkill({
  name: 'camouflage',
  words: { name: 'back to Camouflage' },
  kind: 'entire',
  keepsMarker: false,
  checkRefs(tx, player, id, _skill, v) {
    v.check(() => {
      if (tx.draft.troopers[id]!.status !== 'model') refuse('wrong-status', null, `${nameFor(tx.draft, id, player)} is not a model: only a model goes back to camouflage.`);
    });
  },
  declare(tx, order, skill, here) {
    const id = order.trooper;
    // TOC-1: back to a TO Camouflage marker, with an Entire Order spent out of every enemy's Line of Fire.
    checkOutOfSight(tx, id, here, 'TOC-1', 'Going back to camouflage');
    if (!hasSkill(tx.profile(id), 'to-camouflage')) refuse('no-skill', 'TOC-1', `${tx.profile(id).name} lacks TO Camouflage.`);
    return { ...skill, points: [stay(here)], facing: here.facing };
  },
  afterSaves(tx, order) {
    const d = tx.draft;
    const id = order.trooper;
    const t = d.troopers[id]!;
    if (t.status !== 'model') return;
    // HD-14: a hidden trooper that appeared in ARO to this Order and has Line of Fire to it stops it.
    const stoppers = order.aroList
      .filter((a) => a.wasHidden && canAct(d.troopers[a.trooper]!))
      .filter((a) => {
        const r = d.troopers[a.trooper]!;
        return seesFrom(d, tx, a.trooper, { x: r.x!, y: r.y!, z: r.z! }, lofFacing(r), id);
      })
      .map((a) => a.trooper)
      .sort();
    if (stoppers.length > 0) {
      tx.emit({ type: 'camouflageFailed', player: order.player, trooper: id, by: stoppers });
      return;
    }
    tx.trooper(id).status = 'marker';
    const marker = giveMarkerId(tx, id);
    tx.emit({ type: 'camouflaged', player: order.player, trooper: id, marker });
  },
});
