/**
 * The Order tool's declarations as skill fields (order.ts is the tool): what the snapshot declares for
 * the trooper drawn now, and, in a Coordinated Order (COORD-4, COORD-13), every participant's fields:
 * those drawn, this one's, and a stand-in for each one not drawn yet (it stays where it is: a Move of
 * no length, a Jump or Climb to its own spot, a template laid straight ahead), so that the engine judges
 * each participant's with those before it. The engine judges every field; nothing here is a rule.
 */
import type { PlanePoint, SkillFields } from '../core/model/types';
import { facingVector, type Place } from '../core/api';
import type { CoordDrawing, OrderToolSnapshot } from './orderTypes';

/** The tool's grid: every point it declares is rounded to 1/20". */
export const q = (p: PlanePoint): PlanePoint => ({ x: Math.round(p.x * 20) / 20, y: Math.round(p.y * 20) / 20 });

/** The path's next point: the pointer's, by the ladder where the engine takes only that (MOV-9). */
export function nextPoint(s: OrderToolSnapshot): PlanePoint & { via?: 'ladder' } {
  return { ...q(s.hover!), ...(s.hoverVia ? { via: s.hoverVia } : {}) };
}

const facingOf = (s: OrderToolSnapshot) => (s.facing !== null ? { facing: s.facing } : {});

/**
 * The skill the snapshot declares for its trooper, from `start` (where the Order's skills so far left
 * it); null while it still waits for the pointer (a landing, an aim). `withHover`: the pointer's point
 * is the path's next one. Not for a dodger's move (its own command).
 */
export function skillFieldsOf(s: OrderToolSnapshot, start: Place, withHover: boolean): SkillFields | null {
  if (s.skill === 'climb' && s.climbTo !== null) {
    // MOV-14: straight up (or down) the face from where the trooper stands, to the height given.
    return { skill: 'climb', to: { x: start.x, y: start.y, z: Math.round(s.climbTo * 1000) / 1000 }, ...facingOf(s) };
  }
  if (s.skill === 'jump' || s.skill === 'climb') {
    if (!s.hover) return null;
    const to = { ...q(s.hover), z: Math.round(s.hoverZ * 1000) / 1000 };
    return s.skill === 'jump' ? { skill: 'jump', to, ...facingOf(s), ...(s.entire ? { entire: true as const } : {}) } : { skill: 'climb', to, ...facingOf(s) };
  }
  if (s.skill === 'bs-attack') return s.hover && s.weapon ? { skill: 'bs-attack', weapon: s.weapon, aim: q(s.hover) } : null;
  if (s.skill !== 'move' && s.skill !== 'cautious-move') return null;
  const path = withHover && s.hover ? [...s.waypoints, nextPoint(s)] : s.waypoints;
  return { skill: s.skill, path, ...facingOf(s), ...(s.prone !== null ? { prone: s.prone } : {}) };
}

/** COORD-13: a participant not drawn yet stays where it is, declaring the shared skill all the same. */
export function standIn(c: CoordDrawing, id: string, start: Place & { facing: number }): SkillFields {
  const skill = c.skill ?? 'move';
  if (skill === 'jump' || skill === 'climb') return { skill, to: { x: start.x, y: start.y, z: start.z } };
  if (skill === 'bs-attack') {
    const f = facingVector(start.facing);
    return { skill: 'bs-attack', weapon: c.weapons?.[id] ?? '', aim: q({ x: start.x + f.x * 2, y: start.y + f.y * 2 }) };
  }
  return { skill, path: [] };
}

/**
 * COORD-13: every participant's fields, in the participants' order (the Spearhead first): the ones
 * drawn so far, `skill` for `trooper`, and a stand-in for each one not drawn yet.
 */
export function coordFields(c: CoordDrawing, trooper: string, skill: SkillFields, startOf: (id: string) => Place & { facing: number }): Record<string, SkillFields> {
  return Object.fromEntries(c.members.map((id) => [id, id === trooper ? skill : (c.done[id] ?? standIn(c, id, startOf(id)))]));
}
