import { CONTACT } from '../../data/facts';
import type { PlayerId } from '../../model/types';
import { refuse, type Tx } from '../context';
import { checkContacts, checkOnTable, checkRoom, silhouetteAt } from '../placement';

/**
 * CJ-3, CJ-4, CJ-5: where a jumper may land: not Prone; wholly on the table; never inside a building or
 * over a roofless one's open top; wholly on a surface at least as large as its base, overlapping nothing;
 * not touching the side of scenery, an objective, an enemy, or its own side's TO Camouflage marker.
 * The checks come in the order of the rejection table. Returns the height it lands at.
 */
export function checkLanding(tx: Tx, player: PlayerId, id: string, x: number, y: number, zWanted: number, prone: boolean): number {
  const d = tx.draft;
  if (prone) refuse('prone-landing', 'CJ-3', 'A Combat Jump cannot land Prone.');
  const r = silhouetteAt(d, id, x, y, zWanted, false).r;
  checkOnTable(d, 'CJ-4', x, y, r);
  const surface = tx.ctx.scenery.supportHeight(x, y, r, zWanted);
  // MOV-21: Combat Jump is not a Jump: no landing inside any building, open (floors included) or closed.
  const inside = tx.ctx.scenery.enclosing(x, y, r, surface ?? zWanted, true);
  if (inside !== null) refuse('enclosed-scenery', 'CJ-5', `No landing inside the building "${inside}", open roof or not.`);
  const opts = { roomRule: 'CJ-4', contactRule: 'CJ-3', ignore: id };
  const z = checkRoom(tx, id, x, y, zWanted, false, opts);
  const c = silhouetteAt(d, id, x, y, z, false);
  const side = tx.ctx.scenery.nearestSide(c);
  if (side && side.gap <= CONTACT.touch) {
    refuse('scenery-contact', 'CJ-3', `The base touches the side of "${side.solid.id}": a jumper cannot land in contact with scenery for Cover.`);
  }
  checkContacts(tx, player, c, opts);
  return z;
}
