/**
 * The game's plain, serialisable records. Lengths in inches, angles in degrees,
 * table coordinates z up with (0, 0, 0) the south-west corner of the table top.
 */
import type { FactOverrides, SilhouetteId } from '../data/facts';
import type { TemplatePlacement } from '../geometry/templates';
import type { AroDeclaration, SkillFields } from '../rules/skills/fields';
import type { MissionSetup } from '../rules/missions/format';
import type { GameResult, PerPlayer, ScoreState, ScoringMoment } from './mission';
import type { CcWeapon } from './ccWeapon';
export type { GameResult, PerPlayer, ScoreState, ScoringMoment, ZoneCount } from './mission';
export type { MissionSetup } from '../rules/missions/format';
import type { Command } from './commands';

export type PlayerId = 'A' | 'B';
export const PLAYERS: readonly PlayerId[] = ['A', 'B'];
export function otherPlayer(p: PlayerId): PlayerId {
  return p === 'A' ? 'B' : 'A';
}

export const SKILLS = [
  'lieutenant',
  'combat-jump',
  'combat-jump-explosion',
  'hidden-deployment',
  'to-camouflage',
  'infiltration',
  'forward-deployment-4',
  'forward-deployment-8',
  'controlled-jump',
  'tactical-awareness',
  'sensor',
  'super-jump', 'climbing-plus', // MOV-12, MOV-15 (docs/rules/movement.md)
  // MIS-13: Specialist Troops
  'hacker',
  'doctor',
  'engineer',
  'forward-observer',
  'specialist-operative',
] as const;
export type Skill = (typeof SKILLS)[number];

export interface Point {
  x: number;
  y: number;
  z?: number | undefined;
}

/** A rectangle on the table: (x, y) its south-west corner, w along x, d along y. */
export interface Rect {
  x: number;
  y: number;
  w: number;
  d: number;
}

export interface Zone extends Rect {
  id: string;
}

/** A side of a piece's unturned footprint: `n` faces +y, `e` +x, `s` -y, `w` -x (docs/rules/movement.md, section 4). */
export type TerrainSide = 'n' | 'e' | 's' | 'w';

/**
 * MOV-10: a hole in an open building's wall. `at`: its centre from the side's middle (towards +x on
 * `n`/`s`, +y on `e`/`w`); `w` its width; `z` its sill above the building's base; `h` its height.
 */
export interface Opening {
  side: TerrainSide;
  at: number;
  w: number;
  z: number;
  h: number;
  kind: 'door' | 'window' | 'gap';
  /** `wide` (the default) takes every trooper, `narrow` only Silhouette 2 or lower */
  access?: 'wide' | 'narrow' | undefined;
}

/** MOV-21: a slab inside an open building's walls, its top at z; x, y, w, d in the building's frame (default the whole interior). */
export interface Floor {
  z: number;
  x?: number | undefined;
  y?: number | undefined;
  w?: number | undefined;
  d?: number | undefined;
}

/** MOV-9: a ladder on a face, from the surface at `from` (default 0) to the one at `to` (default the top). */
export interface Ladder {
  side: TerrainSide;
  at: number;
  /** its width, default 1 */
  w?: number | undefined;
  /** on an open building's inner face */
  inside?: boolean | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

export interface BlockTerrain {
  id: string;
  kind: 'block';
  /** centre of the footprint */
  x: number;
  y: number;
  w: number;
  d: number;
  h: number;
  rotation: number;
  ladders?: Ladder[] | undefined;
}

export interface BuildingTerrain extends Omit<BlockTerrain, 'kind'> {
  kind: 'building';
  roof: boolean;
  /** MOV-21: `closed` (the default) nothing stands inside; `open` one enters it through its openings */
  interior?: 'open' | 'closed' | undefined;
  floors?: Floor[] | undefined;
  openings?: Opening[] | undefined;
}

export type Terrain = BlockTerrain | BuildingTerrain;

export interface Objective {
  id: string;
  x: number;
  y: number;
  r: number;
}

export type Ammo = 'N' | 'DA' | 'EXP';
export type TemplateShape = 'circular' | 'small-teardrop' | 'large-teardrop';

/** A range band: its upper bound in inches (the band includes it) and the MOD it gives. */
export type RangeBand = [upTo: number, mod: number];

/**
 * A weapon in a profile (GAME-TURN.md): Burst, Damage, ammunition, the save it forces, its range bands
 * (beyond the last one: out of range) and, for a template weapon, its template and kind.
 */
export interface Weapon {
  id: string;
  name: string;
  burst: number;
  damage: number;
  ammo: Ammo;
  save: 'arm' | 'bts';
  /** absent for a direct template weapon */
  ranges?: RangeBand[];
  template?: TemplateShape;
  kind?: 'direct' | 'impact';
}

export type OrderType = 'regular' | 'irregular';

export interface TrooperProfile {
  id: string;
  name: string;
  s: SilhouetteId;
  wip: number;
  ph: number;
  arm: number;
  bts: number;
  w: number;
  skills: Skill[];
  /** the two MOV values, inches */
  mov: [number, number];
  bs: number;
  cc: number;
  orders: OrderType;
  /** its Combat Group at the start of the game */
  group: number;
  points: number;
  /** its Surprise Attack MOD (ATK-4) */
  surpriseAttack: number;
  weapons: Weapon[];
  /** MIS-15: its Wounds are Structure (an Engineer repairs it, a Doctor does not) */
  structure?: boolean | undefined;
  ccWeapons?: CcWeapon[] | undefined; // CC-12: its close combat weapons (close-combat.md §3); absent: Bare-Handed only
}

export interface PlayerSetup {
  name: string;
  troopers: TrooperProfile[];
}

export type DiceSetup = { seed: number } | { random: true } | { manual: true };

/** Everything in a game file but its commands. It never changes during a game. */
export interface Setup {
  format: 'infinity-table/1';
  rules: 'N4';
  table: { width: number; depth: number };
  zones: { deployment: Record<string, Rect>; exclusion: Zone[] };
  terrain: Terrain[];
  objectives: Objective[];
  players: Record<PlayerId, PlayerSetup>;
  dice: DiceSetup;
  facts: FactOverrides;
  /** the mission laid on this table (docs/rules/missions.md, MIS-1); absent: a game without a mission */
  mission?: MissionSetup;
}

export interface GameFile extends Setup {
  commands: Command[];
}

export { CC_AMMO, type CcAmmo, type CcDamage, type CcWeapon } from './ccWeapon';
// ---------------------------------------------------------------- commands

// The commands and skills are derived from the file format's schemas (model/commands.ts,
// rules/skills/fields.ts): there is no hand-written twin of them here.
export type { Command, CommandName, CommandOf } from './commands';
export type { AroDeclaration, AroSkillName, SkillFields, SkillName } from '../rules/skills/fields';

export type InitiativeAttempt = { A: number; B: number };
export type DeployAs = 'model' | 'marker' | 'hidden';
export type TargetRef = string | Point;
export type OrderSource = 'regular' | 'irregular' | 'lieutenant' | 'own';

/** A point of the table a path or an aim names (z comes from the surface). */
export interface PlanePoint {
  x: number;
  y: number;
}

/** The player giving a command, or null for one nobody gives (the initiative roll, a query of the whole game). */
export function commandPlayer(cmd: Command): PlayerId | null {
  return 'player' in cmd && cmd.player !== undefined ? cmd.player : null;
}
// ---------------------------------------------------------------- state

export type Phase = 'initiative' | 'choices' | 'deployment' | 'game' | 'end';
export type Step = 'main' | 'last';

export type TrooperStatus =
  | 'undeployed'
  | 'reserve'
  | 'model'
  | 'marker'
  | 'hidden'
  | 'off-table'
  | 'awaiting-fallback'
  /** DMG-3: at 0 Wounds, a Prone model that can neither act nor react */
  | 'unconscious'
  | 'removed';

export interface TrooperState {
  player: PlayerId;
  status: TrooperStatus;
  x: number | null;
  y: number | null;
  z: number | null;
  facing: number | null;
  prone: boolean;
  onWall?: boolean; // MOV-14: hanging on a vertical face, its underside in the air (movement.md)
  engaged?: boolean; // CC-2: in contact with an enemy model, neither Unconscious (close-combat.md); absent otherwise
  fixed: boolean;
  /** recorded for a hidden trooper (HD-1) */
  cover?: boolean;
  /** the marker id this trooper has had, kept when placed again */
  markerId?: string;
  /** remaining Wounds */
  wounds: number;
  /** its Combat Group now (GRP-1, GRP-3) */
  group: number;
}

/**
 * The Orders the active player has left this turn (ORD-1 to ORD-4): each Combat Group's pool of Regular
 * Orders, each trooper's Irregular Orders, and the Lieutenant Special Order.
 */
export interface Pool {
  groups: Record<string, number>;
  irregular: Record<string, number>;
  lieutenant: number;
}

export interface InitiativeState {
  winner: PlayerId | null;
  deploymentKeeper: PlayerId | null;
  initiativeKeeper: PlayerId | null;
  firstDeployer: PlayerId | null;
  firstTurn: PlayerId | null;
  zones: Record<PlayerId, string> | null;
}

/** The state of the dice generator: a seeded stream's position, or where rolls come from. */
export type DiceState = { mode: 'seed'; a: number } | { mode: 'random' } | { mode: 'manual' };

/** A roll that failed and owes a `fallback` as the player's next command (CJ-7, HD-4). */
export interface PendingFallback {
  player: PlayerId;
  trooper: string;
  reason: 'infiltration' | 'combat-jump';
  /** a failed Combat Jump (Explosion) explodes once the fallback fixes where the jumper is (CJ-10) */
  explosion?: boolean;
  /** the hacker named for the jump's Controlled Jump (CJ-11): an enemy one has spent its ARO */
  hacker?: string;
}

export interface GameState {
  setup: Setup;
  /** how many commands have been applied: the index of the next one */
  applied: number;
  phase: Phase;
  step: Step | null;
  round: number;
  active: PlayerId | null;
  initiative: InitiativeState;
  keptBack: Partial<Record<PlayerId, number>>;
  troopers: Record<string, TrooperState>;
  /** marker ids given so far, by player */
  markerCount: Record<PlayerId, number>;
  dice: DiceState;
  pendingFallback: PendingFallback | null;
  /** the trooper each player kept back at the end of its main step (Private Information) */
  reserveOf: Partial<Record<PlayerId, string>>;
  /** TOC-6: the markers each trooper failed to Discover, until the next turn */
  discoverLocks: Record<string, string[]>;
  /** the trooper that jumped in the current Order: it has no Partial Cover until the next one (CJ-4) */
  orderJumper: string | null;
  /** the active player's Orders left this turn; null before the game and after its end (ORD-1) */
  pool: Pool | null;
  /** how many Orders the active player has given this turn (GRP-3: regroup comes before the first) */
  ordersGiven: number;
  /** whether each player's Lieutenant has shown itself by spending the Lieutenant Special Order (GRP-4) */
  lieutenantKnown: Record<PlayerId, boolean>;
  /** the Order being played (ORD-5), or null */
  order: OrderState | null;
  /** the mission's score (missions.md §4): only in a game with a mission (MIS-1) */
  score?: ScoreState;
  /** COORD-1: each player's Command Tokens left (Open Information); present once a game counts them */
  commandTokens?: Record<PlayerId, number>;
}

export type OrderStage = 'aro1' | 'second' | 'aro2' | 'rolls' | 'saves' | 'dodge-moves';

/** A skill declared in an Order, with what the engine worked out for it (the `at` and `from` used). */
export type DeclaredSkill = (SkillFields | { skill: 'combat-jump' }) & {
  /** where the trooper stands at each path point of a Move (start first), and where it acts from otherwise */
  points: { x: number; y: number; z: number }[];
  /** its facing while it acts */
  facing: number;
  /** rolled already, at its own command (the older `discover` command, GAME-TURN.md) */
  resolved?: boolean;
  /** a direct template's placement, laid when declared (TPL-1) */
  placement?: TemplatePlacement;
  /** the troopers that template affects as it lies */
  affected?: string[];
  /** the marker a Discover earlier in the Order must reveal for this attack to be made (TOC-4) */
  gate?: string;
  onWall?: boolean; // MOV-14: a Climb ending on the face
  contact?: string[]; // CC-1: the enemies a movement ends in contact with
  coupDeGrace?: string[]; // CC-9: a CC Attack's targets Unconscious when declared
  /** COORD-4: each other participant's own declaration of this skill, by id (coordinated.md) */
  each?: Record<string, DeclaredSkill>;
  /** COORD-5: this participant does Idle in its place (its path blocked by one that moved before it) */
  idleInstead?: boolean;};

/** A hit waiting for its saves (DMG-1, DMG-2). */
export interface PendingHit {
  by: string;
  target: string;
  critical: boolean;
  weapon: Pick<Weapon, 'damage' | 'ammo' | 'save'>;
  cover: boolean;
}

/** An ARO as the Order keeps it: a declaration of `aros`, or a hidden trooper's `reveal` in ARO ('appear'). */
export type DeclaredAro = (AroDeclaration | { trooper: string; skill: 'appear'; declares: string }) & { window: 1 | 2; at?: PlanePoint; revealFacing?: number; wasHidden?: boolean; against?: string };

/** The Order in progress (GAME-TURN.md: State, `order`), with the engine's own bookkeeping. */
export interface OrderState {
  player: PlayerId;
  trooper: string;
  from: OrderSource;
  stage: OrderStage;
  skills: DeclaredSkill[];
  /** the last ARO of each reacting trooper */
  aros: Record<string, DeclaredAro>;
  /** the dice each trooper owes in stage `rolls` or `saves` */
  needs: Record<string, number>;
  /** every ARO in the order declared (window 1, then window 2): the draw order of their dice */
  aroList: DeclaredAro[];
  /** the troopers eligible in each window so far */
  eligible: string[][];
  /** enemies that spent their ARO of this Order before its windows (CJ-11: the Controlled Jump hacker) */
  spentAro?: string[];
  /** whether the active trooper began the Order hidden or as a marker (HD-15, TOC-7) */
  began: 'model' | 'marker' | 'hidden';
  /** an Entire Order (Cautious Movement, Camouflage, a Combat Jump): one window only */
  entire: boolean;
  /** dice given in stage `rolls` and `saves`, by trooper, in draw order */
  given: Record<string, number[]>;
  /** the hits the rolls made, waiting in stage `saves` */
  hits?: PendingHit[];
  // MOV-20: the successful dodgers (at the judging), those still owing a `dodgeMove` in stage `dodge-moves` in the order they move, and whose moves next
  dodgers?: string[];
  dodgeMoves?: string[];
  dodgePlayer?: PlayerId;
  /** COORD-2: a Coordinated Order's other participants, in listed order (`trooper` is the Spearhead) */
  with?: string[];
  /** COORD-6: by window, the participants each eligible reactor may react against */
  eligibleAgainst?: Record<string, string[]>[];
  /** ATK-4, COORD-10: how each participant began the Order */
  beganEach?: Record<string, 'model' | 'marker' | 'hidden'>;
}

// ---------------------------------------------------------------- events

export type RollResult = 'critical' | 'success' | 'failure';

export type GameEvent = { index: number } & (
  | { type: 'roll'; player: PlayerId; trooper: string; roll: number; target: number; result: RollResult; skill?: string; dice?: number[]; against?: string | null }
  | { type: 'initiative'; winner: PlayerId | null }
  | { type: 'choice'; player: PlayerId; choice?: string; first?: PlayerId; keeperZone?: string }
  | { type: 'placed'; player: PlayerId; trooper: string; as: DeployAs; x: number; y: number; z: number; facing: number; prone: boolean }
  | { type: 'awaitingFallback'; player: PlayerId; trooper: string }
  | { type: 'keptBack'; player: PlayerId; count: number }
  | { type: 'step'; step: Step; active: PlayerId }
  | { type: 'turn'; round: number; active: PlayerId }
  | { type: 'orders'; player: PlayerId; groups: Record<string, number>; irregular: Record<string, number>; lieutenant?: number; markersIrregular?: number }
  | { type: 'regrouped'; player: PlayerId; trooper?: string; group: number }
  | ({ type: 'declared'; player: PlayerId; trooper: string; from?: OrderSource; window?: 1 | 2; at?: PlanePoint; against?: string } & (SkillFields | AroDeclaration | { skill: 'none' }))
  | { type: 'aroWindow'; player: PlayerId; window: 1 | 2; eligible: string[]; against?: Record<string, string[]> }
  | { type: 'coordinated'; player: PlayerId; spearhead: string; with: string[] } | { type: 'commandToken'; player: PlayerId; left: number }
  | { type: 'idleInstead'; player: PlayerId; trooper: string; skill: string }
  // MOV-17, MOV-19, MOV-20: `skill` written when not a Move, `prone` when Prone (movement.md)
  | { type: 'moved'; player: PlayerId; trooper: string; path: { x: number; y: number; z: number }[]; x: number; y: number; z: number; facing: number; skill?: 'cautious-move' | 'jump' | 'climb' | 'dodge'; prone?: boolean; onWall?: boolean }
  | { type: 'dodgeMoves'; troopers: string[] }
  | { type: 'engaged'; trooper: string; with: string[] } | { type: 'disengaged'; trooper: string } // CC-2 (close-combat.md §3)
  | { type: 'coupDeGrace'; trooper: string; target: string } | { type: 'strayHit'; trooper: string; target: string } // CC-9, CC-10
  | { type: 'gameEnd'; round: number }
  | { type: 'zoneCount'; zone: string; moment: ScoringMoment; round: number; points: PerPlayer<number>; dominatedBy: PlayerId | null }
  | { type: 'scored'; player: PlayerId; rule: string; moment: ScoringMoment; round: number; points: number; total: number }
  | ({ type: 'gameResult' } & GameResult)
  | { type: 'activated'; player: PlayerId; trooper: string; objective: string }
  | { type: 'retreat' | 'lossOfLieutenant'; player: PlayerId }
  | { type: 'lieutenantNamed' | 'classifiedChosen' | 'classifiedRevealed'; player: PlayerId; trooper?: string; objective?: string }
  | { type: 'revealed'; player: PlayerId; trooper: string; as: 'model' | 'marker'; x: number; y: number; z: number; facing: number }
  | { type: 'discovered'; player: PlayerId; marker: string; trooper: string; by: string }
  | { type: 'camouflaged'; player: PlayerId; trooper: string; marker: string }
  | { type: 'camouflageFailed'; player: PlayerId; trooper: string; by: string[] }
  | { type: 'discoverFailed'; player: PlayerId; marker: string; by: string }
  | { type: 'template'; shape: TemplateShape; x: number; y: number; z: number; facing?: number | null; hits: string[] }
  | { type: 'save'; player: PlayerId; trooper: string; roll: number; target: number; result: 'wound' | 'saved'; by?: string }
  | { type: 'hits'; by: string; target: string; hits: number; criticals: number }
  | { type: 'wounds'; player: PlayerId; trooper: string; wounds: number; status: TrooperStatus }
  | { type: 'aro'; player: PlayerId; trooper: string; by: string[] }
  | { type: 'distance'; inches: number }
  | { type: 'lof'; visible: boolean; cover: boolean; seen: number }
  | { type: 'odds'; success: number; critical: number }
  | { type: 'odds'; a: number; b: number; none: number }
);

/** Distributes Omit over a union, so each event type keeps its own fields. */
export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type NewEvent = DistributiveOmit<GameEvent, 'index'>;

export type RejectionCode =
  | 'unknown-trooper' | 'out-of-turn' | 'not-active-player' | 'not-your-trooper' | 'wrong-status' | 'awaiting-fallback'
  | 'unknown-weapon' | 'no-order' | 'skill-not-allowed' | 'not-discovered'
  | 'not-in-contact' | 'still-in-contact' // close-combat.md §3
  | 'not-eligible' | 'out-of-range' | 'bad-burst' | 'in-enemy-sight' | 'too-far'  | 'not-at-wall' | 'too-high' | 'narrow-access' | 'no-landing' // docs/rules/movement.md §3
  | 'blocked-path'
  | 'group-full'
  | 'no-skill'
  | 'discover-locked'
  | 'not-visible'
  | 'position-fixed'
  | 'missing-roll'
  | 'prone-landing'
  | 'off-board'
  | 'outside-deployment-zone'
  | 'not-at-table-edge'
  | 'enclosed-scenery'
  | 'no-room'
  | 'scenery-contact'
  | 'contact-objective'
  | 'contact-enemy'
  | 'marker-contact'
  | 'reserve-count'
  /** project additions */
  | 'bad-command'
  /** missions (docs/rules/missions.md) */
  | 'no-mission' | 'unknown-objective' | 'not-specialist' | 'already-activated' | 'not-in-contact' | 'lieutenant-owed'
  | 'too-many-troopers' | 'not-coordinated' | 'no-command-token' | 'different-targets'; // COORD-1 to COORD-4 (coordinated.md)

export interface Rejection {
  rule: string | null;
  code: RejectionCode;
  message: string;
}
