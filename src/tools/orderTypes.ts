/** The Order tool's snapshot, its inputs and what it asks of the page (order.ts is the tool itself). */
import type { Command, GameState, PlanePoint, PlayerId, SkillFields, TemplateShape } from '../core/model/types';
import type { TableKnowledge } from './knowledge';
import type { PathReading } from './reactors';
import type { ApplyResult, Place, SnapAnswer } from '../core/api';

export type OrderToolPhase = 'idle' | 'drawing' | 'aiming';

export interface OrderVerdict {
  ok: boolean;
  rule: string | null;
  code: string | null;
  message: string;
}

export interface OrderToolSnapshot {
  phase: OrderToolPhase;
  trooper: string | null;
  /** `dodge-move`: a successful dodger's move (MOV-20), in stage `dodge-moves` */
  skill: 'move' | 'cautious-move' | 'dodge-move' | 'jump' | 'climb' | 'bs-attack' | null;
  /** the weapon aimed (a direct template) */
  weapon: string | null;
  /** the aimed weapon's template */
  template: TemplateShape | null;
  /** the waypoints; `via: 'ladder'` where the segment ending there takes a ladder (MOV-9) */
  waypoints: (PlanePoint & { via?: 'ladder' })[];
  /** MOV-9: the segment to the pointer takes a ladder: walking is refused there and the ladder is not */
  hoverVia: 'ladder' | null;
  /** where the pointer is: the path's next point, or the aim */
  hover: PlanePoint | null;
  /** the height of the surface under the pointer: a Jump's or a Climb's landing (MOV-11, MOV-13) */
  hoverZ: number;
  /** MOV-14: a Climb to this height straight up (or down) the face from where it stands, ending on the face */
  climbTo: number | null;
  /** MOV-12: a Super-Jumper's Jump as an Entire Order, both MOV values added */
  entire: boolean;
  /** the facing at the end of the Move (default: unchanged) */
  facing: number | null;
  /** MOV-17: go Prone (true) or stand up (false) at the Move's start; null: as the trooper is */
  prone: boolean | null;
  /** where the path ends now (its last waypoint, or the start), and the facing it would end with: the arrow */
  end: Place | null;
  endFacing: number | null;
  length: number;
  /** the MOV value this Move may use */
  mov: number | null;
  verdict: OrderVerdict | null;
  /** TOOL-7 along the path with the pointer's point */
  reading: PathReading | null;
  /** MOV-25: how far the last waypoint was moved to a point the engine takes (inches), or null */
  snapped: number | null;
  /**
   * COORD-13: a Coordinated Move being drawn, one participant after another (`trooper` is the one drawn
   * now): the participants in order, the Spearhead first, and the paths already drawn. Null: one trooper's Order.
   */
  coord: CoordDrawing | null;
}

/** The participants of a Coordinated Move, the Spearhead first, and each path drawn so far (by trooper). */
export interface CoordDrawing {
  members: string[];
  done: Record<string, SkillFields>;
  /**
   * COORD-4: the skill every participant declares, each its own path, landing or aim in turn (a Move by
   * default; a Cautious Move, a Jump, a Climb, or a BS Attack with a direct template aimed on the table)
   */
  skill?: CoordSkill;
  /** the direct template weapon each participant aims (by trooper), for a BS Attack */
  weapons?: Record<string, string>;
}

/** The skills a Coordinated Order's participants draw or aim on the table one after another. */
export type CoordSkill = 'move' | 'cautious-move' | 'jump' | 'climb' | 'bs-attack';

export interface OrderToolHost {
  state(): GameState;
  knowledge(): TableKnowledge;
  player(): PlayerId | null;
  preview(command: Command): ApplyResult;
  dispatch(command: Command): ApplyResult;
  /** MOV-25: the nearest point to the command's last waypoint that the engine takes (the core's `snapWaypoint`); left out: no snapping */
  snap?(command: Command): SnapAnswer | null;
}

/** What the page tells the tool; the pointer comes through `Tool`'s handlers (`move` and `click` are what they do). */
export type OrderToolInput =
  | { type: 'start'; trooper: string; skill: 'move' | 'cautious-move' | 'dodge-move' | 'jump' | 'climb' }
  | { type: 'aim'; trooper: string; weapon: string }
  /** COORD-13: a Coordinated Order of these troopers (the Spearhead first), each path, landing or aim in turn */
  | { type: 'coord'; members: string[]; skill?: CoordSkill; weapons?: Record<string, string> }
  | { type: 'move'; at: PlanePoint | null; z?: number }
  | { type: 'click'; at: PlanePoint | null }
  | { type: 'back' }
  | { type: 'facing'; facing: number | null }
  /** MOV-19: turn the end facing by degrees (Q/E, the wheel, the panel's buttons) */
  | { type: 'turn'; by: number }
  | { type: 'prone'; prone: boolean | null }
  | { type: 'climbTo'; z: number | null }
  | { type: 'entire'; entire: boolean }
  | { type: 'declare' }
  | { type: 'cancel' }
  | { type: 'sync' };

export const IDLE: OrderToolSnapshot = { phase: 'idle', trooper: null, skill: null, weapon: null, template: null, waypoints: [], hoverVia: null, hover: null, hoverZ: 0, climbTo: null, entire: false, facing: null, prone: null, end: null, endFacing: null, length: 0, mov: null, verdict: null, reading: null, snapped: null, coord: null };
