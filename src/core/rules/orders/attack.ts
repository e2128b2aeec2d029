/**
 * A BS Attack declared by the active trooper (ATK-1, ATK-3, TPL-1, TPL-2, TOC-4): a weapon, targets in
 * its Line of Fire and in range with the weapon's Burst split between them, or for a direct template an
 * aim inside the front arc; from a point of the Move before it in the Order (default: its end).
 */
import type { DeclaredSkill, OrderState, SkillFields } from '../../model/types';
import { Checks } from '../checks';
import { refuse, type Tx } from '../context';
import type { Place } from '../movement/path';
import { inches, isOnTable, silhouetteAt } from '../placement';
import { nameFor, requireTrooper } from '../refs';
import { bodyAt, facingTowards, inFrontArc, rangeMod, shot, teardropFrom, templateReach } from '../attacks/shot';

type Attack = Extract<SkillFields, { skill: 'bs-attack' }>;

export function declareAttack(tx: Tx, order: OrderState, skill: Attack, here: Place & { facing: number }): DeclaredSkill {
  const d = tx.draft;
  const id = order.trooper;
  const me = d.troopers[id]!;
  const weapon = tx.profile(id).weapons.find((w) => w.id === skill.weapon)!;
  // Where it shoots from (`fireFrom`): a path point of the Move declared before it, or where it stands.
  let from: Place = here;
  const move = order.skills.at(-1);
  const asked = skill.fireFrom;
  if (asked) {
    const near = (q: { x: number; y: number }) => Math.hypot(q.x - asked.x, q.y - asked.y) <= 1e-6;
    const p = move?.skill === 'move' ? move.points.find(near) : near(here) ? here : undefined;
    if (!p) refuse('skill-not-allowed', 'ATK-1', 'A BS Attack shoots from a point of the Move declared before it in the Order, or from where the trooper stands.');
    from = p;
  }
  const body = bodyAt(d, id, from, here.facing);
  const name = nameFor(d, id, me.player);
  if (weapon.kind === 'direct') {
    // TPL-1: laid when declared, its narrow end at the base's edge, its axis inside the front arc.
    if (!skill.aim) refuse('skill-not-allowed', 'TPL-1', `${weapon.name} is a template: aim it with a point its axis runs towards.`);
    if (skill.targets && skill.targets.length > 0) refuse('skill-not-allowed', 'TPL-1', `${weapon.name} is a template: it names no targets.`);
    const rotation = facingTowards(from, skill.aim);
    if (!inFrontArc(here.facing, rotation)) refuse('skill-not-allowed', 'TPL-1', `${weapon.name} is laid inside the front arc: the aim lies behind ${name}.`);
    const placement = teardropFrom(body.c, weapon.template as 'small-teardrop' | 'large-teardrop', rotation);
    const affected = templateReach(tx, placement, id, (o) => silhouetteAtNow(tx, o));
    return { ...skill, points: [{ x: from.x, y: from.y, z: from.z }], facing: here.facing, placement, affected };
  }
  const targets = skill.targets ?? [];
  // Checks of the whole skill first: the Burst split.
  if (targets.length === 0) refuse('bad-burst', 'ATK-1', `Name the targets of ${weapon.name} and split its Burst between them.`);
  const total = targets.reduce((n, t) => n + t.burst, 0);
  if (total > weapon.burst) refuse('bad-burst', 'ATK-1', `${weapon.name} has Burst ${weapon.burst}: the targets share ${total}.`);
  if (weapon.kind === 'impact' && targets.length > 1) refuse('bad-burst', 'ATK-1', `${weapon.name} has Burst 1: one main target.`);
  const seen = new Set<string>();
  let gate: string | undefined;
  for (const t of targets) {
    const v = new Checks();
    const target = requireTrooper(d, t.target, me.player);
    const it = d.troopers[target]!;
    v.check(() => {
      if (seen.has(target)) refuse('bad-burst', 'ATK-1', `${t.target} is listed twice.`);
    });
    seen.add(target);
    v.check(() => {
      if (it.player === me.player) refuse('skill-not-allowed', 'ATK-1', `${nameFor(d, target, me.player)} is on your own side.`);
      if (!isOnTable(it)) refuse('skill-not-allowed', 'ATK-1', `${t.target} is not on the table.`);
    });
    v.check(() => {
      // TOC-4: no attack on a marker that no Discover of this Order targets.
      if (it.status === 'marker') {
        const discovering = order.skills.some((s) => s.skill === 'discover' && s.target === it.markerId);
        if (!discovering) refuse('not-discovered', 'TOC-4', `${it.markerId} must be Discovered first: declare a Discover against it earlier in the Order.`);
        gate = target;
      }
    });
    let sh: ReturnType<typeof shot> | null = null;
    if (isOnTable(it)) sh = shot(tx, body, bodyAt(d, target));
    v.check(() => {
      if (sh && rangeMod(weapon, sh.distance) === null) refuse('out-of-range', 'ATK-3', `${nameFor(d, target, me.player)} is ${inches(sh.distance)} away: beyond ${weapon.name}'s last band.`);
    });
    v.check(() => {
      if (t.burst < 1) refuse('bad-burst', 'ATK-1', `A target takes at least one die of the Burst.`);
    });
    v.check(() => {
      if (sh && !sh.visible) refuse('not-visible', 'ATK-1', `${name} has no Line of Fire to ${nameFor(d, target, me.player)}.`);
    });
    v.end();
  }
  return { ...skill, points: [{ x: from.x, y: from.y, z: from.z }], facing: here.facing, ...(gate ? { gate } : {}) };
}

function silhouetteAtNow(tx: Tx, id: string) {
  const t = tx.draft.troopers[id]!;
  return silhouetteAt(tx.draft, id, t.x!, t.y!, t.z!, t.prone);
}
