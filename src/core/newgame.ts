/**
 * A new game from a table file and two army files (TOOL-9): the table's setup with the armies as
 * players A and B, in the game file's own format, so saves, replay and the runner need nothing new.
 * Ids are one namespace in a game file (terrain, objectives, zones and every trooper): a trooper id
 * already used elsewhere gets its side's prefix (`a-`, `b-`), and a number after it if that is taken too.
 */
import type { ArmyFile } from './armyfile';
import { freeId } from './filecheck';
import { parseGameFile } from './gamefile';
import type { DiceSetup, GameFile, PlayerId, TrooperProfile } from './model/types';
import type { TableFile } from './tablefile';
import type { MissionFile } from './rules/missions/format';
import { layMission } from './rules/missions/lay';

/** Two armies of the same name are told apart by their side. */
function sideName(name: string, other: string, p: PlayerId): string {
  if (name !== other) return name;
  const tail = ` (${p})`;
  return `${name.slice(0, 80 - tail.length)}${tail}`;
}

/** `mission`: played to that mission, laid on this table (MIS-1, MIS-2); its `rounds` become `facts.rounds`. */
export function composeGameFile(table: TableFile, a: ArmyFile, b: ArmyFile, dice: DiceSetup, mission?: MissionFile): GameFile {
  const tableIds = [...table.terrain.map((t) => t.id), ...table.objectives.map((o) => o.id), ...table.zones.exclusion.map((z) => z.id)];
  const taken = new Set(tableIds);
  const clash = new Set(tableIds);
  for (const t of [...a.troopers, ...b.troopers]) {
    if (taken.has(t.id)) clash.add(t.id);
    taken.add(t.id);
  }
  const used = new Set(tableIds);
  const side = (army: ArmyFile, p: PlayerId): TrooperProfile[] =>
    army.troopers.map((t) => {
      const id = clash.has(t.id) ? freeId(`${p.toLowerCase()}-${t.id}`, new Set([...used, ...taken])) : t.id;
      used.add(id);
      return { ...structuredClone(t), id };
    });
  const troopersA = side(a, 'A');
  const troopersB = side(b, 'B');
  return parseGameFile({
    format: 'infinity-table/1',
    rules: 'N4',
    table: { ...table.table },
    zones: structuredClone({ deployment: { ...table.zones.deployment }, exclusion: table.zones.exclusion }),
    terrain: structuredClone(table.terrain),
    objectives: structuredClone(table.objectives),
    players: {
      A: { name: sideName(a.name, b.name, 'A'), troopers: troopersA },
      B: { name: sideName(b.name, a.name, 'B'), troopers: troopersB },
    },
    dice,
    facts: mission?.rounds ? { rounds: mission.rounds } : {},
    ...(mission ? { mission: layMission(mission, table) } : {}),
    commands: [],
  });
}
