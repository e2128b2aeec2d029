/**
 * What a skill is, in one module (ARCHITECTURE.md, "How to add a skill"): its words, its kind (ORD-6),
 * whether it keeps a marker a marker, its checks in the order of the rejection table, whether and how
 * it may be an ARO, the rolls it plans at resolution and what their results do. Its fields, as a game
 * file writes them, are in `fields.ts` beside it. `registry.ts` lists every skill; the Order's commands
 * (`order`, `second`, `aros`) and the resolution ask the registry, never a skill by name.
 */
import type { AroDeclaration, DeclaredAro, DeclaredSkill, OrderState, PlayerId, SkillFields, SkillName, AroSkillName, TrooperProfile, Weapon } from '../../model/types';
import type { TemplatePlacement } from '../../geometry/templates';
import type { Judged } from '../attacks/burst';
import type { Body } from '../attacks/shot';
import type { Reactor, Sight } from '../aros/sight';
import type { Checks } from '../checks';
import type { Tx } from '../context';
import type { Place } from '../movement/path';

/** ORD-6: Short Movement Skills, Short Skills, Entire Orders. */
export type SkillKind = 'short-movement' | 'short' | 'entire';

/** Every skill an Order or an ARO may hold: the active trooper's, the reactive's, a Combat Jump, a hidden trooper's appearing ARO. */
export type AnySkillName = SkillName | AroSkillName | 'combat-jump' | 'appear';

/** A skill as the active trooper declares it, by name. */
export type SkillOf<N extends AnySkillName> = Extract<SkillFields, { skill: N }>;
/** An ARO declaration, by name. */
export type AroOf<N extends AnySkillName> = Extract<AroDeclaration, { skill: N }>;
/** An ARO as the Order keeps it, by name. */
export type KeptAroOf<N extends AnySkillName> = Extract<DeclaredAro, { skill: N }>;
/** A skill as the Order keeps it, by name. */
export type DeclaredOf<N extends AnySkillName> = Extract<DeclaredSkill, { skill: N }>;

/** What a roll of the resolution is for: its place in the Face to Face rules (ATK-2, ATK-5, TPL-2). */
export type RollKind = 'discover' | 'attack' | 'impact' | 'aro-attack' | 'dodge' | 'sensor' | 'wip';

/** One roll of the resolution, planned in draw order (GAME-TURN.md, "Resolution and dice"). */
export interface Spec {
  roller: string;
  count: number;
  kind: RollKind;
  /** the skill whose module judges it */
  skill: AnySkillName;
  sv: number;
  against: string | null;
  target?: string;
  weapon?: Weapon;
  cover?: boolean;
  /** the marker a Discover of this Order must reveal before this attack is made (TOC-4) */
  gate?: string;
  facing?: number;
  /** CC-10: a BS Attack into a close combat: the MOD its allies there give, and the ally a near miss hits */
  stray?: { penalty: number; ally: string };
  /** the ARO this spec comes from */
  aro?: DeclaredAro;
  dice?: number[];
}

/** A direct template of the Order (TPL-1): laid without a roll, avoided by a Dodge. */
export interface Direct {
  skill: DeclaredSkill;
  placement: TemplatePlacement;
  by: string;
  weapon: Weapon;
}

/** What a skill may ask while the resolution plans its rolls. */
export interface Planner {
  readonly tx: Tx;
  readonly order: OrderState;
  /** a roll, in draw order */
  roll(spec: Spec): void;
  /** a direct template, laid without a roll */
  direct(d: Direct): void;
  /** a trooper the active trooper attacks: its ARO rolls take the Surprise Attack MOD (ATK-4) */
  attacked(id: string): void;
  /** ATK-4: the MOD a reactor's roll takes when the active trooper attacked it by surprise */
  surpriseOn(id: string): number;
  /** the reactor's BS Attack or Dodge, which an attack on it faces (ATK-2) */
  replyOf(id: string): DeclaredAro | null;
  /** where the active trooper stands for an ARO taken at its `at` (ARO-5) */
  activeAt(a: DeclaredAro): Place;
  /** the active trooper's body where a skill of its acts from */
  attackerBody(s: DeclaredSkill): Body;
  /** a trooper named in a declaration (a marker id, or its id) */
  resolveRef(ref: string): string;
}

/** What a skill may do with its judged rolls, in draw order. */
export interface Judge {
  readonly tx: Tx;
  readonly order: OrderState;
  readonly specs: readonly Spec[];
  judged(s: Spec): Judged | undefined;
  /** the rolled ARO that answers an attack by `attacker` on `target` (its BS Attack against it, or its Dodge) */
  reply(target: string, attacker: string): Spec | undefined;
  /** the rolled attacks (an impact template's too) on `roller` */
  attacksOn(roller: string): Spec[];
  hit(by: string, target: string, critical: boolean, weapon: Pick<Weapon, 'damage' | 'ammo' | 'save'>, cover: boolean): void;
  template(shape: TemplatePlacement['kind'], placement: TemplatePlacement, hits: string[]): void;
}

/** What an ARO declaration's own checks may ask (ARO-1 to ARO-5). */
export interface AroCheck {
  readonly tx: Tx;
  readonly order: OrderState;
  readonly player: PlayerId;
  readonly window: 1 | 2;
  /** the reacting trooper */
  readonly id: string;
  /** its name as its player knows it, for messages */
  readonly name: string;
  readonly reactor: Reactor;
  readonly sight: Sight;
  /** Line of Fire to the active trooper at some point of the window (ARO-1) */
  readonly sees: boolean;
  /** the active trooper is a marker (ARO-3) */
  readonly marker: boolean;
  /** a template of this Order would affect the reactor (ARO-2) */
  readonly affected: boolean;
  /** the AROs declared before this one in the same `aros` command, checked (CC-13: one CC Attack ARO a close combat) */
  readonly earlier: readonly DeclaredAro[];
}

/** A skill's words: its name in the log, and what its roll is called on the dice. */
export interface SkillWords {
  name: string;
  /** the roll's name with the attribute it rolls against ("Discover roll (WIP)") */
  roll?: string;
}

export interface SkillModule<N extends AnySkillName> {
  readonly name: N;
  readonly words: SkillWords;
  /** ORD-6: its kind when the active trooper declares it; null for a skill only ever an ARO */
  readonly kind: SkillKind | null;
  /** its kind for this trooper and these fields, where that differs (MOV-12: Super-Jump's short Jump) */
  kindOf?(profile: TrooperProfile, skill: SkillOf<N>): SkillKind;
  /** HD-11, TOC-11: declaring it keeps a marker (or a TO Camouflage hidden trooper) a marker */
  readonly keepsMarker: boolean;
  /** MOV-1: the Order's movement: the trooper ends where the skill's path does */
  readonly moves?: boolean;
  /** The checks of what it names, before its own (a weapon it has, a target that is an enemy marker). */
  checkRefs?(tx: Tx, player: PlayerId, id: string, skill: SkillOf<N>, v: Checks): void;
  /** The active trooper declares it: its checks from where the skills before it left the trooper. */
  declare?(tx: Tx, order: OrderState, skill: SkillOf<N>, here: Place & { facing: number }): DeclaredSkill;
  /** As an ARO: its own checks, in the order of the rejection table. */
  readonly aro?: {
    /** the checks of what it names (a weapon it has) */
    checkRefs?(c: AroCheck, decl: AroOf<N>): void;
    /** ARO-2, ARO-3: whether it may be declared in this window, against this trooper */
    allowed(c: AroCheck, decl: AroOf<N>): void;
    /** ARO-5: whether it is taken at a path point */
    takesAt: boolean;
    /** ATK-3: for an attack, its weapon's name and which points of the window are in its range */
    range?(c: AroCheck, decl: AroOf<N>): { name: string; inRange(point: number): boolean } | null;
    /** the checks after the point (TOC-6: a Discover locked out) */
    after?(c: AroCheck, decl: AroOf<N>): void;
  };
  /** The rolls it makes at resolution, declared by the active trooper. */
  plan?(p: Planner, s: DeclaredOf<N>): void;
  /** The rolls it makes at resolution, as an ARO (`reactor`: its body where it stands). */
  planAro?(p: Planner, a: KeptAroOf<N>, reactor: Body, mover: Body): void;
  /** What one of its judged rolls does. */
  result?(j: Judge, spec: Spec, judged: Judged): void;
  /** After the saves, for each skill of the Order declared so: what it does that needs no roll (CC-9: a Coup de Grâce). */
  effects?(tx: Tx, order: OrderState, s: DeclaredOf<N>): void;
  /** After the saves: what the Order leaves when this was its skill (TOC-1: back to camouflage). */
  afterSaves?(tx: Tx, order: OrderState): void;
}

export function defineSkill<N extends AnySkillName>(m: SkillModule<N>): SkillModule<N> {
  return m;
}

/** Where a skill that does not move acts: where the skills before it left the trooper. */
export function stay(p: Place): Place {
  return { x: p.x, y: p.y, z: p.z };
}
