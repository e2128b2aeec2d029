import { describe, expect, it } from 'vitest';
import { deployTool } from '../tools/pageTools';
import { tableTools } from '../tools/page';
import { setSheet, settle, SHEET_CLOSED_PX, sheetState, toggled } from './Sheet';

describe('the phone\'s sheet', () => {
  it('settles at the nearest of closed, half and full; a tap opens a closed sheet halfway and closes an open one', () => {
    expect(settle(SHEET_CLOSED_PX, 700)).toBe('closed');
    expect(settle(150, 700)).toBe('closed');
    expect(settle(250, 700)).toBe('half');
    expect(settle(500, 700)).toBe('half');
    expect(settle(560, 700)).toBe('full');
    expect(toggled('closed')).toBe('half');
    expect(toggled('half')).toBe('closed');
    expect(toggled('full')).toBe('closed');
  });

  it('closes when a tool is taken up, so the table is there to tap; stays as it is when the tool is put down', () => {
    setSheet('half');
    tableTools.activate('lof');
    expect(sheetState()).toBe('closed');
    setSheet('full');
    tableTools.leave();
    expect(sheetState()).toBe('full');
    tableTools.activate('ruler');
    expect(sheetState()).toBe('closed');
    tableTools.leave();
    // The deployment tool's trooper in hand, likewise (nothing to place in the demo: it stays idle, the sheet too).
    setSheet('half');
    deployTool.send({ type: 'sync' });
    expect(sheetState()).toBe('half');
  });
});
