/**
 * Close combat's state (close-combat.md): who is in contact with whom (CC-1), the Engaged state worked
 * out from the positions (CC-2), and a trooper's close combat (the troopers linked to it by contacts
 * between Engaged enemies, CC-4, CC-11, CC-13).
 */
import { CONTACT } from '../../data/facts';
import { cylinderGap, type Cylinder } from '../../geometry/shapes';
import type { GameState, TrooperState } from '../../model/types';
import type { Tx } from '../context';
import { silhouetteAt, silhouetteOf } from '../placement';

/** A model on the table that can be in contact: Unconscious too (a Coup de Grâce reaches it); never a marker or a hidden trooper (TOC-3, HD-2). */
function contactable(t: TrooperState): boolean {
  return (t.status === 'model' || t.status === 'unconscious') && t.x !== null;
}

/** CC-1: two troopers' silhouettes touch (a gap of at most the contact margin). */
export function inContact(s: GameState, a: string, b: string): boolean {
  const ta = s.troopers[a]!;
  const tb = s.troopers[b]!;
  if (!contactable(ta) || !contactable(tb)) return false;
  return cylinderGap(silhouetteOf(s, a)!, silhouetteOf(s, b)!) <= CONTACT.touch;
}

/** The enemy models in contact with `id`, Unconscious ones included, in id order. */
export function enemiesInContact(s: GameState, id: string): string[] {
  const me = s.troopers[id]!;
  if (!contactable(me)) return [];
  const out: string[] = [];
  for (const [o, t] of Object.entries(s.troopers)) if (t.player !== me.player && inContact(s, id, o)) out.push(o);
  return out.sort();
}

/** CC-2: the enemies `id` is Engaged with: in contact, neither Unconscious. */
export function engagedWith(s: GameState, id: string): string[] {
  if (s.troopers[id]!.status !== 'model') return [];
  return enemiesInContact(s, id).filter((o) => s.troopers[o]!.status === 'model');
}

/** CC-4, CC-11, CC-13: the close combat of an Engaged trooper: it and every trooper linked to it by Engaged contacts, in id order. */
export function closeCombatOf(s: GameState, id: string): string[] {
  const seen = new Set<string>([id]);
  const queue = [id];
  while (queue.length > 0) {
    const x = queue.shift()!;
    for (const o of engagedWith(s, x)) if (!seen.has(o)) (seen.add(o), queue.push(o));
  }
  return seen.size === 1 ? [] : [...seen].sort();
}

/**
 * CC-2: the Engaged state of every trooper, worked out from the positions; run once no Order is open,
 * after every command that changes the game. Emits `engaged` and `disengaged` for each change, in id order.
 */
export function updateEngaged(tx: Tx): void {
  const d = tx.draft;
  const ids = Object.keys(d.troopers).sort();
  // Each model's silhouette made once (the same test as engagedWith, which made two for every pair:
  // this runs after every command); only the Engaged flags change below, never a position. Kept in
  // arrays in id order, not a Map: going through a Map's entries made an array for each of the 900
  // pairs, every command.
  const models: string[] = [];
  const sils: Cylinder[] = [];
  for (const id of ids) {
    const t = d.troopers[id]!;
    if (t.status === 'model' && contactable(t)) {
      models.push(id);
      sils.push(silhouetteOf(d, id)!);
    }
  }
  let m = 0;
  for (const id of ids) {
    const t = d.troopers[id]!;
    const was = t.engaged === true;
    // The models are in id order, as `ids`: this one's silhouette is the next of theirs, if it is a model.
    const me = m < models.length && models[m] === id ? sils[m++]! : undefined;
    let withIds: string[] | null = null;
    if (me) {
      for (let k = 0; k < sils.length; k++) {
        const sil = sils[k]!;
        // Bases more than an inch apart each way never touch: no gap worked out for them.
        if (Math.abs(me.x - sil.x) > me.r + sil.r + 1 || Math.abs(me.y - sil.y) > me.r + sil.r + 1) continue;
        const o = models[k]!;
        if (d.troopers[o]!.player !== t.player && cylinderGap(me, sil) <= CONTACT.touch) (withIds ??= []).push(o);
      }
    }
    if (withIds !== null && !was) {
      tx.trooper(id).engaged = true;
      tx.emit({ type: 'engaged', trooper: id, with: withIds });
    } else if (withIds === null && was) {
      delete tx.trooper(id).engaged;
      tx.emit({ type: 'disengaged', trooper: id });
    }
  }
}

/** CC-5: whether `id`, standing at `at` (where its skills so far left it), is in contact with `other`. */
export function touchesFrom(s: GameState, id: string, at: { x: number; y: number; z: number }, other: string): boolean {
  const o = s.troopers[other]!;
  if (!contactable(o)) return false;
  const me = s.troopers[id]!;
  return cylinderGap(silhouetteAt(s, id, at.x, at.y, at.z, me.prone), silhouetteOf(s, other)!) <= CONTACT.touch;
}
