/**
 * The skills a profile may have, found by typing (issue 43): every skill the engine knows (`SKILLS`),
 * each with its name on the table, the short names players use, and a line on what the table does with
 * it. A skill the engine does not know goes in the trooper's notes.
 */
import { SKILLS, type Skill } from '../../core/model/types';
import { SKILL_LABELS } from '../labels';

interface SkillInfo {
  /** other words a player may type for it */
  also: readonly string[];
  /** what the table does with it, in a line */
  does: string;
}

export const SKILL_INFO: Record<Skill, SkillInfo> = {
  lieutenant: { also: ['lt', 'lieutenant order', 'command'], does: 'The army’s Lieutenant (exactly one): its WIP rolls the initiative.' },
  'combat-jump': { also: ['cj', 'airborne', 'aerial', 'ad', 'deployment'], does: 'Held back in the air, then dropped anywhere with a PH roll.' },
  'combat-jump-explosion': { also: ['cj', 'explosion', 'airborne'], does: 'Combat Jump whose jumper may explode where it lands, once a game.' },
  'hidden-deployment': { also: ['hd', 'hidden'], does: 'Deploys hidden: only its own player knows where it is.' },
  'to-camouflage': { also: ['to', 'camo', 'camouflage', 'marker', 'thermo-optical'], does: 'Deploys as a TO Camouflage marker.' },
  infiltration: { also: ['inf', 'infiltrate'], does: 'Deploys anywhere in its own half; in the other half with a PH roll.' },
  'forward-deployment-4': { also: ['fd', 'fd4', 'forward'], does: 'Deploys up to 4" beyond its Deployment Zone.' },
  'forward-deployment-8': { also: ['fd', 'fd8', 'forward'], does: 'Deploys up to 8" beyond its Deployment Zone.' },
  'controlled-jump': { also: ['cj', 'allied', 'hacker'], does: 'Named by a Combat Jump: +3 to its own side’s roll, -3 to the enemy’s.' },
  'tactical-awareness': { also: ['ta', 'order', 'tactical'], does: 'An extra Irregular Order each turn, for itself alone.' },
  sensor: { also: ['sensor', 'discover', 'reveal'], does: 'Its Sensor Order finds the markers and hidden troopers around it.' },
  'super-jump': { also: ['sj', 'jump', 'leap'], does: 'Jumps with both MOV values added as an Entire Order.' },
  'climbing-plus': { also: ['cp', 'climb', 'wall'], does: 'Moves along walls as on level ground (not built yet: its Climb is the plain one).' },
  hacker: { also: ['hacker', 'hacking', 'specialist'], does: 'A Specialist Troop: it may activate a mission’s objectives.' },
  doctor: { also: ['doc', 'medic', 'specialist'], does: 'A Specialist Troop; in contact, a WIP roll brings an Unconscious friend back (a failure kills it).' },
  engineer: { also: ['eng', 'repair', 'specialist'], does: 'A Specialist Troop; in contact, a WIP roll repairs a friend with Structure.' },
  'forward-observer': { also: ['fo', 'observer', 'specialist'], does: 'A Specialist Troop: it may activate a mission’s objectives.' },
  'specialist-operative': { also: ['spec', 'operative', 'specialist'], does: 'A Specialist Troop: it may activate a mission’s objectives.' },
};

export interface SkillMatch {
  skill: Skill;
  label: string;
  does: string;
}

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9+"]+/g, ' ').trim();

/**
 * The skills that match `query`, best first: a name that starts with it, then a short name that is
 * it, then any word of the name or short names that starts with it, then the line that says what it
 * does. An empty query gives every skill, in the engine's order.
 */
export function searchSkills(query: string): SkillMatch[] {
  const q = norm(query);
  const all = SKILLS.map((skill) => ({ skill, label: SKILL_LABELS[skill], does: SKILL_INFO[skill].does }));
  if (q === '') return all;
  const rank = (m: SkillMatch): number => {
    const label = norm(m.label);
    const also = SKILL_INFO[m.skill].also.map(norm);
    if (label.startsWith(q) || norm(m.skill).startsWith(q)) return 0;
    if (also.includes(q)) return 1;
    const words = [...label.split(' '), ...also.flatMap((a) => a.split(' '))];
    if (words.some((w) => w.startsWith(q)) || label.includes(q)) return 2;
    if (norm(m.does).includes(q)) return 3;
    return -1;
  };
  return all
    .map((m, i) => ({ m, r: rank(m), i }))
    .filter((x) => x.r >= 0)
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.m);
}
