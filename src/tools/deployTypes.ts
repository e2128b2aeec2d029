/**
 * The deployment tool's shapes (its snapshot, the input the page gives it, the engine's verdict) and the
 * small answers it and the panel share: facing towards the centre, the modes a trooper may deploy in.
 */
import type { Command, DeployAs, GameEvent, GameState, PlayerId, Point, Skill } from '../core/model/types';
import type { ApplyResult } from '../core/api';

export type DeployPhase = 'idle' | 'picking' | 'placing' | 'pinned' | 'turning' | 'rolling';

export interface DeployOptions {
  /** DEP-5: any trooper may deploy Prone */
  prone: boolean;
  /** model, or (with the skill) TO Camouflage marker or Hidden Deployment */
  as: DeployAs;
  /** HD-1: a hidden trooper's private record says whether it is in Cover */
  cover: boolean;
}

/** The engine's answer for the spot under the pointer. */
export interface Verdict {
  ok: boolean;
  /** the rule refused under (RULES.md ID), or null */
  rule: string | null;
  code: string | null;
  /** the engine's sentence when refused; what a click will do when legal */
  message: string;
  /** a roll decides (Infiltration into the other half): its target */
  rollTarget: number | null;
  /** the height of the surface the base would stand on */
  z: number | null;
}

export interface Notice {
  /** info: what a click did; warning: what is owed now (a fallback); error: why a click did nothing */
  tone: 'info' | 'warning' | 'error';
  text: string;
}

export interface DeploySnapshot {
  phase: DeployPhase;
  /** the trooper in hand */
  trooper: string | null;
  /** `fallback` after a failed Infiltration roll (HD-4): the trooper goes to its own table edge */
  kind: 'deploy' | 'fallback';
  /** the spot under the pointer, table inches (z: the surface under it) */
  at: Point | null;
  /** degrees counter-clockwise from north */
  facing: number;
  options: DeployOptions;
  verdict: Verdict | null;
  /** what the last click did, or why it did nothing */
  notice: Notice | null;
  /** the last press on the table was a finger's: the ghost waits for a second tap (or Place here) */
  touch: boolean;
}

/** What the tool needs from the page: the game, the engine's answers, and names for its notices. */
export interface DeployHost {
  state(): GameState;
  /** the player placing troopers now (the one seated), or null when nobody may */
  player(): PlayerId | null;
  preview(command: Command): ApplyResult;
  dispatch(command: Command): ApplyResult;
  name(trooper: string): string;
}

/** What the page (or a test) tells the tool besides the pointer, which comes through `Tool`'s handlers. */
export type DeployInput =
  | { type: 'pick'; trooper: string; options?: Partial<DeployOptions> }
  | { type: 'turn'; by: number }
  /** place the trooper where its ghost stands (the panel's Place here, after a tap put the ghost down) */
  | { type: 'place' }
  | { type: 'options'; options: Partial<DeployOptions> }
  | { type: 'roll'; value: number }
  | { type: 'cancel' }
  | { type: 'sync' };

/** One wheel notch or one Q/E press turns the ghost this far. */
export const TURN_STEP = 15;
/** A drag from the ghost turns it in steps this fine. */
export const DRAG_TURN_STEP = 5;
/** A tap this near the ghost's base edge (inches; or as far as the finger spans, `reach`) is a tap on it. */
export const GHOST_REACH = 0.5;

export const DEFAULT_OPTIONS: DeployOptions = { prone: false, as: 'model', cover: false };
/** Nothing in hand: the tool at rest (and the page's handle before the tool is fetched, `deployHandle.ts`). */
export const IDLE_SNAPSHOT: DeploySnapshot = { phase: 'idle', trooper: null, kind: 'deploy', at: null, facing: 0, options: DEFAULT_OPTIONS, verdict: null, notice: null, touch: false };

/** Facing towards the middle of the table from the player's Deployment Zone: where troopers usually look. */
export function facingTowardsCentre(state: GameState, player: PlayerId): number {
  const zoneName = state.initiative.zones?.[player];
  const zone = zoneName ? state.setup.zones.deployment[zoneName] : undefined;
  if (!zone) return 0;
  const { width, depth } = state.setup.table;
  const dx = width / 2 - (zone.x + zone.w / 2);
  const dy = depth / 2 - (zone.y + zone.d / 2);
  if (Math.abs(dy) >= Math.abs(dx)) return dy >= 0 ? 0 : 180;
  return dx >= 0 ? 270 : 90;
}

export function placedZ(events: GameEvent[]): number | null {
  const placed = events.find((e) => e.type === 'placed');
  return placed && placed.type === 'placed' ? placed.z : null;
}


/**
 * How a trooper may be deployed, for the options shown: always as a model; as a TO Camouflage marker
 * with TO Camouflage; in Hidden Deployment with Hidden Deployment. The engine still judges every
 * command (`no-skill`); this only keeps buttons off the screen that would never work.
 */
export function deployModes(skills: readonly Skill[]): DeployAs[] {
  const out: DeployAs[] = ['model'];
  if (skills.includes('to-camouflage')) out.push('marker');
  if (skills.includes('hidden-deployment')) out.push('hidden');
  return out;
}
