/**
 * The skills of the Order in progress as a player sees them (view.ts): each skill's fields listed one
 * by one, never copied whole, so nothing the engine keeps for itself reaches a view.
 */
import type { TemplatePlacement } from './geometry/templates';
import type { DeclaredSkill, PlanePoint } from './model/types';

/** Ids named as `name` gives them, without those it cannot name, in string order (no roster order shows). */
function listed(ids: readonly string[], name: (id: string) => string | null): string[] {
  return ids.map(name).filter((n): n is string => n !== null).sort();
}

/**
 * A skill of the Order in progress as a player sees it: the fields GAME-TURN.md names for that skill,
 * listed one by one. Nothing the engine works out for itself (the points, a Discover's gate, whether it
 * was rolled) is listed; the troopers a template affects are named as the viewer may name them.
 */
export type SkillView = { skill: DeclaredSkill['skill'] } & Partial<{
  path: PlanePoint[];
  to: { x: number; y: number; z: number };
  over: { x: number; y: number; z: number }[];
  target: string;
  weapon: string;
  targets: { target: string; burst: number }[];
  aim: PlanePoint;
  fireFrom: PlanePoint;
  placement: TemplatePlacement;
  affected: string[];
  /** COORD-4: each other participant's own fields of this skill, as the viewer names it */
  each: Record<string, SkillView>;
}>;

export function skillAsSeen(s: DeclaredSkill, name: (id: string) => string | null): SkillView {
  const out: SkillView = { skill: s.skill };
  switch (s.skill) {
    case 'move':
    case 'cautious-move':
      out.path = s.path.map((p) => ({ x: p.x, y: p.y }));
      break;
    case 'discover':
      out.target = s.target;
      break;
    case 'jump':
    case 'climb':
      // MOV-11, MOV-13: where it lands, and a Jump's apexes.
      out.to = { x: s.to.x, y: s.to.y, z: s.to.z };
      if (s.skill === 'jump' && s.over) out.over = s.over.map((p) => ({ x: p.x, y: p.y, z: p.z }));
      break;
    case 'bs-attack':
      out.weapon = s.weapon;
      if (s.targets) out.targets = s.targets.map((t) => ({ target: t.target, burst: t.burst }));
      if (s.aim) out.aim = { x: s.aim.x, y: s.aim.y };
      if (s.fireFrom) out.fireFrom = { x: s.fireFrom.x, y: s.fireFrom.y };
      break;
    default:
      break;
  }
  if (s.placement) out.placement = { ...s.placement };
  if (s.affected) out.affected = listed(s.affected, name);
  if (s.each) {
    // COORD-4: in listed order (the active player's choice, no secret), markers by marker id.
    const each: Record<string, SkillView> = Object.create(null);
    for (const [id, k] of Object.entries(s.each)) each[name(id) ?? id] = skillAsSeen(k, name);
    out.each = each;
  }
  return out;
}
