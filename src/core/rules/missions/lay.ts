/**
 * A mission file laid on a table (MIS-2): its zones, given relative to the table's centre, made
 * absolute; the table's objectives made the mission's when it says so. The game file then carries the
 * mission as laid (missions.md §3.2), so a saved game replays without the asset.
 */
import type { MissionFile, MissionSetup } from './format';

export interface TableForMission {
  table: { width: number; depth: number };
  objectives: { id: string }[];
}

/** Containment rounding (FACTS: Contact). */
const CONTAIN = 1e-6;

/** The problem with laying a mission on a table, as `<field path>: <problem>`, or null when it fits. */
export function layProblem(mission: MissionFile, table: TableForMission): string | null {
  const cx = table.table.width / 2;
  const cy = table.table.depth / 2;
  for (let i = 0; i < mission.zones.length; i++) {
    const z = mission.zones[i]!;
    const x = cx + z.x;
    const y = cy + z.y;
    if (x < -CONTAIN || y < -CONTAIN || x + z.w > table.table.width + CONTAIN || y + z.d > table.table.depth + CONTAIN) {
      return `zones[${i}]: "${z.id}" lies partly off a ${table.table.width}" x ${table.table.depth}" table`;
    }
  }
  const ids = new Set(table.objectives.map((o) => o.id));
  for (const [i, r] of mission.scoring.entries()) {
    for (const [j, o] of (r.objectives ?? []).entries()) {
      if (!ids.has(o)) return `scoring[${i}].objectives[${j}]: the table has no objective "${o}"`;
    }
  }
  return null;
}

/** MIS-2: the mission as laid on this table; throws with `layProblem`'s message when it does not fit. */
export function layMission(mission: MissionFile, table: TableForMission): MissionSetup {
  const problem = layProblem(mission, table);
  if (problem) throw new Error(problem);
  const cx = table.table.width / 2;
  const cy = table.table.depth / 2;
  return {
    id: mission.id,
    name: mission.name,
    maxPoints: mission.maxPoints,
    unconsciousStands: mission.unconsciousStands,
    retreat: mission.retreat,
    lossOfLieutenant: mission.lossOfLieutenant,
    zones: mission.zones.map((z) => ({ id: z.id, name: z.name, x: cx + z.x, y: cy + z.y, w: z.w, d: z.d })),
    objectives: mission.objectives ? table.objectives.map((o) => ({ id: o.id, by: mission.objectives!.by, mod: mission.objectives!.mod })) : [],
    scoring: structuredClone(mission.scoring),
    ...(mission.classified ? { classified: structuredClone(mission.classified) } : {}),
  };
}
