/**
 * The skills of an Order (GAME-TURN.md: Skills) and how each is declared by the active trooper: its
 * schema, its kind (ORD-6) and its checks, from where the skills before it left the trooper.
 */
import { z } from 'zod';
import type { DeclaredSkill, OrderState, PlanePoint, SkillFields, SkillName } from '../../model/types';
import { NUMBER_LIMIT, id, num, ref } from '../../schema';
import { refuse, type Tx } from '../context';
import { checkLength, checkPath, type Place } from '../movement/path';
import { normaliseFacing } from '../placement';
import { hasSkill } from '../skills';
import { checkDiscoverTarget } from './discover';
import { checkOutOfSight } from './sightChecks';
import { declareAttack } from './attack';

const plane = z.object({ x: num, y: num });
const path = z.array(plane).max(400);

/** The fields of each skill, as a game file writes them. */
export const SKILL_SHAPES = {
  move: { path, facing: num.optional() },
  'cautious-move': { path, facing: num.optional() },
  idle: {},
  discover: { target: ref },
  'bs-attack': {
    weapon: id,
    targets: z.array(z.object({ target: ref, burst: z.number().int().min(0).max(NUMBER_LIMIT) })).max(20).optional(),
    aim: plane.optional(),
    /** where it shoots from: a path point of the Move before it in the Order, or where it stands (GAME-TURN "Changed": once `from`) */
    fireFrom: plane.optional(),
  },
  dodge: { facing: num.optional() },
  sensor: {},
  camouflage: {},
} as const;

export const SKILL_NAMES = Object.keys(SKILL_SHAPES) as SkillName[];

/** ORD-6: Short Movement Skills, Short Skills, Entire Orders. */
export type SkillKind = 'short-movement' | 'short' | 'entire';
export const SKILL_KIND: Record<SkillName | 'combat-jump', SkillKind> = {
  move: 'short-movement',
  discover: 'short-movement',
  idle: 'short-movement',
  'bs-attack': 'short',
  dodge: 'short',
  sensor: 'short',
  'cautious-move': 'entire',
  camouflage: 'entire',
  'combat-jump': 'entire',
};

/** Skills that keep a marker (or a TO Camouflage hidden trooper) a marker: no roll, moving or idle (HD-11, TOC-11). */
export const KEEPS_MARKER: ReadonlySet<SkillName> = new Set(['move', 'cautious-move', 'idle']);

/** The schema of an Order's skill with the command's own fields, one object per skill. */
export function skillSchemas<T extends z.ZodRawShape>(base: T) {
  return SKILL_NAMES.map((name) => z.object({ ...base, skill: z.literal(name), ...SKILL_SHAPES[name] }));
}

/** Where the active trooper stands and faces after the skills declared so far (the state keeps its start). */
export function positionNow(tx: Tx, order: OrderState): Place & { facing: number } {
  return positionAfter(tx, order, order.skills.length);
}

/** Where the active trooper stands and faces after its first `n` skills. */
export function positionAfter(tx: Tx, order: OrderState, n: number): Place & { facing: number } {
  const last = order.skills[n - 1];
  if (last) {
    const p = last.points.at(-1)!;
    return { x: p.x, y: p.y, z: p.z, facing: last.facing };
  }
  const t = tx.trooper(order.trooper);
  return { x: t.x!, y: t.y!, z: t.z!, facing: t.facing ?? 0 };
}

/**
 * ORD-6: what the Order may hold: two Short Movement Skills (never two Discovers on one marker), or one
 * Short Movement Skill and one Short Skill in either order, or one Entire Order.
 */
export function checkCombination(order: OrderState | null, skill: SkillFields): void {
  const kind = SKILL_KIND[skill.skill];
  if (!order || order.skills.length === 0) return;
  const first = order.skills[0]!;
  const firstKind = SKILL_KIND[first.skill];
  if (kind === 'entire') refuse('skill-not-allowed', 'ORD-6', `${skill.skill} is an Entire Order: it cannot be an Order's second skill.`);
  if (firstKind === 'short' && kind === 'short') refuse('skill-not-allowed', 'ORD-6', 'An Order holds one Short Skill at most: the second skill must be a Short Movement Skill.');
  if (first.skill === 'discover' && skill.skill === 'discover' && first.target === skill.target) {
    refuse('skill-not-allowed', 'ORD-6', `Never two Discovers against ${skill.target} in one Order.`);
  }
}

/**
 * The checks of one skill of the active trooper, from where the skills before it left it; returns the
 * skill as declared, with its points and facing. `second` tells a Move which MOV value it may use.
 */
export function declareSkill(tx: Tx, order: OrderState, skill: SkillFields): DeclaredSkill {
  const here = positionNow(tx, order);
  const id = order.trooper;
  const prone = tx.trooper(id).prone;
  switch (skill.skill) {
    case 'move':
    case 'cautious-move': {
      // MOV-4: Cautious Movement is declared out of every enemy's Line of Fire and Zone of Control.
      if (skill.skill === 'cautious-move') checkOutOfSight(tx, id, here, 'MOV-4', 'Cautious Movement');
      const second = order.skills.some((s) => s.skill === 'move');
      checkLength(tx, id, here, skill.path, second);
      const points = checkPath(tx, id, here, skill.path, prone);
      // MOV-5: a Move ends facing as its player chooses; the declared facing holds along the whole path.
      const facing = skill.facing === undefined ? here.facing : normaliseFacing(skill.facing);
      return { ...skill, points, facing };
    }
    case 'idle':
      // MOV-6: Idle does nothing, where the trooper stands; its ARO windows still open (flow.ts).
      return { ...skill, points: [stay(here)], facing: here.facing };
    case 'discover':
      checkDiscoverTarget(tx, id, here, skill.target);
      return { ...skill, points: [stay(here)], facing: here.facing };
    case 'camouflage':
      // TOC-1: back to a TO Camouflage marker, with an Entire Order spent out of every enemy's Line of Fire.
      checkOutOfSight(tx, id, here, 'TOC-1', 'Going back to camouflage');
      if (!hasSkill(tx.profile(id), 'to-camouflage')) refuse('no-skill', 'TOC-1', `${tx.profile(id).name} lacks TO Camouflage.`);
      return { ...skill, points: [stay(here)], facing: here.facing };
    case 'bs-attack':
      return declareAttack(tx, order, skill, here);
    case 'dodge':
      return { ...skill, points: [stay(here)], facing: skill.facing === undefined ? here.facing : normaliseFacing(skill.facing) };
    case 'sensor':
      // ATK-6: Sensor needs the skill; it rolls at resolution, with no Line of Fire needed.
      if (!hasSkill(tx.profile(id), 'sensor')) refuse('no-skill', 'ATK-6', `${tx.profile(id).name} lacks Sensor.`);
      return { ...skill, points: [stay(here)], facing: here.facing };
  }
}

function stay(p: Place): Place {
  return { x: p.x, y: p.y, z: p.z };
}

export type { PlanePoint };
