/**
 * Coordinated Orders (COORD-1 to COORD-7, docs/rules/coordinated.md): two to four troopers of one Combat
 * Group under one Regular Order and one Command Token, declaring the same skills. The `order` command
 * with `with` names them (its `trooper` the Spearhead), `each` gives each other participant's own
 * fields. The checks here come in the order the contract gives (the participants, the cost, each
 * participant's fields, then the same skills and targets); declaring goes through each participant's
 * view of the Order (participants.ts), so every skill's own checks apply to it as to a single Order.
 */
import { dict } from '../../dict';
import type { CommandOf, DeclaredSkill, OrderState, PlayerId, SkillFields } from '../../model/types';
import { Checks } from '../checks';
import { factsOf, Refusal, refuse, type Tx } from '../context';
import { checkOwner, nameFor, requireTrooper, resolveRef } from '../refs';
import { SKILL_MODULES } from '../skills/registry';
import { participants, viewAs } from './participants';
import { checkCombination, checkSkillRefs, declareSkill } from './skills';

/** The most troopers a Coordinated Order takes (COORD-2). */
export const MAX_COORDINATED = 4;

/** What the checks of a Coordinated Order found: the other participants in listed order, and each one's fields. */
export interface Coordination {
  others: string[];
  each: Record<string, SkillFields>;
}

/** COORD-1: the player's Command Tokens left (the setup's count until the game has spent one). */
export function commandTokensLeft(tx: Tx, player: PlayerId): number {
  return tx.draft.commandTokens?.[player] ?? factsOf(tx.draft).commandTokens;
}

/** Each other participant's fields: its `each` entry, or the Spearhead's own where none is given. */
function fieldsOf(others: readonly string[], refs: readonly string[], each: Record<string, SkillFields> | undefined, skill: SkillFields): Record<string, SkillFields> {
  const out = dict<SkillFields>();
  others.forEach((id, k) => {
    const given = each?.[refs[k]!] ?? each?.[id];
    out[id] = given ?? skill;
  });
  return out;
}

/** COORD-2: the `each` entries name participants only. */
function checkEachKeys(others: readonly string[], refs: readonly string[], each: Record<string, unknown> | undefined): void {
  for (const k of Object.keys(each ?? {})) {
    if (!others.includes(k) && !refs.includes(k)) refuse('too-many-troopers', 'COORD-2', `"each" names ${k}, which is not one of the Order's other troopers.`);
  }
}

/**
 * COORD-1, COORD-2: the checks of an `order` with `with`, after the Spearhead's own (its turn, owner and
 * state): who takes part, then the cost, then each participant's fields. Returns the participants.
 */
export function checkCoordinated(tx: Tx, cmd: CommandOf<'order'>, spearhead: string, skill: SkillFields): Coordination {
  const d = tx.draft;
  const player = cmd.player;
  const refs = cmd.with ?? [];
  // COORD-2: two to four troopers, each named once.
  let v = new Checks();
  v.check(() => {
    if (refs.length < 1 || refs.length > MAX_COORDINATED - 1) refuse('too-many-troopers', 'COORD-2', `A Coordinated Order takes two to ${MAX_COORDINATED} troopers: name one to ${MAX_COORDINATED - 1} beside the Spearhead.`);
  });
  v.end();
  const others: string[] = [];
  for (const ref of refs) {
    const id = requireTrooper(d, ref, player);
    checkOwner(d, player, id);
    if (id === spearhead || others.includes(id)) refuse('too-many-troopers', 'COORD-2', `${nameFor(d, id, player)} is named twice in the Coordinated Order.`);
    others.push(id);
  }
  checkEachKeys(others, refs, cmd.each);
  const lead = d.troopers[spearhead]!;
  const leadProfile = tx.profile(spearhead);
  for (const id of [spearhead, ...others]) {
    const t = d.troopers[id]!;
    const name = nameFor(d, id, player);
    // COORD-2: each able to act, on the table as a model or a TO Camouflage marker (a hidden trooper spends only its own Order, HD-3).
    if (t.status !== 'model' && t.status !== 'marker') refuse('not-coordinated', 'COORD-2', `${name} cannot take part in a Coordinated Order: only models and markers on the table able to act can.`);
    if (t.group !== lead.group) refuse('not-coordinated', 'COORD-2', `${name} is in Combat Group ${t.group}, the Spearhead in ${lead.group}: a Coordinated Order takes one Combat Group.`);
    if (tx.profile(id).orders !== leadProfile.orders) refuse('not-coordinated', 'COORD-2', `${name} is ${tx.profile(id).orders}, the Spearhead ${leadProfile.orders}: a Coordinated Order takes all Regular or all Irregular troopers.`);
  }
  // COORD-1: one Command Token, then one Regular Order of the group.
  if (commandTokensLeft(tx, player) < 1) refuse('no-command-token', 'COORD-1', `Player ${player} has no Command Token left.`);
  if (cmd.from !== undefined && cmd.from !== 'regular') refuse('no-order', 'COORD-1', 'A Coordinated Order spends a Regular Order of the group: it cannot be paid otherwise.');
  if ((d.pool!.groups[String(lead.group)] ?? 0) < 1) refuse('no-order', 'ORD-2', `Combat Group ${lead.group} has no Regular Order left this turn.`);
  // Each participant's fields, in listed order (the Spearhead's were checked with the single Order's).
  const each = fieldsOf(others, refs, cmd.each, skill);
  v = new Checks();
  for (const id of others) checkSkillRefs(tx, player, id, each[id]!, v);
  v.end();
  return { others, each };
}

/** COORD-1: spends the group's Regular Order and a Command Token, and says so. */
export function spendCoordinated(tx: Tx, player: PlayerId, spearhead: string, others: readonly string[]): void {
  const d = tx.draft;
  tx.own('pool')!.groups[String(d.troopers[spearhead]!.group)]! -= 1;
  const tokens = d.commandTokens === undefined ? (d.commandTokens = { A: factsOf(d).commandTokens, B: factsOf(d).commandTokens }) : tx.own('commandTokens')!;
  tokens[player] -= 1;
  tx.emit({ type: 'coordinated', player, spearhead, with: [...others] });
  tx.emit({ type: 'commandToken', player, left: tokens[player] });
}

/** ORD-6 for each other participant of the Order in progress: its second skill's refs and combination. */
export function checkSecondEach(tx: Tx, o: OrderState, skill: SkillFields, each: Record<string, SkillFields> | undefined, v: Checks): Record<string, SkillFields> {
  const others = o.with ?? [];
  // A participant may be named by its id or, while it is a marker, its marker id.
  const alias = others.map((id) => tx.draft.troopers[id]!.markerId ?? id);
  v.check(() => checkEachKeys(others, alias, each));
  const out = fieldsOf(others, alias, each, skill);
  for (const id of others) {
    checkSkillRefs(tx, o.player, id, out[id]!, v);
    v.check(() => checkCombination(viewAs(o, id), out[id]!, tx.profile(id)));
  }
  return out;
}

/** The troopers a skill names (COORD-4): a Discover's or a Doctor's target, a BS Attack's targets; null: none. */
function targetsOf(tx: Tx, player: PlayerId, s: SkillFields): string[] | null {
  const d = tx.draft;
  if (s.skill === 'bs-attack') return s.targets ? s.targets.map((t) => resolveRef(d, t.target, player) ?? t.target) : null;
  if ('target' in s && typeof s.target === 'string') return [resolveRef(d, s.target, player) ?? s.target];
  return null;
}

/** COORD-4: the same skill for all, and a skill that names a target names the same single one for all. */
function checkSameSkill(tx: Tx, o: OrderState, skill: SkillFields, each: Record<string, SkillFields>): void {
  const mine = targetsOf(tx, o.player, skill);
  const key = (t: string[] | null) => (t === null ? '' : [...t].sort().join('\u0000'));
  for (const id of o.with ?? []) {
    const s = each[id]!;
    const name = nameFor(tx.draft, id, o.player);
    if (s.skill !== skill.skill) refuse('different-targets', 'COORD-4', `Every trooper of a Coordinated Order declares the same skill: ${name} declares ${s.skill}, the Spearhead ${skill.skill}.`);
    const theirs = targetsOf(tx, o.player, s);
    if (key(theirs) !== key(mine)) refuse('different-targets', 'COORD-4', `Every trooper of a Coordinated Order names the same target: ${name} names another.`);
  }
  if (mine !== null && mine.length > 1) refuse('different-targets', 'COORD-4', 'A Coordinated Order names one single target for all its troopers.');
}

/**
 * COORD-5, COORD-9: movement resolves in listed order, the Spearhead first. A participant whose
 * movement in skill `k`, checked again with the participants before it where that skill leaves them,
 * is refused (its path blocked by one that moved before it) does Idle in its place.
 */
function markBlocked(tx: Tx, o: OrderState, k: number, each: Record<string, SkillFields>): void {
  const d = tx.draft;
  const list = participants(o);
  for (let i = 1; i < list.length; i++) {
    const id = list[i]!;
    const mine = o.skills[k]!.each![id]!;
    if (!SKILL_MODULES[mine.skill].moves) continue;
    const saved = list.slice(0, i).map((j) => {
      const t = tx.trooper(j);
      const was = { x: t.x, y: t.y, z: t.z };
      const mineBefore = viewAs(o, j).skills;
      // Where it stands once it has moved: after this skill, or (doing Idle) after the one before.
      const s = mineBefore[k]!.idleInstead ? mineBefore[k - 1] : mineBefore[k];
      if (s) {
        const end = s.points.at(-1)!;
        Object.assign(t, { x: end.x, y: end.y, z: end.z });
      }
      return [t, was] as const;
    });
    const prone = d.troopers[id]!.prone;
    try {
      declareSkill(tx, viewAs({ ...o, skills: o.skills.slice(0, k) }, id), each[id]!);
    } catch (e) {
      if (!(e instanceof Refusal)) throw e;
      mine.idleInstead = true;
    } finally {
      for (const [t, was] of saved) Object.assign(t, was);
      tx.trooper(id).prone = prone;
    }
  }
}

/**
 * Declares one skill for every participant (COORD-4): the Spearhead's at the top, each other's in the
 * skill's `each`, each from where its own skills before left it; then the same skill and target for
 * all, then who is blocked (COORD-5). Emits a `declared` for each, the Spearhead first.
 */
export function declareAll(tx: Tx, o: OrderState, skill: SkillFields, each: Record<string, SkillFields>, from?: string): DeclaredSkill {
  const k = o.skills.length;
  const views = dict<OrderState>();
  for (const id of o.with ?? []) views[id] = viewAs(o, id);
  const top = declareSkill(tx, o, skill);
  const out = dict<DeclaredSkill>();
  for (const id of o.with ?? []) out[id] = declareSkill(tx, views[id]!, each[id]!);
  top.each = out;
  o.skills.push(top);
  checkSameSkill(tx, o, skill, each);
  markBlocked(tx, o, k, each);
  tx.emit({ type: 'declared', player: o.player, trooper: o.trooper, ...skill, ...(from ? { from } : {}) } as never);
  for (const id of o.with ?? []) tx.emit({ type: 'declared', player: o.player, trooper: id, ...each[id]! } as never);
  return top;
}
