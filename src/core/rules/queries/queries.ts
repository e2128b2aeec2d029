/**
 * Commands that change nothing: `measure` (TOOL-1), `lof` (TOOL-2) and `odds`. Each may carry the
 * `player` asking (GAME-TURN.md, "Changed"): its ids are then read as that player knows them, and the
 * answer shows only in that player's view.
 */
import { cylinderGap, type Cylinder } from '../../geometry/shapes';
import type { CommandOf, GameState, PlayerId, TargetRef } from '../../model/types';
import { defineCommand } from '../command';
import { COMMAND_SCHEMAS } from '../../model/commands';
import { refuse } from '../context';
import { faceToFaceOdds, normalOdds } from '../dice';
import { burstOdds, woundsOf } from '../attacks/burst';
import { isOnTable, silhouetteOf } from '../placement';
import { nameFor, requireTrooper } from '../refs';
import { lineOfFireAnswer, lofQuery, lofQueryFromPoint } from './lineOfFire';

function pointCylinder(ref: Exclude<TargetRef, string>): Cylinder {
  return { x: ref.x, y: ref.y, z: ref.z ?? 0, r: 0, h: 0 };
}

/** A trooper named as a measuring end: on the table as a model or marker (HD-2). */
function onTableTrooper(state: GameState, ref: string, player: PlayerId | null): string {
  const id = requireTrooper(state, ref, player);
  // HD-2: a hidden or airborne trooper is not on the table; nothing measures to it.
  if (!isOnTable(state.troopers[id]!)) refuse('wrong-status', null, `${ref === id ? nameFor(state, id, player) : ref} is not on the table.`);
  return id;
}

/** A measuring end: a point is a silhouette of no size; a trooper must be on the table (HD-2). */
export function endpoint(state: GameState, ref: TargetRef, player: PlayerId | null = null): Cylinder {
  if (typeof ref !== 'string') return pointCylinder(ref);
  return silhouetteOf(state, onTableTrooper(state, ref, player))!;
}

/** Both ends' ids are resolved before either end's status is judged: unknown-trooper comes first. */
function resolveEnds(state: GameState, from: TargetRef, to: TargetRef, player: PlayerId | null): void {
  for (const ref of [from, to]) if (typeof ref === 'string') requireTrooper(state, ref, player);
}

export const measure = defineCommand({
  do: 'measure',
  query: true,
  schema: COMMAND_SCHEMAS.measure,
  check(tx, cmd) {
    const player = cmd.player ?? null;
    resolveEnds(tx.draft, cmd.from, cmd.to, player);
    return { a: endpoint(tx.draft, cmd.from, player), b: endpoint(tx.draft, cmd.to, player) };
  },
  effect(tx, cmd, { a, b }) {
    // TOOL-1: the distance between the closest points of two silhouette cylinders, unrounded.
    tx.emit({ type: 'distance', inches: Math.max(0, cylinderGap(a, b)) });
    return cmd;
  },
});

export const lof = defineCommand({
  do: 'lof',
  query: true,
  schema: COMMAND_SCHEMAS.lof,
  check(tx, cmd) {
    const d = tx.draft;
    const player = cmd.player ?? null;
    resolveEnds(d, cmd.from, cmd.to, player);
    const from = typeof cmd.from === 'string' ? onTableTrooper(d, cmd.from, player) : pointCylinder(cmd.from);
    if (typeof cmd.to !== 'string') refuse('bad-command', null, 'Line of Fire is checked to a trooper: name the target by its id.');
    const to = onTableTrooper(d, cmd.to, player);
    return { query: typeof from === 'string' ? lofQuery(d, from, to) : lofQueryFromPoint(d, from, to), to };
  },
  effect(tx, cmd, { query, to }) {
    // TOOL-2: whether the target is seen, and whether it has Partial Cover; a point sees all round.
    const answer = lineOfFireAnswer(tx, query, to);
    tx.emit({ type: 'lof', visible: answer.visible, cover: answer.cover, seen: answer.fraction });
    return cmd;
  },
});

/**
 * The figures of an `odds` query (TOOL-8), as its event gives them: the plain chances of a Normal or a
 * one-die Face to Face roll, every scoring outcome, and the Wounds each side's hits take. The table's
 * own odds (api.ts) are these same figures, made from the Order's planned rolls.
 */
export function oddsOf(cmd: Pick<CommandOf<'odds'>, 'a' | 'b' | 'burstA' | 'burstB' | 'templateA' | 'damageA' | 'damageB'>): Record<string, unknown> {
  const burstA = cmd.templateA ? 1 : (cmd.burstA ?? 1);
  const burstB = cmd.burstB ?? 1;
  const plain = burstA === 1 && burstB === 1 && !cmd.templateA;
  const o = burstOdds(cmd.a, burstA, cmd.b ?? null, burstB, cmd.templateA ?? false);
  const extra: Record<string, unknown> = { outcomes: o.outcomes, none: o.none };
  const side = (s: 'A' | 'B') => o.outcomes.filter((x) => x.side === s);
  if (cmd.damageA) extra.woundsA = woundsOf(side('A'), cmd.damageA.ammo, cmd.damageA.attackDamage);
  if (cmd.damageB) extra.woundsB = woundsOf(side('B'), cmd.damageB.ammo, cmd.damageB.attackDamage);
  if (cmd.b === undefined) return { ...(plain ? normalOdds(cmd.a) : {}), ...extra };
  return { ...(plain ? faceToFaceOdds(cmd.a, cmd.b) : {}), ...extra };
}

/**
 * Exact chances (TOOL-8): a Normal roll, or a Face to Face roll, with Bursts (1 to 5), a template
 * against a Dodge, and the Wounds each side's hits take: counted over every die, then the saves
 * binomially, divided once.
 */
export const odds = defineCommand({
  do: 'odds',
  query: true,
  schema: COMMAND_SCHEMAS.odds,
  check(_tx, cmd) {
    for (const [k, v] of [['burstA', cmd.burstA], ['burstB', cmd.burstB]] as const) {
      if (v !== undefined && (v < 1 || v > 5)) refuse('bad-burst', 'TOOL-8', `${k} is ${v}: a Burst from 1 to 5 is counted.`);
    }
  },
  effect(tx, cmd) {
    tx.emit({ type: 'odds', ...oddsOf(cmd) } as never);
    return cmd;
  },
});
