import { describe, expect, it } from 'vitest';
import { ToolRouter } from './router';
import { TestTable } from './testing/TestTable';
import { DRAG_INCHES, DRAG_PIXELS, DRAG_PIXELS_TOUCH, movedEnough, Tool, type StateHandlers, type TablePointer } from './tool';

const at = (x: number, screen?: number, pointerType?: TablePointer['pointerType']): TablePointer => ({
  x,
  y: 0,
  z: 0,
  piece: null,
  ...(screen !== undefined ? { screen: { x: screen, y: 0 } } : {}),
  ...(pointerType ? { pointerType } : {}),
});

/** A two-state tool that writes down its enters and exits. */
class Door extends Tool<'shut' | 'open', null> {
  readonly id = 'door';
  readonly log: string[] = [];
  protected readonly states: Record<'shut' | 'open', StateHandlers> = {
    shut: { onExit: (to) => this.log.push(`exit shut for ${to}`), onPointerUp: (_p, click) => click && this.transition('open') },
    open: { onEnter: (from) => this.log.push(`enter open from ${from}`), onCancelPress: () => this.log.push('cancelled') },
  };
  constructor() {
    super(null, 'shut');
  }
  shut() {
    this.transition('shut');
  }
}

describe('the tools\' base', () => {
  it('a press becomes a drag past a few pixels on screen (more for a finger), or a fifth of an inch headless', () => {
    expect(movedEnough(at(0, 0), at(0, DRAG_PIXELS - 1))).toBe(false);
    expect(movedEnough(at(0, 0), at(0, DRAG_PIXELS))).toBe(true);
    expect(movedEnough(at(0, 0, 'touch'), at(0, DRAG_PIXELS + 1, 'touch'))).toBe(false);
    expect(movedEnough(at(0, 0, 'touch'), at(0, DRAG_PIXELS_TOUCH, 'touch'))).toBe(true);
    // The screen decides when there is one: a long way on the table may be a few pixels far off.
    expect(movedEnough(at(0, 0), at(3, 1))).toBe(false);
    expect(movedEnough(at(0), at(DRAG_INCHES / 2))).toBe(false);
    expect(movedEnough(at(0), at(DRAG_INCHES))).toBe(true);
  });

  it('a state path is <tool>.<state>; a transition exits the old state, enters the new one, and tells the listeners', () => {
    const d = new Door();
    const paths: string[] = [];
    d.onPath((p, prev) => paths.push(`${prev} -> ${p}`));
    expect(d.path).toBe('door.shut');
    expect(d.engaged()).toBe(false);
    d.pointerDown(at(0, 0));
    d.pointerMove(at(0, 20));
    d.pointerUp(at(0, 20)); // a drag: no click
    expect(d.path).toBe('door.shut');
    d.pointerDown(at(0, 0));
    d.pointerUp(at(0, 2));
    expect(d.path).toBe('door.open');
    expect(d.engaged()).toBe(true);
    expect(d.log).toEqual(['exit shut for open', 'enter open from shut']);
    expect(paths).toEqual(['door.shut -> door.open']);
    // A press taken away reaches the state that holds it; without a press there is nothing to take away.
    d.cancelPress();
    d.pointerDown(at(0, 0));
    d.cancelPress();
    expect(d.log.at(-1)).toBe('cancelled');
    expect(d.log.filter((l) => l === 'cancelled')).toHaveLength(1);
  });

  it('the router gives the pointer to the tool engaged last, keeps a press with the tool it began on, and gives it back', () => {
    const a = new Door();
    const b = new Door();
    const router = new ToolRouter([a, b]);
    expect(router.owner()).toBeNull();
    expect(router.path).toBe('select');
    b.pointerDown(at(0));
    b.pointerUp(at(0)); // b opens first
    a.pointerDown(at(0));
    a.pointerUp(at(0)); // then a
    expect(router.owner()).toBe(a);
    router.down(at(0));
    a.shut(); // a closes mid-press: the release still goes to a
    expect(router.owner()).toBe(a);
    router.up(at(0));
    expect(a.path).toBe('door.open'); // that release was a click on the shut door
    a.shut();
    expect(router.owner()).toBe(b);
  });

  it('TOOL-1 a second finger takes the ruler\'s press away: ruler.idle, ruler.pointing, ruler.idle, no reading', () => {
    const t = TestTable.demo();
    t.key('m');
    const path = t.trace(t.tools.ruler);
    t.down('a-varro', { pointerType: 'touch', screen: { x: 100, y: 100 } });
    t.cancel();
    expect(path).toEqual(['ruler.idle', 'ruler.pointing', 'ruler.idle']);
    expect(t.tools.ruler.reading).toBeNull();
    // A finger's drag measures as a mouse's does.
    t.down('a-varro', { pointerType: 'touch', screen: { x: 100, y: 100 } });
    t.move('a-bulwark', { pointerType: 'touch', screen: { x: 160, y: 60 } });
    t.up('a-bulwark', { pointerType: 'touch', screen: { x: 160, y: 60 } });
    expect(path.slice(3)).toEqual(['ruler.pointing', 'ruler.dragging', 'ruler.idle']);
    expect(t.snapshot.ruler?.to).toEqual({ piece: 'a-bulwark' });
  });
});
