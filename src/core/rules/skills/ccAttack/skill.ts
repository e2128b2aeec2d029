/**
 * CC Attack (CC-5, CC-6, CC-9, CC-12, CC-13): a Short Skill, and an ARO, with the trooper's CC attribute
 * and one of its close combat weapons (or bare hands), at enemy models in contact sharing the weapon's
 * Burst (1 in ARO). No range and no cover MOD. Face to Face against a CC Attack, a BS Attack or a Dodge
 * of the other side (CC-6); a CC Attack on an Unconscious enemy is a Coup de Grâce: no roll, Dead (CC-9).
 */
import type { DeclaredSkill, GameState, OrderState, PlayerId } from '../../../model/types';
import { counting } from '../../attacks/burst';
import { Checks } from '../../checks';
import { touchesFrom } from '../../closeCombat/engaged';
import { refuse, type Tx } from '../../context';
import { successValue } from '../../dice';
import type { Place } from '../../movement/path';
import { takeWounds } from '../../orders/resolution/damage';
import { trooperName } from '../../placement';
import { nameFor, requireTrooper, resolveRef, UNKNOWN_TROOPER } from '../../refs';
import { defineSkill, stay, type Planner, type SkillOf } from '../skill';
import { ccAsWeapon, ccWeaponOf } from './weapon';
import { burstIn, isSpearhead, viewAs } from '../../orders/participants';

type Attack = SkillOf<'cc-attack'>;

/**
 * CC-13: the attacker's Burst bonus against `target`: +1 for each other trooper of its side in contact
 * with the target that is not Unconscious (in the Active Turn none of them declares anything).
 */
export function ccBonus(tx: Tx, attacker: string, target: string): number {
  const d = tx.draft;
  const me = d.troopers[attacker]!;
  let n = 0;
  for (const [id, t] of Object.entries(d.troopers)) {
    if (id === attacker || t.player !== me.player || t.status !== 'model') continue;
    if (touchesFrom(d, id, { x: t.x!, y: t.y!, z: t.z! }, target)) n++;
  }
  return n;
}

/**
 * COORD-8: the Spearhead's +1s in a Coordinated Order: CC-13's allies in contact with the target, the
 * other participants counted where the Order leaves them when this skill is made, not where they stand.
 */
function coordinatedBonus(tx: Tx, spearhead: OrderState, s: DeclaredSkill, target: string): number {
  const d = tx.draft;
  const k = spearhead.skills.indexOf(s);
  let n = ccBonus(tx, spearhead.trooper, target);
  for (const id of spearhead.with ?? []) {
    const t = d.troopers[id]!;
    if (t.status !== 'model') continue;
    if (touchesFrom(d, id, { x: t.x!, y: t.y!, z: t.z! }, target)) n--;
    const mine = viewAs(spearhead, id).skills[k];
    if (mine && touchesFrom(d, id, mine.points.at(-1)!, target)) n++;
  }
  return n;
}

/**
 * CC-13 with a named `attacker`: its +1s, the active trooper counted where its skills before this one
 * leave it (the others stand where they are: they do not act in this Order).
 */
function namedBonus(tx: Tx, order: OrderState, s: DeclaredSkill, by: string, target: string): number {
  const d = tx.draft;
  const active = order.trooper;
  const t = d.troopers[active]!;
  let n = ccBonus(tx, by, target);
  if (t.status !== 'model') return n;
  if (touchesFrom(d, active, { x: t.x!, y: t.y!, z: t.z! }, target)) n--;
  if (touchesFrom(d, active, s.points.at(-1)!, target)) n++;
  return n;
}

/** CC-13: who makes a declared CC Attack: the `attacker` it names, else the active trooper. */
export const attackerOf = (order: OrderState, s: { attacker?: string }): string => s.attacker ?? order.trooper;

/**
 * CC-13: the troopers of `player` that may make `trooper`'s CC Attack on every one of `targets`: the
 * trooper itself first, then each other of its side on the table as a model (not Unconscious, not a
 * marker, not hidden) in contact with all of them where it stands, in id order. The table offers the
 * choice where there is more than one; the engine judges the declaration.
 */
export function ccAttackers(state: GameState, player: PlayerId, trooper: string, targets: readonly string[]): string[] {
  const me = resolveRef(state, trooper, player);
  if (me === null) return [];
  // COORD-8: in a Coordinated Order the Spearhead attacks; no other is named.
  if (state.order?.with) return [me];
  const ids = targets.map((t) => resolveRef(state, t, player));
  if (ids.length === 0 || ids.some((t) => t === null)) return [me];
  const others = Object.entries(state.troopers)
    .filter(([id, t]) => id !== me && t.player === player && t.status === 'model' && ids.every((x) => touchesFrom(state, id, { x: t.x!, y: t.y!, z: t.z! }, x!)))
    .map(([id]) => id)
    .sort();
  return [me, ...others];
}

/**
 * CC-13 in ARO (N5 wording, close-combat.md §6 question 6): the reactor's +1 Burst for each other
 * trooper of its side in contact with the active trooper where the reactor takes it (`at`), not
 * Unconscious, that has not declared a Dodge in this Order (nor a CC Attack ARO, which `allowed` refuses to
 * a second trooper in contact: only one of them attacks).
 */
function aroBonus(p: Planner, reactor: string, active: string, at: Place): number {
  const d = p.tx.draft;
  const side = d.troopers[reactor]!.player;
  const busy = new Set(Object.values(p.order.aros).filter((x) => x.skill === 'dodge' || x.skill === 'cc-attack').map((x) => x.trooper));
  let n = 0;
  for (const [id, t] of Object.entries(d.troopers)) {
    if (id === reactor || t.player !== side || t.status !== 'model' || busy.has(id)) continue;
    if (touchesFrom(d, active, at, id)) n++;
  }
  return n;
}

function declareCc(tx: Tx, order: OrderState, skill: Attack, here: Place & { facing: number }): DeclaredSkill {
  const d = tx.draft;
  const id = order.trooper;
  const me = d.troopers[id]!;
  // CC-13: the attacker named (checked below, after the targets), whose weapon it is.
  const by = skill.attacker === undefined ? id : requireTrooper(d, skill.attacker, me.player);
  const weapon = ccWeaponOf(tx.profile(by), skill.weapon)!;
  const targets = skill.targets;
  // CC-5: no enemy model in contact at all (the table hides the skill then); then the Burst split, as ATK-1.
  if (targets.length === 0 && !Object.keys(d.troopers).some((o) => d.troopers[o]!.player !== me.player && touchesFrom(d, id, here, o))) {
    refuse('not-in-contact', 'CC-5', `${trooperName(d, id)} is in contact with no enemy model.`);
  }
  if (targets.length === 0) refuse('bad-burst', 'CC-5', `Name the targets in contact and split ${weapon.name}'s Burst between them.`);
  const total = targets.reduce((n, t) => n + t.burst, 0);
  // COORD-3, COORD-8: in a Coordinated Order the Spearhead's Burst is halved (rounded up), the others' is 1.
  const burst = burstIn(order, weapon.burst);
  if (total > burst) refuse('bad-burst', burst === weapon.burst ? 'CC-5' : 'COORD-8', `${weapon.name} has Burst ${burst}${burst === weapon.burst ? '' : ' in this Coordinated Order'}: the targets share ${total}.`);
  const seen = new Set<string>();
  for (const t of targets) {
    const v = new Checks();
    const target = requireTrooper(d, t.target, me.player);
    const it = d.troopers[target]!;
    v.check(() => {
      if (seen.has(target)) refuse('bad-burst', 'CC-5', `${t.target} is listed twice.`);
      if (t.burst < 1) refuse('bad-burst', 'CC-5', 'A target takes at least one die of the Burst.');
    });
    seen.add(target);
    v.check(() => {
      if (it.player === me.player) refuse('skill-not-allowed', 'CC-5', `${nameFor(d, target, me.player)} is on your own side.`);
    });
    v.check(() => {
      // CC-5, TOC-3: the target is an enemy model in contact where the skills before left the attacker.
      if (!touchesFrom(d, id, here, target)) refuse('not-in-contact', 'CC-5', `${nameFor(d, target, me.player)} is not in contact with ${trooperName(d, id)}${order.skills.length > 0 ? ' where its movement ends' : ''}.`);
    });
    v.end();
  }
  const ids = targets.map((t) => ({ ...t, target: requireTrooper(d, t.target, me.player) }));
  if (by !== id) checkAttacker(tx, order, by, ids.map((t) => t.target));
  // CC-9: the targets already Unconscious get a Coup de Grâce (not those this Order's rolls put down).
  const down = ids.filter((t) => d.troopers[t.target]!.status === 'unconscious').map((t) => t.target);
  const named = skill.attacker === undefined ? {} : { attacker: by };
  return { ...skill, ...named, targets: ids, points: [stay(here)], facing: here.facing, ...(down.length > 0 ? { coupDeGrace: down } : {}) };
}

/**
 * CC-13: an `attacker` other than the active trooper: one of its side, on the table as a model and able
 * to act, in contact with every target where it stands (it does not move in this Order). COORD-8: in a
 * Coordinated Order the Spearhead attacks, so no other is named (working value).
 */
function checkAttacker(tx: Tx, order: OrderState, by: string, targets: readonly string[]): void {
  const d = tx.draft;
  const me = d.troopers[order.trooper]!;
  const it = d.troopers[by]!;
  const who = nameFor(d, by, me.player);
  if (order.with) refuse('skill-not-allowed', 'COORD-8', `In a Coordinated Order the Spearhead makes the CC Attack: ${who} adds its +1 instead.`);
  if (it.player !== me.player) refuse('skill-not-allowed', 'CC-13', `${who} is not on your side: the attacker is one of your troopers in contact with the target.`);
  if (it.status === 'unconscious') refuse('wrong-status', 'CC-13', `${who} is ${it.status}: it cannot attack.`);
  const v = new Checks();
  for (const target of targets) {
    v.check(() => {
      if (it.status !== 'model' || !touchesFrom(d, by, { x: it.x!, y: it.y!, z: it.z! }, target)) refuse('not-in-contact', 'CC-13', `${who} is not in contact with ${nameFor(d, target, me.player)}: it cannot be the attacker.`);
    });
  }
  v.end();
}

export const ccAttack = defineSkill({
  name: 'cc-attack',
  words: { name: 'CC Attack', roll: 'CC Attack (CC)' },
  kind: 'short',
  keepsMarker: false,
  checkRefs(tx, player, id, skill, v) {
    // CC-13: the weapon is the attacker's (the active trooper's unless another is named).
    const by = skill.attacker === undefined ? id : resolveRef(tx.draft, skill.attacker, player);
    v.check(() => {
      if (by === null) refuse('unknown-trooper', null, UNKNOWN_TROOPER);
    });
    if (by === null) return;
    v.check(() => {
      if (!ccWeaponOf(tx.profile(by), skill.weapon)) refuse('unknown-weapon', null, `${trooperName(tx.draft, by)} has no close combat weapon "${skill.weapon}".`);
    });
  },
  declare: declareCc,
  aro: {
    checkRefs(c, decl) {
      if (!ccWeaponOf(c.tx.profile(c.id), decl.weapon)) refuse('unknown-weapon', null, `${c.name} has no close combat weapon "${decl.weapon}".`);
    },
    allowed(c, decl) {
      // ARO-3: against an undiscovered marker, every ARO but Discover waits as `delay`.
      if (c.marker) refuse('skill-not-allowed', 'ARO-3', 'Against a marker, a cc-attack ARO is declared as delay, and made against its second skill.');
      // CC-6: taken where the movement ends, never at another point.
      if (decl.at) refuse('skill-not-allowed', 'CC-6', 'A CC Attack ARO is taken where the active trooper ends in contact: it names no `at`.');
      // CC-7: only against an active trooper whose movement in this window ends in contact with the reactor, or already in it.
      const d = c.tx.draft;
      const skill = c.order.skills[c.window - 1];
      const t = d.troopers[c.order.trooper]!;
      const at = skill ? skill.points.at(-1)! : { x: t.x!, y: t.y!, z: t.z! };
      if (!touchesFrom(d, c.order.trooper, at, c.id)) refuse('not-in-contact', 'CC-7', `A CC Attack ARO needs the active trooper in contact with ${c.name} at the end of its skill.`);
      // CC-13: one trooper of a side attacks in a close combat; another of its side in contact with the
      // active trooper that declared a CC Attack ARO against it in this Order (this command included) is the one.
      const other = [...Object.values(c.order.aros), ...c.earlier].find(
        (x) => x.skill === 'cc-attack' && x.trooper !== c.id && (x.against ?? c.order.trooper) === c.order.trooper && touchesFrom(d, c.order.trooper, at, x.trooper),
      );
      if (other) refuse('skill-not-allowed', 'CC-13', `${nameFor(d, other.trooper, c.player)} already makes its side's CC Attack ARO in this close combat: only one attacks (${c.name} adds +1 to that Burst if it declares no Dodge).`);
    },
    // CC-6: taken where the active trooper ends its movement (the last point).
    takesAt: false,
  },
  plan(p, s) {
    const tx = p.tx;
    const d = tx.draft;
    // CC-13: the attacker named rolls with its own CC and weapon; the active trooper adds its +1.
    const active = attackerOf(p.order, s);
    const prof = tx.profile(active);
    const cc = ccWeaponOf(prof, s.weapon)!;
    // COORD-8: in a Coordinated Order only the Spearhead attacks; the others' CC Attack does nothing.
    if (p.order.with && !isSpearhead(p.order)) return;
    for (const t of s.targets ?? []) {
      const target = t.target;
      // CC-9: a Coup de Grâce makes no roll (its effect comes after the saves).
      if ((s.coupDeGrace ?? []).includes(target) || d.troopers[target]!.status !== 'model') continue;
      p.attacked(target);
      const weapon = ccAsWeapon(cc, prof, tx.profile(target));
      // CC-5: CC, no range and no cover MOD; CC-13: +1 Burst for each ally in contact with the target.
      const bonus = p.order.with ? coordinatedBonus(tx, p.order, s, target) : active === p.order.trooper ? ccBonus(tx, active, target) : namedBonus(tx, p.order, s, active, target);
      p.roll({ roller: active, count: t.burst + bonus, kind: 'attack', skill: 'cc-attack', sv: successValue(prof.cc, []), against: target, target, weapon, cover: false });
    }
  },
  planAro(p, a) {
    const tx = p.tx;
    const r = a.trooper;
    const active = p.order.trooper;
    const prof = tx.profile(r);
    const weapon = ccAsWeapon(ccWeaponOf(prof, a.weapon)!, prof, tx.profile(active));
    // CC-5: Burst 1 in ARO, CC-13: +1 for each ally in contact; ATK-4: the Surprise Attack MOD where the active trooper attacked it by surprise.
    p.roll({ roller: r, count: 1 + aroBonus(p, r, active, p.activeAt(a)), kind: 'aro-attack', skill: 'cc-attack', sv: successValue(prof.cc, [p.surpriseOn(r)]), against: active, target: active, weapon, cover: false, aro: a });
  },
  result(j, s, mine) {
    // COORD-6: the participant this roll is about (a single Order's active trooper).
    const active = s.kind === 'aro-attack' ? s.target! : j.order.trooper;
    if (s.kind === 'attack') {
      // CC-6: Face to Face against the target's CC Attack, BS Attack or Dodge.
      // CC-13: a named attacker meets an ARO only if made against it (a Dodge faces every attack), as COORD-6 pairs them.
      const r = j.reply(s.target!, s.roller);
      const t = counting(mine, r ? j.judged(r)! : null);
      for (let i = 0; i < t.hits; i++) j.hit(s.roller, s.target!, false, s.weapon!, false);
      for (let i = 0; i < t.criticals; i++) j.hit(s.roller, s.target!, true, s.weapon!, false);
    } else if (s.kind === 'aro-attack') {
      // CC-6: Face to Face if the active trooper attacks this reactor or Dodges, else a Normal roll.
      const theirs = j.attacksOn(s.roller).find((x) => (x.kind === 'attack' || x.kind === 'impact') && x.roller === active);
      const dodge = j.specs.find((x) => x.roller === active && x.kind === 'dodge' && x.dice);
      const other = theirs ? j.judged(theirs)! : dodge ? j.judged(dodge)! : null;
      const t = counting(mine, other);
      for (let i = 0; i < t.hits + t.criticals; i++) j.hit(s.roller, active, i >= t.hits, s.weapon!, false);
    }
  },
  effects(tx, order, s) {
    // CC-9: a Coup de Grâce: the Unconscious target in contact becomes Dead, no roll and no save.
    if (order.with && !isSpearhead(order)) return; // COORD-8: only the Spearhead's counts
    for (const target of s.coupDeGrace ?? []) {
      const it = tx.draft.troopers[target]!;
      if (it.status !== 'unconscious') continue;
      tx.emit({ type: 'coupDeGrace', trooper: attackerOf(order, s), target });
      takeWounds(tx, target, it.wounds + 1);
    }
  },
});
