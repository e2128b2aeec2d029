/**
 * `aros` (ARO-1 to ARO-5): the reactive player's AROs for the open window, `[]` for none. Each trooper
 * eligible in the window may declare one ARO in the Order: with Line of Fire a Discover against a marker
 * (and, with the rules of attacks, a BS Attack or a Dodge); with the active trooper only in its Zone of
 * Control, a Dodge. Against an undiscovered marker every ARO but Discover is `delay`ed (ARO-3). A hidden
 * trooper reacts from its recorded spot, seeing all round, and appears here (ARO-4, HD-10, HD-17).
 */
import type { AroDeclaration, CommandOf, DeclaredAro, OrderState, PlayerId } from '../../model/types';
import { Checks } from '../checks';
import { defineCommand } from '../command';
import { COMMAND_SCHEMAS } from '../../model/commands';
import { refuse, type Tx } from '../context';
import { appearAt, revealSpot } from '../hidden/spot';
import { trooperName } from '../placement';
import { checkOwner, nameFor, requireTrooper } from '../refs';
import { hasSkill } from '../skills';
import type { Reactor } from '../aros/sight';
import { windowOf, windowPlayer } from './stages';
import { afterWindowOne, currentOrder, resolveOrder, windowReactors, windowSight } from './flow';
import { SKILL_MODULES } from '../skills/registry';
import type { AroCheck, AroOf } from '../skills/skill';
import { checkRetreat } from '../missions/situations';
import { atOf } from '../movement/path';
import { participants, viewAs } from './participants';

type AroName = AroDeclaration['skill'];

/** A skill's ARO rules (rules/skills/): every skill an `aros` declaration names has them. */
function aroRules<N extends AroName>(name: N) {
  return SKILL_MODULES[name].aro!;
}

function aroStep<N extends AroName>(name: N, step: 'checkRefs' | 'allowed' | 'after', c: AroCheck, decl: AroOf<N>): void {
  aroRules(name)[step]?.(c, decl);
}

function aroRange<N extends AroName>(name: N, c: AroCheck, decl: AroOf<N>) {
  return aroRules(name).range?.(c, decl) ?? null;
}

interface Checked {
  decl: AroDeclaration;
  id: string;
  at: { x: number; y: number } | undefined;
  /** COORD-6: the participant of a Coordinated Order it reacts against */
  against: string | undefined;
}

/**
 * COORD-6, COORD-7: the participant a reactor's ARO is against: the one it names (a participant it is
 * eligible against in this window), by default the one its Discover names, else the first it is
 * eligible against in listed order; a reactor that delayed declares again against the same one.
 */
function againstOf(tx: Tx, order: OrderState, player: PlayerId, window: 1 | 2, id: string, decl: AroDeclaration, name: string): string {
  const may = order.eligibleAgainst?.[window - 1]?.[id] ?? [];
  const all = participants(order);
  const named = decl.against ?? ('target' in decl && decl.skill === 'discover' ? decl.target : undefined);
  const chosen = named !== undefined ? requireTrooper(tx.draft, named, player) : may[0];
  if (chosen === undefined || !all.includes(chosen)) refuse('not-eligible', 'COORD-6', `${name} reacts against one trooper of the Coordinated Order: ${named ?? 'none'} is not one of them.`);
  if (!may.includes(chosen)) refuse('not-eligible', 'COORD-6', `${name} has neither Line of Fire nor Zone of Control against ${nameFor(tx.draft, chosen, player)} in this window.`);
  return chosen;
}

/** The checks of one declaration, in the order of the rejection table; returns the trooper and its `at`. */
function checkDeclaration(tx: Tx, player: PlayerId, decl: AroDeclaration, seen: Set<string>, earlier: readonly DeclaredAro[]): Checked {
  const d = tx.draft;
  const whole = currentOrder(tx);
  const window = windowOf(whole)!;
  const id = requireTrooper(d, decl.trooper, player);
  const t = d.troopers[id]!;
  const v = new Checks();
  v.check(() => checkOwner(d, player, id));
  v.check(() => {
    if (t.status === 'unconscious') refuse('wrong-status', 'DMG-3', `${trooperName(d, id)} is Unconscious: it can neither act nor react.`);
    if (t.status !== 'model' && t.status !== 'marker' && t.status !== 'hidden') refuse('wrong-status', null, `${nameFor(d, id, player)} is not on the table.`);
  });
  const name = nameFor(d, id, player);
  v.check(() => {
    // ARO-1: one ARO per trooper per Order, from a trooper eligible in this window.
    if (seen.has(id)) refuse('not-eligible', 'ARO-1', `${name} is named twice: a trooper declares one ARO in an Order.`);
    // ARO-1: a trooper that has reacted in this Order (a reveal as its ARO included) reacts no more;
    // only a delay of window 1 is declared again, in window 2 (ARO-3).
    const before = whole.aros[id];
    if (before && !(before.skill === 'delay' && before.window === 1 && window === 2)) refuse('not-eligible', 'ARO-1', `${name} has already declared its ARO in this Order.`);
    if ((whole.spentAro ?? []).includes(id)) refuse('not-eligible', 'CJ-11', `${name} spent its ARO on the Controlled Jump.`);
    if (!(whole.eligible[window - 1] ?? []).includes(id)) refuse('not-eligible', 'ARO-1', `${name} may not react in this window: it has neither Line of Fire nor Zone of Control, or has already reacted.`);
  });
  v.end();
  // COORD-6: in a Coordinated Order the ARO is checked as against its one participant, seen as its own Order.
  const against = whole.with ? v.value(() => againstOf(tx, whole, player, window, id, decl, name)) ?? undefined : undefined;
  v.end();
  const o = against !== undefined ? viewAs(whole, against) : whole;
  const reactor = windowReactors(tx, o).find((r) => r.id === id)!;
  const sight = windowSight(tx, o, window);
  const active = d.troopers[o.trooper]!;
  const marker = active.status === 'marker';
  const sees = sight.seesAny(reactor);
  // ARO-2: a trooper a template of this Order would affect may Dodge it with neither Line of Fire nor Zone of Control.
  const affected = (o.skills[window - 1]?.affected ?? []).includes(id);
  const c: AroCheck = { tx, order: o, player, window, id, name, reactor, sight, sees, marker, affected, earlier };
  const rules = aroRules(decl.skill);
  v.check(() => aroStep(decl.skill, 'checkRefs', c, decl));
  v.check(() => {
    // CC-3: an Engaged trooper reacts only with a CC Attack or a Dodge.
    if (t.engaged && decl.skill !== 'cc-attack' && decl.skill !== 'dodge') refuse('skill-not-allowed', 'CC-3', `${name} is Engaged: it may only react with a CC Attack or a Dodge.`);
  });
  v.check(() => aroStep(decl.skill, 'allowed', c, decl));
  v.check(() => checkRetreat(tx, player, decl.skill)); // MIS-18
  let at: { x: number; y: number; z?: number } | undefined;
  // ATK-3: an attack's weapon and the points of the window in its range (null: any point will do).
  const range = aroRange(decl.skill, c, decl);
  const inRange = (i: number) => !range || range.inRange(i);
  v.check(() => {
    if (!rules.takesAt || !sees) return;
    // ARO-5: taken at a path point where the reactor has Line of Fire; by default the last such point
    // (for a BS Attack, the last where it is also in range).
    if (decl.at) {
      const i = sight.pointAt(decl.at);
      if (i < 0 || !sight.sees(reactor, i)) refuse('not-visible', 'ARO-5', `${name} has no Line of Fire to the active trooper at the point given.`);
      if (!inRange(i)) refuse('out-of-range', 'ATK-3', `At that point the active trooper is beyond the last band of ${range!.name}.`);
      at = atOf(sight.points, i);
    } else {
      let i = sight.lastSeen(reactor, inRange);
      if (i < 0 && range) refuse('out-of-range', 'ATK-3', `The active trooper is beyond the last band of ${range.name} wherever ${name} sees it.`);
      if (i < 0) i = sight.lastSeen(reactor);
      if (i >= 0) at = atOf(sight.points, i);
    }
  });
  v.check(() => aroStep(decl.skill, 'after', c, decl));
  v.end();
  return { decl, id, at, against };
}

/** ARO-4, HD-10, HD-11, HD-17: a hidden reactor appears as it declares, as its marker when it only delays. */
function appear(tx: Tx, id: string, decl: AroDeclaration): void {
  const t = tx.trooper(id);
  if (t.status !== 'hidden') {
    // TOC-11: a marker declaring anything but a delay against a marker shows its model.
    if (t.status === 'marker' && decl.skill !== 'delay') {
      t.status = 'model';
      tx.emit({ type: 'revealed', player: t.player, trooper: id, as: 'model', x: t.x!, y: t.y!, z: t.z!, facing: t.facing ?? 0 });
    }
    return;
  }
  const spot = revealSpot(tx, id);
  const as = hasSkill(tx.profile(id), 'to-camouflage') && decl.skill === 'delay' ? 'marker' : 'model';
  appearAt(tx, id, spot, as, decl.revealFacing);
}

export const aros = defineCommand({
  do: 'aros',
  schema: COMMAND_SCHEMAS.aros,
  check(tx, cmd) {
    const d = tx.draft;
    const o = d.order;
    const v = new Checks();
    v.check(() => {
      if (d.phase === 'end') refuse('out-of-turn', 'ORD-7', 'The game is over.');
      const waiting = windowPlayer(o);
      if (waiting === null) refuse('out-of-turn', 'ORD-5', 'No ARO window is open.');
      if (waiting !== cmd.player) refuse('out-of-turn', 'ORD-5', `The ARO window is Player ${waiting}'s.`);
    });
    v.end();
    const seen = new Set<string>();
    // CC-13: what is declared before, as the Order would keep it (its trooper, skill and `against`).
    const earlier: DeclaredAro[] = [];
    const window = windowOf(currentOrder(tx))!;
    return cmd.declarations.map((decl) => {
      const c = checkDeclaration(tx, cmd.player, decl, seen, earlier);
      seen.add(c.id);
      earlier.push({ ...decl, trooper: c.id, window, ...(c.against !== undefined ? { against: c.against } : {}) } as DeclaredAro);
      return c;
    });
  },
  effect(tx, cmd, checked) {
    const o = currentOrder(tx);
    const window = windowOf(o)!;
    for (const { decl, id, at, against } of checked) {
      const wasHidden = tx.trooper(id).status === 'hidden';
      appear(tx, id, decl);
      const { against: _against, ...rest } = decl;
      const { trooper: _ref, at: _at, ...fields } = rest;
      const on = against !== undefined ? { against } : {};
      const recorded: DeclaredAro = { ...rest, trooper: id, window, ...(at ? { at } : {}), ...(wasHidden ? { wasHidden } : {}), ...on };
      o.aros[id] = recorded;
      o.aroList.push(recorded);
      tx.emit({ type: 'declared', player: cmd.player, trooper: id, ...fields, window, ...(at ? { at } : {}), ...on } as never);
    }
    if (window === 1) return afterWindowOne(tx, cmd) as CommandOf<'aros'>;
    return resolveOrder(tx, cmd) as CommandOf<'aros'>;
  },
});

export type { Reactor };
