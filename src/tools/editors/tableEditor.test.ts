import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TableEditor, type EditorPointer } from './tableEditor';
import { blankTable, handlePoint, snapBox, type ItemRef } from './tableModel';
import { parseTableFile } from '../../core/apiFiles';

const ROOT = join(__dirname, '..', '..', '..');

/** A headless top view: the editor, the states it went through, and fake pointer events in inches. */
class TestEditor {
  readonly editor: TableEditor;
  readonly paths: string[] = [];
  constructor(table = blankTable()) {
    this.editor = new TableEditor(table);
    this.paths.push(this.editor.path);
    this.editor.store.subscribe((s) => {
      if (this.paths[this.paths.length - 1] !== s.path) this.paths.push(s.path);
    });
  }
  get snap() {
    return this.editor.store.getState();
  }
  get table() {
    return this.snap.draft;
  }
  down(x: number, y: number, extra: Partial<EditorPointer> = {}) {
    this.editor.pointerDown({ x, y, ...extra });
    return this;
  }
  move(x: number, y: number, extra: Partial<EditorPointer> = {}) {
    this.editor.pointerMove({ x, y, ...extra });
    return this;
  }
  up(x: number, y: number, extra: Partial<EditorPointer> = {}) {
    this.editor.pointerUp({ x, y, ...extra });
    return this;
  }
  /** Press at one point, move there in steps, let go. */
  drag(from: { x: number; y: number }, to: { x: number; y: number }, extra: Partial<EditorPointer> = {}) {
    this.down(from.x, from.y, extra);
    for (const t of [0.25, 0.5, 0.75, 1]) this.move(from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t, extra);
    return this.up(to.x, to.y, extra);
  }
  place(kind: Parameters<TableEditor['add']>[0], x: number, y: number) {
    this.editor.add(kind);
    return this.move(x, y).down(x, y).up(x, y);
  }
  piece(id: string) {
    const p = this.table.terrain.find((t) => t.id === id);
    if (!p) throw new Error(`no terrain ${id}`);
    return p;
  }
}

const T = (id: string): ItemRef => ({ kind: 'terrain', id });

describe('the table editor (TOOL-9)', () => {
  it('TOOL-9 adds a roofed building: it follows the pointer snapped to the inch, and a click puts it down', () => {
    const t = new TestEditor();
    t.editor.add('building');
    expect(t.snap.path).toBe('table.placing');
    t.move(10.3, 20.6);
    // A 6" square: its edges on whole inches.
    expect(t.snap.shown.terrain[0]).toMatchObject({ id: 'building-1', kind: 'building', roof: true, x: 10, y: 21, w: 6, d: 6, h: 4 });
    expect(t.table.terrain).toEqual([]);
    t.down(10.3, 20.6).up(10.3, 20.6);
    expect(t.paths).toEqual(['table.idle', 'table.placing', 'table.idle']);
    expect(t.table.terrain).toEqual([{ id: 'building-1', kind: 'building', x: 10, y: 21, w: 6, d: 6, h: 4, rotation: 0, roof: true }]);
    expect(t.snap.selected).toEqual(T('building-1'));
    expect(t.snap.notice).toEqual({ tone: 'info', text: '"building-1" placed.' });
  });

  it('TOOL-9 drags a piece: pointing, then moving; it lands with its edges on the inch', () => {
    const t = new TestEditor().place('block', 20, 20);
    expect(t.piece('block-1')).toMatchObject({ x: 20, y: 20, w: 4, d: 2 });
    t.down(20.5, 20.2);
    expect(t.snap.path).toBe('table.pointing');
    t.move(23.2, 25.9);
    expect(t.snap.path).toBe('table.moving');
    t.up(23.2, 25.9);
    expect(t.paths.slice(-3)).toEqual(['table.pointing', 'table.moving', 'table.idle']);
    expect(t.piece('block-1')).toMatchObject({ x: 23, y: 26 });
    // A click without a drag only selects.
    t.down(23, 26).up(23, 26);
    expect(t.piece('block-1')).toMatchObject({ x: 23, y: 26 });
    expect(t.snap.selected).toEqual(T('block-1'));
    // A turned piece snaps its centre to the inch.
    t.editor.setField(T('block-1'), 'rotation', 30);
    t.drag({ x: 23, y: 26 }, { x: 25.4, y: 26.3 });
    expect(t.piece('block-1')).toMatchObject({ x: 25, y: 26, rotation: 30 });
  });

  it('TOOL-9 refuses a drag onto another piece or off the table, with the reason, and keeps the table as it was', () => {
    const t = new TestEditor().place('building', 10, 21).place('block', 30, 20);
    const before = structuredClone(t.table);
    t.down(30, 20).move(20, 20).move(14, 21);
    // While dragged, the spot is shown refused with its reason.
    expect(t.snap.problem).toBe('"block-1" would overlap "building-1": terrain pieces may touch but not overlap.');
    expect(t.snap.shown.terrain[1]).toMatchObject({ x: 14, y: 21 });
    t.up(14, 21);
    expect(t.table).toEqual(before);
    expect(t.snap.notice?.tone).toBe('error');
    expect(t.snap.notice?.text).toContain('would overlap "building-1"');
    // Touching is fine: the block's west edge on the building's east edge (13).
    t.drag({ x: 30, y: 20 }, { x: 15, y: 20 });
    expect(t.piece('block-1')).toMatchObject({ x: 15, y: 20 });
    const kept = structuredClone(t.table);
    t.drag({ x: 15, y: 20 }, { x: 47, y: 20 });
    expect(t.table).toEqual(kept);
    expect(t.snap.notice?.text).toBe('Refused: "block-1" would stick out of the 48" x 48" table by 1". Nothing was changed.');
  });

  it('TOOL-9 resizes from a handle: the opposite side stays put, the dragged side goes to a whole inch', () => {
    const t = new TestEditor().place('building', 10, 21);
    const box = t.piece('building-1');
    const east = handlePoint({ ...box }, { sx: 1, sy: 0 });
    expect(east).toEqual({ x: 13, y: 21 });
    t.down(east.x, east.y);
    expect(t.snap.path).toBe('table.resizing');
    t.move(15.6, 22).up(15.6, 22);
    // West side stays at 7; east goes from 13 to 16.
    expect(t.piece('building-1')).toMatchObject({ x: 11.5, y: 21, w: 9, d: 6 });
    // A corner changes both sides; a side never goes under 1".
    const ne = handlePoint(t.piece('building-1'), { sx: 1, sy: 1 });
    t.drag(ne, { x: 5, y: 12 });
    expect(t.piece('building-1')).toMatchObject({ w: 1, d: 1, x: 7.5, y: 18.5 });
  });

  it('TOOL-9 turns a piece by its handle in 15° steps (1° with Shift), and by Q/E', () => {
    const t = new TestEditor().place('block', 20, 20);
    const handle = handlePoint(t.piece('block-1'), 'rotate');
    expect(handle).toEqual({ x: 20, y: 22.5 });
    t.down(handle.x, handle.y);
    expect(t.snap.path).toBe('table.rotating');
    // Pointing west: 90° counter-clockwise.
    t.move(15, 20.3).up(15, 20.3);
    expect(t.piece('block-1').rotation).toBe(90);
    const h2 = handlePoint(t.piece('block-1'), 'rotate');
    t.drag(h2, { x: 15, y: 22 }, { shift: true });
    expect(t.piece('block-1').rotation).toBe(68);
    t.editor.key('q');
    expect(t.piece('block-1').rotation).toBe(83);
    t.editor.key('e', { shift: true });
    expect(t.piece('block-1').rotation).toBe(82);
    t.editor.key('e');
    t.editor.key('e');
    t.editor.key('e');
    t.editor.key('e');
    t.editor.key('e');
    t.editor.key('e');
    expect(t.piece('block-1').rotation).toBe(352);
  });

  it('TOOL-9 deletes with Delete, and undo and redo step through every kept edit', () => {
    const t = new TestEditor().place('block', 20, 20).place('ruin', 30, 30);
    expect(t.piece('ruin-1')).toMatchObject({ kind: 'building', roof: false, h: 3 });
    t.editor.key('Delete');
    expect(t.table.terrain.map((p) => p.id)).toEqual(['block-1']);
    expect(t.snap.selected).toBeNull();
    t.editor.key('z', { ctrl: true });
    expect(t.table.terrain.map((p) => p.id)).toEqual(['block-1', 'ruin-1']);
    t.editor.key('z', { ctrl: true, shift: true });
    expect(t.table.terrain.map((p) => p.id)).toEqual(['block-1']);
    t.editor.undo();
    t.editor.undo();
    t.editor.undo();
    expect(t.table.terrain).toEqual([]);
    expect(t.snap.canUndo).toBe(false);
    expect(t.snap.canRedo).toBe(true);
  });

  it('TOOL-9 a spot refused while placing keeps the piece in hand; Esc drops it and nothing changes', () => {
    const t = new TestEditor().place('building', 10, 21);
    const before = structuredClone(t.table);
    t.editor.add('block');
    t.move(11, 21).down(11, 21).up(11, 21);
    expect(t.snap.path).toBe('table.placing');
    expect(t.snap.notice?.text).toBe('Refused: "block-1" would overlap "building-1": terrain pieces may touch but not overlap. Try another spot, or Esc to stop.');
    expect(t.table).toEqual(before);
    t.editor.key('Escape');
    expect(t.snap.path).toBe('table.idle');
    expect(t.table).toEqual(before);
    // Duplicate: the copy follows the pointer, with an id of its own.
    t.editor.select(T('building-1'));
    t.editor.key('d', { ctrl: true });
    t.move(30, 30).down(30, 30).up(30, 30);
    expect(t.piece('building-2')).toMatchObject({ x: 30, y: 30, w: 6, roof: true });
  });

  it('TOOL-9 form fields: numbers, heights, kind and id, each refused with its reason when it would break the table', () => {
    const t = new TestEditor().place('building', 10, 21).place('block', 20, 20);
    expect(t.editor.setField(T('block-1'), 'h', 3.5)).toBeNull();
    expect(t.editor.setField(T('block-1'), 'd', 0.5)).toBeNull();
    expect(t.piece('block-1')).toMatchObject({ h: 3.5, d: 0.5 });
    const before = structuredClone(t.table);
    expect(t.editor.setField(T('block-1'), 'w', 20)).toBe('"block-1" would overlap "building-1": terrain pieces may touch but not overlap.');
    expect(t.editor.setField(T('block-1'), 'h', 0)).toBe('Expected a number above 0.');
    expect(t.editor.setField(T('block-1'), 'x', Number.NaN)).toBe('Expected a number.');
    expect(t.editor.setField(T('block-1'), 'id', 'building-1')).toBe('The id "building-1" is taken already.');
    expect(t.editor.setField(T('block-1'), 'id', 'a b')).toBe('An id is 1 to 64 letters, digits, "-", "_" or ".".');
    expect(t.table).toEqual(before);
    expect(t.editor.setField(T('block-1'), 'id', 'wall-1')).toBeNull();
    expect(t.snap.selected).toEqual(T('wall-1'));
    expect(t.editor.setField(T('building-1'), 'type', 'ruin')).toBeNull();
    expect(t.piece('building-1')).toMatchObject({ kind: 'building', roof: false });
    expect(t.editor.setField(T('building-1'), 'type', 'block')).toBeNull();
    expect(t.piece('building-1')).not.toHaveProperty('roof');
    expect(t.editor.setName('')).toBe('name: must not be empty');
    expect(t.editor.setName('Dockside')).toBeNull();
    expect(parseTableFile(t.table).name).toBe('Dockside');
  });

  it('TOOL-9 the table\'s size: zones along its edges follow them; terrain left off the table refuses the change', () => {
    const t = new TestEditor().place('block', 20, 40);
    expect(t.editor.setSize(48, 32)).toBe('"block-1" would stick out of the 48" x 32" table by 9".');
    expect(t.table.table).toEqual({ width: 48, depth: 48 });
    t.editor.select(T('block-1'));
    t.editor.key('Delete');
    expect(t.editor.setSize(48, 32)).toBeNull();
    expect(t.table.zones.deployment).toEqual({ south: { x: 0, y: 0, w: 48, d: 12 }, north: { x: 0, y: 20, w: 48, d: 12 } });
    expect(t.editor.setZoneLayout('south-north', 8)).toBeNull();
    expect(t.table.zones.deployment).toEqual({ south: { x: 0, y: 0, w: 48, d: 8 }, north: { x: 0, y: 24, w: 48, d: 8 } });
    expect(t.editor.setZoneLayout('west-east', 10)).toBeNull();
    expect(Object.keys(t.table.zones.deployment)).toEqual(['west', 'east']);
    expect(parseTableFile(t.table).table).toEqual({ width: 48, depth: 32 });
  });

  it('TOOL-9 a Deployment Zone is resized by its handle, never dragged away or deleted; exclusion zones and objectives move', () => {
    const t = new TestEditor();
    t.down(24, 6).up(24, 6);
    expect(t.snap.selected).toEqual({ kind: 'deployment', id: 'south' });
    t.drag({ x: 24, y: 6 }, { x: 24, y: 20 });
    expect(t.table.zones.deployment.south).toEqual({ x: 0, y: 0, w: 48, d: 12 });
    t.drag({ x: 24, y: 12 }, { x: 24, y: 9.2 });
    expect(t.table.zones.deployment.south).toEqual({ x: 0, y: 0, w: 48, d: 9 });
    expect(t.editor.remove()).toBe('A game needs both Deployment Zones: resize this one instead.');
    t.place('exclusion', 24, 24);
    expect(t.table.zones.exclusion).toEqual([{ id: 'exclusion-1', x: 20, y: 22, w: 8, d: 4 }]);
    t.drag({ x: 24, y: 24 }, { x: 30, y: 26 });
    expect(t.table.zones.exclusion[0]).toMatchObject({ x: 26, y: 24 });
    t.place('objective', 10, 24.4);
    expect(t.table.objectives).toEqual([{ id: 'objective-1', x: 10, y: 24, r: 0.5 }]);
    t.drag({ x: 10, y: 24 }, { x: 12.2, y: 30 });
    expect(t.table.objectives[0]).toMatchObject({ x: 12, y: 30 });
    expect(t.snap.selected).toEqual({ kind: 'objective', id: 'objective-1' });
    t.drag({ x: 12, y: 30 }, { x: 12, y: 47.8 });
    expect(t.table.objectives[0]).toMatchObject({ x: 12, y: 30 });
    expect(t.snap.notice?.text).toBe('Refused: Objective "objective-1" would stick out of the 48" x 48" table by 0.5". Nothing was changed.');
  });

  it('TOOL-9 every shipped table opens in the editor with every piece as its file says, and passes its checks', () => {
    for (const name of ['nexus-station', 'harbour-quarter', 'foundry-ridge']) {
      const file = parseTableFile(JSON.parse(readFileSync(join(ROOT, 'assets', 'tables', `${name}.json`), 'utf8')));
      const t = new TestEditor(file);
      expect(t.table).toEqual(JSON.parse(JSON.stringify(file)));
      // Nudging a piece by nothing keeps it; the pieces' own spots pass the editor's checks.
      expect(t.editor.setField(T(file.terrain[0]!.id), 'h', file.terrain[0]!.h)).toBeNull();
    }
  });

  it('TOOL-9 snapping: edges on the inch when square to the table, the centre on the inch when turned', () => {
    expect(snapBox({ x: 10.2, y: 10.2, w: 3, d: 2, rotation: 0 })).toMatchObject({ x: 10.5, y: 10 });
    expect(snapBox({ x: 10.2, y: 10.2, w: 3, d: 2, rotation: 90 })).toMatchObject({ x: 10, y: 10.5 });
    expect(snapBox({ x: 10.2, y: 10.6, w: 3, d: 2, rotation: 35 })).toMatchObject({ x: 10, y: 11 });
  });
});

describe('the table editor\'s handles (TOOL-9)', () => {
  it('TOOL-9 a press inside a small piece drags it, however near its handles; right on a handle it resizes', () => {
    const t = new TestEditor().place('block', 20, 20);
    // The south side's handle is 1" from the centre, within the pointer's reach of 1.2".
    t.down(20, 20, { reach: 1.2 }).move(24, 20, { reach: 1.2 }).up(24, 20, { reach: 1.2 });
    expect(t.piece('block-1')).toMatchObject({ x: 24, y: 20, w: 4, d: 2 });
    t.down(24, 19.1, { reach: 1.2 });
    expect(t.snap.path).toBe('table.resizing');
    t.up(24, 19.1);
    // Outside the piece the whole reach counts.
    t.down(26.6, 18.4, { reach: 1.2 });
    expect(t.snap.path).toBe('table.resizing');
  });

  it('TOOL-9 a finger drags a piece as a mouse does; a second finger takes the drag away and nothing changes', () => {
    const t = new TestEditor().place('block', 20, 20);
    const before = structuredClone(t.table);
    const finger = (x: number) => ({ pointerType: 'touch' as const, screen: { x, y: 200 } });
    // A finger wandering less than a tap's room is a tap: it selects, it moves nothing.
    t.down(20, 20, finger(100)).move(20.3, 20, finger(107)).up(20.3, 20, finger(107));
    expect(t.table).toEqual(before);
    expect(t.paths.slice(-2)).toEqual(['table.pointing', 'table.idle']);
    t.down(20, 20, finger(100)).move(24, 20, finger(140));
    expect(t.snap.path).toBe('table.moving');
    t.editor.cancelPress();
    expect(t.paths.slice(-3)).toEqual(['table.pointing', 'table.moving', 'table.idle']);
    expect(t.snap.live).toBeNull();
    expect(t.table).toEqual(before);
    t.down(20, 20, finger(100)).move(24, 20, finger(140)).up(24, 20, finger(140));
    expect(t.piece('block-1')).toMatchObject({ x: 24, y: 20 });
  });
});
