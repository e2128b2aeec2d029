/**
 * The core's public face: everything the interface (src/ui, src/tools, src/scene) asks of the rules
 * engine goes through this file, besides the model's types (model/types.ts). A test fails on any other
 * import of the core from those folders (src/core/imports.test.ts). Each answer here is the engine's own:
 * the interface shows it and computes no rule of its own. What only the army and table editors need is
 * in apiFiles.ts, so that it stays out of the JavaScript loaded before the first frame.
 */

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
  orderCommand,
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
