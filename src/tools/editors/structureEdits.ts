/**
 * The table editor's edits of what one may enter (docs/rules/movement.md, section 4; MOV-24): an open
 * or closed interior, floors, openings and ladders, each added, changed field by field or removed from
 * the selected piece. Pure functions of the table, as tableEdits.ts: the editor checks the result
 * (the table file's own checks say what is wrong) and keeps it or refuses it. A field is written only
 * when set: closing an interior takes its floors, openings and inside ladders with it, and an empty
 * list is left out of the file.
 */
import type { EditResult } from './tableEdits';
import { copyTable, pieceName as label, type ItemRef, type TableFile } from './tableModel';
import type { Floor, Ladder, Opening, Terrain } from '../../core/model/types';

export type StructureList = 'floors' | 'openings' | 'ladders';

export type StructureChange =
  | { op: 'interior'; value: 'open' | 'closed' }
  | { op: 'add'; list: StructureList }
  | { op: 'remove'; list: StructureList; index: number }
  | { op: 'set'; list: StructureList; index: number; field: string; value: number | string | boolean };

type Piece = Terrain & { interior?: 'open' | 'closed'; floors?: Floor[]; openings?: Opening[]; ladders?: Ladder[] };

const NUMBERS: Record<StructureList, readonly string[]> = {
  floors: ['z', 'x', 'y', 'w', 'd'],
  openings: ['at', 'w', 'z', 'h'],
  ladders: ['at', 'w', 'from', 'to'],
};
const CHOICES: Record<string, readonly string[]> = {
  side: ['n', 'e', 's', 'w'],
  kind: ['door', 'window', 'gap'],
  access: ['wide', 'narrow'],
};

const NAMES: Record<StructureList, string> = { floors: 'floor', openings: 'opening', ladders: 'ladder' };

/** A new item for a piece: a door in the south wall, a floor halfway up, a ladder on the south face. */
function fresh(p: Piece, list: StructureList): Floor | Opening | Ladder {
  if (list === 'floors') return { z: Math.max(0.5, Math.round(p.h) / 2) };
  if (list === 'openings') return { side: 's', at: 0, w: 1.5, z: 0, h: Math.min(2, p.h), kind: 'door' };
  return { side: 's', at: 0 };
}

/** Leaves an empty list out of the piece. */
function tidy(p: Piece): void {
  for (const list of ['floors', 'openings', 'ladders'] as const) if (p[list] && p[list]!.length === 0) delete p[list];
}

export function structureEdit(draft: TableFile, ref: ItemRef | null, change: StructureChange): EditResult {
  if (!ref || ref.kind !== 'terrain') return null;
  const next = copyTable(draft);
  const p = next.terrain.find((t) => t.id === ref.id) as Piece | undefined;
  if (!p) return null;
  const building = p.kind === 'building';
  if (change.op === 'interior') {
    if (!building) return { refused: 'Only a building has an inside: change the kind first.' };
    if (change.value === 'open') p.interior = 'open';
    else {
      delete p.interior;
      delete p.floors;
      delete p.openings;
      if (p.ladders) p.ladders = p.ladders.filter((l) => !l.inside);
      tidy(p);
    }
    return { table: next, focus: ref, text: `${label(ref)}: inside ${change.value === 'open' ? 'open' : 'closed'}.` };
  }
  const { list } = change;
  if (list !== 'ladders' && !(building && p.interior === 'open')) return { refused: `${list === 'openings' ? 'An' : 'A'} ${NAMES[list]} needs a building whose inside is open.` };
  const items = (p[list] ?? []) as unknown as Record<string, unknown>[];
  if (change.op === 'add') {
    (p as unknown as Record<string, unknown>)[list] = [...items, fresh(p, list)];
    return { table: next, focus: ref, text: `${label(ref)}: ${NAMES[list]} added.` };
  }
  const item = items[change.index];
  if (!item) return null;
  if (change.op === 'remove') {
    items.splice(change.index, 1);
    (p as unknown as Record<string, unknown>)[list] = items;
    tidy(p);
    return { table: next, focus: ref, text: `${label(ref)}: ${NAMES[list]} removed.` };
  }
  const { field, value } = change;
  if (NUMBERS[list].includes(field)) {
    if (typeof value !== 'number' || !Number.isFinite(value)) return { refused: 'Expected a number.' };
    item[field] = value;
  } else if (CHOICES[field] && (field !== 'access' || list === 'openings') && (field !== 'kind' || list === 'openings')) {
    if (typeof value !== 'string' || !CHOICES[field]!.includes(value)) return { refused: `Expected one of ${CHOICES[field]!.join(', ')}.` };
    if (field === 'access' && value === 'wide') delete item.access;
    else item[field] = value;
  } else if (field === 'inside' && list === 'ladders') {
    if (value === true) item.inside = true;
    else delete item.inside;
  } else return { refused: `No field "${field}" on a ${NAMES[list]}.` };
  return { table: next, focus: ref, text: `${label(ref)}: ${NAMES[list]} changed.` };
}
