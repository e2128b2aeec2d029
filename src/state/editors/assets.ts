/**
 * The shipped armies and tables (TOOL-9), from the top-level `assets/` folder: each file is a chunk of
 * its own, fetched when a list of them is first wanted, never before the table's first frame. Each is
 * read with its format's parser, as any file of one's own would be.
 */
import { parseArmyFile, type ArmyFile } from '../../core/armyfile';
import { parseTableFile, type TableFile } from '../../core/tablefile';

export interface Shipped<T> {
  /** `assets/armies/<name>.json` */
  path: string;
  file: T;
}

const ARMIES = import.meta.glob<unknown>('../../../assets/armies/*.json', { import: 'default' });
const TABLES = import.meta.glob<unknown>('../../../assets/tables/*.json', { import: 'default' });

async function load<T>(modules: Record<string, () => Promise<unknown>>, parse: (json: unknown) => T, name: (t: T) => string): Promise<Shipped<T>[]> {
  const out = await Promise.all(
    Object.entries(modules).map(async ([path, get]) => ({ path: path.replace(/^(\.\.\/)+/, ''), file: parse(await get()) })),
  );
  return out.sort((a, b) => name(a.file).localeCompare(name(b.file)));
}

let armies: Promise<Shipped<ArmyFile>[]> | null = null;
let tables: Promise<Shipped<TableFile>[]> | null = null;

export function shippedArmies(): Promise<Shipped<ArmyFile>[]> {
  armies ??= load(ARMIES, parseArmyFile, (a) => a.name);
  return armies;
}

export function shippedTables(): Promise<Shipped<TableFile>[]> {
  tables ??= load(TABLES, parseTableFile, (t) => t.name);
  return tables;
}
