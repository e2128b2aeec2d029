/** The game file's `mission` checked against the rest of the setup (missions.md §3.2, MIS-1, MIS-2). */
import type { Setup } from '../../model/types';

const CONTAIN = 1e-6;

/** The first problem with the setup's mission, as a field path and a problem, or null. */
export function missionProblem(setup: Setup, taken: ReadonlyMap<string, string>): { path: string; problem: string } | null {
  const m = setup.mission;
  if (!m) return null;
  const { width, depth } = setup.table;
  for (const [i, z] of m.zones.entries()) {
    const where = `mission.zones[${i}]`;
    const before = taken.get(z.id);
    if (before) return { path: `${where}.id`, problem: `duplicate id "${z.id}" (also ${before})` };
    if (z.x < -CONTAIN || z.y < -CONTAIN || z.x + z.w > width + CONTAIN || z.y + z.d > depth + CONTAIN) {
      return { path: where, problem: `"${z.id}" lies partly off the table` };
    }
  }
  const objectives = new Set(setup.objectives.map((o) => o.id));
  for (const [i, o] of m.objectives.entries()) {
    if (!objectives.has(o.id)) return { path: `mission.objectives[${i}].id`, problem: `no objective "${o.id}" on the table` };
  }
  return null;
}
