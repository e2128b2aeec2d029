/**
 * The core's public face: everything the interface (src/ui, src/tools, src/scene) asks of the rules
 * engine goes through this file, besides the model's types (model/types.ts). A test fails on any other
 * import of the core from those folders (src/core/imports.test.ts). Each answer here is the engine's own:
 * the interface shows it and computes no rule of its own. What only the army and table editors need is
 * in apiFiles.ts, so that it stays out of the JavaScript loaded before the first frame.
 */

import { orderCommand as baseOrderCommand } from './answers';
import { lieutenantOf } from './rules/initiative/lieutenant';
import { resolveRef } from './rules/refs';
import { factsOf as factsNow } from './rules/context';
import type { GameState, PlayerId } from './model/types';
import type { Command } from './model/commands';

// ---------------------------------------------------------------- games: commands, files, replays
export { apply, createGame, isQuery, replay, RULE_SET, type ApplyResult, type ReplayResult } from './engine';
export { GameFileError, parseGameFile, parseGameFileText } from './gamefile';
export { commandSchema } from './model/commands';
export { dict } from './dict';
export type { EngineContext, ScenerySolid } from './ports';

// ---------------------------------------------------------------- what a player may know
export { knownProfiles, nameNow, publicState, viewEvents, viewFor, type OrderView, type PoolView, type PublicState, type SkillView, type StateView, type TrooperView, type Viewer } from './view';
export { actingPlayer, speakerOf } from './acting';
export { controlledJumpMayBeDeclared, hideableTroopers, seatHasPrivate, windowNeedsHandOver, type HandOverAnswer, type HandOverReason } from './handOver';

// ---------------------------------------------------------------- the rule answers the interface shows
export {
  combatJumpOdds,
  dieResult,
  discoverOdds,
  initiativeOdds,
  lieutenantWips,
  markDice,
  nextTurnPool,
  openWindow,
  coordinatedCommand,
  plannedOdds,
  type DieMark,
  type DiscoverOdds,
  type NextPool,
  type OpenWindow,
  type RollKind,
  type RollOdds,
} from './answers';
export { isDie } from './rules/dice';
export { hasSkill } from './rules/skills';
export { skillModule, SKILL_MODULES } from './rules/skills/registry';
export { ccWeaponList } from './rules/skills/ccAttack/weapon';
/** CC-13: the troopers that may make a CC Attack on given targets (the active trooper first), for the `attacker` choice */
export { ccAttackers } from './rules/skills/ccAttack/skill';
/** CC-10: the attacker's allies in a target's close combat, one of whom a near miss hits (`stray`) */
export { alliesInCloseCombat as nearMissAllies } from './rules/skills/bsAttack/skill';
export type { AnySkillName, SkillKind, SkillWords } from './rules/skills/skill';

// ---------------------------------------------------------------- the table: measures, sight, templates, zones
export { endpoint, lineOfFireBetween, templateHits, type LofAnswer } from './rules/queries';
export { possibleReactors, Sight } from './rules/aros/sight';
export { LandingJudge, type LandingMap } from './rules/landing';
export { deploymentZoneOf, isOnTable, lofFacing, silhouetteAt, silhouetteOf } from './rules/placement';
export { lengthText, pathLength, pathPoints, type Place } from './rules/movement/path';
export { DODGE_MOVE } from './rules/movement/dodgeMove';
export { snapWaypoint, SNAP_REACH, type SnapAnswer } from './rules/movement/snap';
export { flightLength } from './rules/movement/vertical';
export { facingTowards } from './rules/attacks/shot';
export { tableZones, zoneOfControl, type TableZones } from './rules/zones';
export { factsOf } from './rules/context';
export { resolveFacts, type Facts, type SilhouetteId } from './data/facts';
export { markerProfile } from './model/profile';
export { buildSceneryModel } from './geometry/scenery';
export { facingVector, type Cylinder } from './geometry/shapes';
export { templateShape, type TemplateKind, type TemplatePlacement, type TemplateShape } from './geometry/templates';
export type { Vec3 } from './geometry/segments';

// ---------------------------------------------------------------- ORD-3, COORD-1: which Order pays

/**
 * ORD-3: whether `player`'s own `trooper` may take its next Order from the Lieutenant Special Order:
 * 'only' when it is the Lieutenant's one Order left (orderCommand names it by itself), 'may' when
 * Regular or Irregular Orders remain and the player may still choose to spend it, null otherwise
 * (not its Lieutenant, the Order spent, an Order in progress). Asked for the player's own screen only:
 * who the Lieutenant is stays private to it (GRP-4).
 */
export function lieutenantOrderChoice(state: GameState, player: PlayerId, trooper: string): 'only' | 'may' | null {
  const pool = state.pool;
  const id = resolveRef(state, trooper, player);
  const t = id === null ? undefined : state.troopers[id];
  if (!pool || state.order || state.active !== player || !t || t.player !== player || t.status === 'hidden' || pool.lieutenant < 1) return null;
  if (lieutenantOf(state, player) !== id) return null;
  return 'from' in baseOrderCommand(state, player, trooper, { skill: 'idle' }) ? 'only' : 'may';
}

/** The command of an Order, as answers.orderCommand builds it; `onLieutenant`: the player chose to spend the Lieutenant Special Order (ORD-3). */
export function orderCommand(state: GameState, player: PlayerId, trooper: string, skill: Parameters<typeof baseOrderCommand>[3], onLieutenant = false): Command {
  const cmd = baseOrderCommand(state, player, trooper, skill);
  return onLieutenant && cmd.do === 'order' && lieutenantOrderChoice(state, player, trooper) === 'may' ? ({ ...cmd, from: 'lieutenant' } as Command) : cmd;
}

/**
 * COORD-1: why `player` may give no Coordinated Order this turn (null: one may be tried): it spends a
 * Regular Order and a Command Token; in a Loss of Lieutenant turn every Order is Irregular (MIS-16).
 */
export function coordinatedOrderClosed(state: GameState, player: PlayerId): { rule: string; message: string } | null {
  const pool = state.pool;
  if (!pool || state.active !== player) return null;
  if (state.score?.lossOfLieutenant[player]) return { rule: 'COORD-1', message: 'Loss of Lieutenant: every Order of this turn is Irregular, and a Coordinated Order spends a Regular Order.' };
  if (!Object.values(pool.groups).some((n) => n > 0)) return { rule: 'COORD-1', message: 'No Combat Group has a Regular Order left: a Coordinated Order spends one.' };
  if ((state.commandTokens?.[player] ?? factsNow(state).commandTokens) < 1) return { rule: 'COORD-1', message: `Player ${player} has no Command Token left.` };
  return null;
}
