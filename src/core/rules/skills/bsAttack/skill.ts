/**
 * BS Attack (ATK-1 to ATK-4, TPL-1 to TPL-3, TOC-4): a Short Skill with one of the trooper's weapons, at
 * targets in its Line of Fire and in range sharing the weapon's Burst, or for a direct template an aim
 * inside the front arc; from a point of the Move before it in the Order (default: its end). As an ARO,
 * Burst 1 at the active trooper. Face to Face against the other side's attack or Dodge (ATK-2).
 */
import type { DeclaredSkill, GameState, OrderState } from '../../../model/types';
import { counting } from '../../attacks/burst';
import { bodyAt, circleOn, facingTowards, inFrontArc, rangeMod, shot, teardropFrom, templateReach } from '../../attacks/shot';
import { Checks } from '../../checks';
import { closeCombatOf } from '../../closeCombat/engaged';
import { refuse, type Tx } from '../../context';
import { successValue } from '../../dice';
import type { Place } from '../../movement/path';
import { tmplTargets } from '../../orders/templateTargets';
import { inches, isOnTable, silhouetteAt, silhouetteOf, trooperName } from '../../placement';
import { nameFor, requireTrooper } from '../../refs';
import { defineSkill, type Judge, type SkillOf, type Spec } from '../skill';
import type { Judged } from '../../attacks/burst';
import { burstIn } from '../../orders/participants';

type Attack = SkillOf<'bs-attack'>;

/** The checks of an attack declared by the active trooper; returns it as declared, with where it shoots from. */
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
  // COORD-3: in a Coordinated Order the Spearhead's Burst is halved (rounded up), the others' is 1.
  const burst = burstIn(order, weapon.burst);
  if (total > burst) refuse('bad-burst', burst === weapon.burst ? 'ATK-1' : 'COORD-3', `${weapon.name} has Burst ${burst}${burst === weapon.burst ? '' : ' in this Coordinated Order'}: the targets share ${total}.`);
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
      // CC-10: the ally named for a near miss is one of the attacker's in that target's close combat.
      if (t.stray === undefined) return;
      const ally = requireTrooper(d, t.stray, me.player);
      if (!alliesInCloseCombat(d, id, target).includes(ally)) refuse('not-in-contact', 'CC-10', `${nameFor(d, ally, me.player)} is not in ${nameFor(d, target, me.player)}'s close combat: a near miss can only hit an ally there.`);
    });
    v.check(() => {
      if (sh && !sh.visible) refuse('not-visible', 'ATK-1', `${name} has no Line of Fire to ${nameFor(d, target, me.player)}.`);
    });
    v.end();
  }
  return { ...skill, points: [{ x: from.x, y: from.y, z: from.z }], facing: here.facing, ...(gate ? { gate } : {}) };
}

/** CC-10: the attacker's allies in the close combat of a target Engaged with them, by id (none: not Engaged, or only with others). */
export function alliesInCloseCombat(d: GameState, attacker: string, target: string): string[] {
  if (!d.troopers[target]?.engaged) return [];
  const side = d.troopers[attacker]!.player;
  return closeCombatOf(d, target).filter((id) => id !== attacker && d.troopers[id]!.player === side);
}

/**
 * CC-10 (working value from N3, close-combat.md §6): shooting at a trooper Engaged with the attacker's
 * allies: -6 for each ally in that close combat; a near miss hits one of them, the one the attacker's
 * player named (`stray`), else the first by id.
 */
function intoCloseCombat(tx: Tx, attacker: string, target: string, named?: string): { penalty: number; ally: string } | null {
  const allies = alliesInCloseCombat(tx.draft, attacker, target);
  if (allies.length === 0) return null;
  return { penalty: 6 * allies.length, ally: named !== undefined && allies.includes(named) ? named : allies[0]! };
}

/** CC-10: each die that fails by no more than the close combat's MOD hits the roller's ally there instead. */
function strayHits(j: Judge, s: Spec, mine: Judged): void {
  if (!s.stray) return;
  for (const die of mine.dice) {
    if (die <= s.sv || die > s.sv + s.stray.penalty) continue;
    j.tx.emit({ type: 'strayHit', trooper: s.roller, target: s.stray.ally });
    j.hit(s.roller, s.stray.ally, false, s.weapon!, false);
  }
}

function silhouetteAtNow(tx: Tx, id: string) {
  const t = tx.draft.troopers[id]!;
  return silhouetteAt(tx.draft, id, t.x!, t.y!, t.z!, t.prone);
}

export const bsAttack = defineSkill({
  name: 'bs-attack',
  words: { name: 'BS Attack', roll: 'BS Attack (BS)' },
  kind: 'short',
  keepsMarker: false,
  checkRefs(tx, _player, id, skill, v) {
    v.check(() => {
      if (!tx.profile(id).weapons.some((w) => w.id === skill.weapon)) refuse('unknown-weapon', null, `${trooperName(tx.draft, id)} has no weapon "${skill.weapon}".`);
    });
  },
  declare: declareAttack,
  aro: {
    checkRefs(c, decl) {
      if (!c.tx.profile(c.id).weapons.some((w) => w.id === decl.weapon)) refuse('unknown-weapon', null, `${c.name} has no weapon "${decl.weapon}".`);
    },
    allowed(c) {
      // ARO-3: against an undiscovered marker, every ARO but Discover waits as `delay`.
      if (c.marker) refuse('skill-not-allowed', 'ARO-3', 'Against a marker, a bs-attack ARO is declared as delay, and made against its second skill.');
      if (!c.sees) refuse('skill-not-allowed', 'ARO-2', `${c.name} has no Line of Fire to the active trooper: with only its Zone of Control it may Dodge.`);
    },
    takesAt: true,
    range(c, decl) {
      const weapon = c.tx.profile(c.id).weapons.find((w) => w.id === decl.weapon);
      if (!weapon) return null;
      return { name: weapon.name, inRange: (i) => weapon.kind === 'direct' || rangeMod(weapon, c.sight.distance(c.reactor, i)) !== null };
    },
  },
  plan(p, s) {
    const tx = p.tx;
    const d = tx.draft;
    const active = p.order.trooper;
    const weapon = tx.profile(active).weapons.find((w) => w.id === s.weapon)!;
    const bs = tx.profile(active).bs;
    if (weapon.kind === 'direct') {
      p.direct({ skill: s, placement: s.placement!, by: active, weapon });
      for (const id of s.affected ?? []) p.attacked(id);
      return;
    }
    for (const t of s.targets ?? []) {
      const target = p.resolveRef(t.target);
      p.attacked(target);
      const reply = p.replyOf(target);
      // A Face to Face with a reactor uses the active trooper at that reactor's `at`.
      const me = reply ? bodyAt(d, active, p.activeAt(reply), s.facing) : p.attackerBody(s);
      const sh = shot(tx, me, bodyAt(d, target));
      const mod = rangeMod(weapon, sh.distance) ?? 0;
      const stray = intoCloseCombat(tx, active, target, t.stray === undefined ? undefined : p.resolveRef(t.stray));
      const sv = successValue(bs, [mod, sh.cover ? -3 : 0, -(stray?.penalty ?? 0)]);
      const gate = s.gate === target ? target : undefined;
      p.roll({ roller: active, count: weapon.kind === 'impact' ? 1 : t.burst, kind: weapon.kind === 'impact' ? 'impact' : 'attack', skill: 'bs-attack', sv, against: target, target, weapon, cover: sh.cover, ...(gate ? { gate } : {}), ...(stray ? { stray } : {}) });
    }
  },
  planAro(p, a, me, mover) {
    const tx = p.tx;
    const r = a.trooper;
    const weapon = tx.profile(r).weapons.find((w) => w.id === a.weapon)!;
    if (weapon.kind === 'direct') {
      p.direct({ skill: p.order.skills[0]!, placement: teardropFrom(me.c, weapon.template as 'small-teardrop' | 'large-teardrop', facingTowards(me.c, mover.c)), by: r, weapon });
      return;
    }
    const sh = shot(tx, me, mover);
    // CC-10 in ARO as in the Active Turn: an active trooper Engaged with the reactor's allies gives -6 for
    // each; a near miss hits the first of them by id (an ARO names no `stray`, close-combat.md §7).
    const stray = intoCloseCombat(tx, r, p.order.trooper);
    const sv = successValue(tx.profile(r).bs, [rangeMod(weapon, sh.distance) ?? 0, sh.cover ? -3 : 0, p.surpriseOn(r), -(stray?.penalty ?? 0)]);
    p.roll({ roller: r, count: 1, kind: 'aro-attack', skill: 'bs-attack', sv, against: p.order.trooper, target: p.order.trooper, weapon, cover: sh.cover, aro: a, ...(stray ? { stray } : {}) });
  },
  result(j, s, mine) {
    const d = j.tx.draft;
    // COORD-6: the participant this roll is about (a single Order's active trooper).
    const active = s.kind === 'aro-attack' ? s.target! : j.order.trooper;
    if (s.kind === 'attack') {
      const r = j.reply(s.target!, s.roller);
      const t = counting(mine, r ? j.judged(r)! : null);
      for (let i = 0; i < t.hits; i++) j.hit(s.roller, s.target!, false, s.weapon!, s.cover!);
      for (let i = 0; i < t.criticals; i++) j.hit(s.roller, s.target!, true, s.weapon!, s.cover!);
      strayHits(j, s, mine);
    } else if (s.kind === 'impact') {
      // TPL-2: the roll against the main target; on a hit the circle is centred on it, and each affected
      // trooper's ARO roll is compared with the impact roll on its own. Only the main target's may be a critical.
      const r = j.reply(s.target!, s.roller);
      const main = counting(mine, r ? j.judged(r)! : null);
      if (main.hits + main.criticals === 0) return;
      const placement = circleOn(silhouetteOf(d, s.target!)!);
      const reach = tmplTargets(j.tx, templateReach(j.tx, placement, s.roller, (id) => silhouetteOf(d, id)!), (id) => {
        if (id === s.target) return true;
        const dodge = j.specs.find((x) => x.roller === id && x.kind === 'dodge' && x.dice);
        return !dodge || counting(mine, j.judged(dodge)!).hits + counting(mine, j.judged(dodge)!).criticals > 0;
      }, s.roller);
      for (const id of reach) j.hit(s.roller, id, id === s.target && main.criticals > 0, s.weapon!, false);
      j.template('circular', placement, reach);
    } else if (s.kind === 'aro-attack') {
      // A BS Attack back at the active trooper: Face to Face if the active trooper attacks this reactor
      // or Dodges, else a Normal roll.
      // COORD-6: Face to Face with the participant it named; the other participants' attacks are Normal rolls.
      const theirs = j.attacksOn(s.roller).find((x) => (x.kind === 'attack' || x.kind === 'impact') && x.roller === active);
      const dodge = j.specs.find((x) => x.roller === active && x.kind === 'dodge' && x.dice);
      const other = theirs ? j.judged(theirs)! : dodge ? j.judged(dodge)! : null;
      const t = counting(mine, other);
      for (let i = 0; i < t.hits + t.criticals; i++) j.hit(s.roller, active, i >= t.hits, s.weapon!, s.cover!);
      strayHits(j, s, mine);
    }
  },
});
