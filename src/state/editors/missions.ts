/**
 * The shipped missions (docs/rules/missions.md, MIS-21), from `assets/missions/`: each file a chunk of
 * its own, fetched when the New game dialog first lists them, read with the mission file's parser.
 */
import { parseMissionFile } from '../../core/rules/missions/file';
import type { MissionFile } from '../../core/rules/missions/format';
import type { Shipped } from './assets';

const MISSIONS = import.meta.glob<unknown>('../../../assets/missions/*.json', { import: 'default' });

let missions: Promise<Shipped<MissionFile>[]> | null = null;

export function shippedMissions(): Promise<Shipped<MissionFile>[]> {
  missions ??= Promise.all(Object.entries(MISSIONS).map(async ([path, get]) => ({ path: path.replace(/^(\.\.\/)+/, ''), file: parseMissionFile(await get()) }))).then((l) =>
    l.sort((a, b) => a.file.name.localeCompare(b.file.name)),
  );
  return missions;
}
