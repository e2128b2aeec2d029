/**
 * Discover (TOC-5, TOC-6, TOC-12): a Short Movement Skill, and an ARO against a marker: a WIP roll with
 * the range MOD and -6 against an enemy TO Camouflage marker in Line of Fire; never twice against one
 * marker in one Order; a success shows the model, a failure locks that trooper out of that marker until
 * the next turn.
 */
import { cylinderGap, type Cylinder } from '../../../geometry/shapes';
import { profileOf, refuse, type Tx } from '../../context';
import { successValue } from '../../dice';
import type { Place } from '../../movement/path';
import { seesFrom } from '../../orders/sightChecks';
import { trooperName } from '../../placement';
import { nameFor, requireTrooper } from '../../refs';
import { bodyAt } from '../../attacks/shot';
import type { GameState } from '../../../model/types';
import { defineSkill, stay } from '../skill';

/** The range MOD of a Discover roll (FACTS: Discover), each band including its upper bound. */
export function discoverRangeMod(inches: number): number {
  if (inches <= 8) return 3;
  if (inches <= 32) return 0;
  if (inches <= 48) return -3;
  return -6;
}

/**
 * TOC-5: the Success Value of a Discover by `id` from where it stands (`from`) to the marker (`to`): WIP,
 * the range MOD of the distance between the silhouettes, and -6 (FACTS: Discover). The one place it is
 * worked out: the Order's Discover, the ARO, the older `discover` command and the odds shown use it.
 */
export function discoverValue(state: Pick<GameState, 'setup'>, id: string, from: Cylinder, to: Cylinder): number {
  return successValue(profileOf(state, id).wip, [discoverRangeMod(Math.max(0, cylinderGap(from, to))), -6]);
}

/** TOC-6: whether a trooper failed to Discover this marker this turn. */
export function discoverLocked(tx: Pick<Tx, 'draft'>, id: string, markerId: string): boolean {
  return (tx.draft.discoverLocks[id] ?? []).includes(markerId);
}

/** The marker a Discover names, checked: an enemy marker, not locked, in Line of Fire from `here`. */
export function checkDiscoverTarget(tx: Tx, id: string, here: Place & { facing: number }, ref: string): string {
  const d = tx.draft;
  const me = d.troopers[id]!;
  const target = requireTrooper(d, ref, me.player);
  const it = d.troopers[target]!;
  if (it.status !== 'marker' || it.player === me.player) refuse('wrong-status', null, `${ref} is not an enemy marker.`);
  const markerId = it.markerId!;
  if (discoverLocked(tx, id, markerId)) {
    refuse('discover-locked', 'TOC-6', `${trooperName(d, id)} failed to Discover ${markerId} this turn: it may try again next turn.`);
  }
  // TOC-5: Discover needs Line of Fire to the marker, from where the trooper then stands.
  const facing = me.status === 'marker' || me.status === 'hidden' ? null : here.facing;
  if (!seesFrom(d, tx, id, here, facing, target)) refuse('not-visible', 'TOC-5', `${nameFor(d, id, me.player)} has no Line of Fire to ${markerId}.`);
  return target;
}

/** TOC-5, TOC-6, TOC-12: what a Discover roll does: the model shown, or the discoverer locked out of the marker. */
export function discoverResult(tx: Tx, by: string, target: string, success: boolean): void {
  const d = tx.draft;
  const it = d.troopers[target]!;
  if (it.status !== 'marker') return; // revealed meanwhile: nothing left to Discover
  const markerId = it.markerId!;
  if (success) {
    tx.trooper(target).status = 'model';
    tx.emit({ type: 'discovered', player: it.player, marker: markerId, trooper: target, by });
  } else {
    tx.own('discoverLocks')[by] = [...(d.discoverLocks[by] ?? []), markerId];
    tx.emit({ type: 'discoverFailed', player: it.player, marker: markerId, by });
  }
}

export const discover = defineSkill({
  name: 'discover',
  words: { name: 'Discover', roll: 'Discover roll (WIP)' },
  kind: 'short-movement',
  keepsMarker: false,
  checkRefs(tx, player, _id, skill, v) {
    const d = tx.draft;
    const target = v.value(() => requireTrooper(d, skill.target, player));
    if (target === null) return;
    v.check(() => {
      const it = d.troopers[target]!;
      if (it.status !== 'marker' || it.player === player) refuse('wrong-status', null, `${skill.target} is not an enemy marker.`);
    });
  },
  declare(tx, order, skill, here) {
    checkDiscoverTarget(tx, order.trooper, here, skill.target);
    return { ...skill, points: [stay(here)], facing: here.facing };
  },
  aro: {
    allowed(c, decl) {
      const d = c.tx.draft;
      if (!c.marker) refuse('skill-not-allowed', 'ARO-2', 'Discover is an ARO against a marker only.');
      if (requireTrooper(d, decl.target, c.player) !== c.order.trooper) refuse('skill-not-allowed', 'ARO-2', 'An ARO is declared against the active trooper.');
      if (!c.sees) refuse('skill-not-allowed', 'ARO-2', `${c.name} has no Line of Fire to ${d.troopers[c.order.trooper]!.markerId}: with only its Zone of Control it may Dodge.`);
    },
    takesAt: true,
    after(c) {
      const markerId = c.tx.draft.troopers[c.order.trooper]!.markerId!;
      if (discoverLocked(c.tx, c.id, markerId)) refuse('discover-locked', 'TOC-6', `${c.name} failed to Discover ${markerId} this turn: it may try again next turn.`);
    },
  },
  plan(p, s) {
    if (s.resolved) return; // the older `discover` command rolled it at once
    const target = p.resolveRef(s.target);
    const active = p.order.trooper;
    const sv = discoverValue(p.tx.draft, active, p.attackerBody(s).c, bodyAt(p.tx.draft, target).c);
    p.roll({ roller: active, count: 1, kind: 'discover', skill: 'discover', sv, against: target, target });
  },
  planAro(p, a, me, mover) {
    const sv = discoverValue(p.tx.draft, a.trooper, me.c, mover.c);
    p.roll({ roller: a.trooper, count: 1, kind: 'discover', skill: 'discover', sv, against: p.order.trooper, target: p.order.trooper, aro: a });
  },
  result(j, spec, judged) {
    discoverResult(j.tx, spec.roller, spec.target!, judged.best !== null);
  },
});
