import { describe, expect, it } from 'vitest';
import { Mesh, PerspectiveCamera, Vector2 } from 'three';
import { fixture } from '../tools/testTable';
import { setFromTable } from './coords';
import { ToolRouter } from '../tools/router';
import { Tool, type PointerTarget, type StateHandlers } from '../tools/tool';
import { inchesBetween, PointerFeed, surfaceUnder, type DomPointer } from './tablePointer';
import { buildTerrainMeshes } from './terrainGeometry';
import { resolveFacts } from '../core/api';

const file = fixture('e2e/fixtures/small-setup.json');
const terrain = new Mesh(buildTerrainMeshes(file, resolveFacts(file.facts)).solids);
terrain.updateMatrixWorld(true);

/** A camera above the table looking straight down at (x, y), and the pointer at the middle of the screen. */
function lookDownAt(x: number, y: number, from = 30) {
  const camera = new PerspectiveCamera(40, 1.5, 0.5, 500);
  setFromTable(camera.position, x, y + 0.001, from);
  camera.up.set(0, 0, -1);
  camera.lookAt(x, 0, -y);
  camera.updateMatrixWorld(true);
  return surfaceUnder(new Vector2(0, 0), camera, terrain, file.table);
}

describe('a finger\'s reach on the table', () => {
  it('is the inches a few pixels span at the spot: more from further away, none where the ray misses the level', () => {
    const camera = (height: number) => {
      const c = new PerspectiveCamera(40, 1, 0.5, 500);
      setFromTable(c.position, 24, 16.001, height);
      c.up.set(0, 0, -1);
      c.lookAt(24, 0, -16);
      c.updateMatrixWorld(true);
      return c;
    };
    // From h inches up, the whole view (2 NDC) spans 2 h tan(20°) inches: a tenth of it, a tenth of that.
    const tenth = (h: number) => inchesBetween(new Vector2(0, 0), new Vector2(0.2, 0), camera(h), 0)!;
    expect(tenth(30)).toBeCloseTo(0.1 * 2 * 30 * Math.tan((20 * Math.PI) / 180), 6);
    expect(tenth(60)).toBeCloseTo(2 * tenth(30), 6);
    // On a roof 3" up the same pixels span less.
    expect(inchesBetween(new Vector2(0, 0), new Vector2(0.2, 0), camera(30), 3)!).toBeCloseTo(0.1 * 2 * 27 * Math.tan((20 * Math.PI) / 180), 6);
    // A level above the camera is never met.
    expect(inchesBetween(new Vector2(0, 0), new Vector2(0.2, 0), camera(30), 40)).toBeNull();
  });
});

describe('the point under the pointer', () => {
  it('DEP-6 is on the block top, at its height, where the pointer is over a block', () => {
    const p = lookDownAt(38, 6);
    expect(p).toEqual({ x: 38, y: 6, z: 2 });
  });

  it('is on the roof of a closed building, and on the table top elsewhere', () => {
    expect(lookDownAt(24, 16)).toEqual({ x: 24, y: 16, z: 4 });
    expect(lookDownAt(10, 6)).toEqual({ x: 10, y: 6, z: 0 });
  });

  it('is on the ground inside a roofless ruin (the engine then says it is inside the building)', () => {
    expect(lookDownAt(10, 26)).toEqual({ x: 10, y: 26, z: 0 });
  });

  it('is nothing far off the table', () => {
    expect(lookDownAt(-10, 6)).toBeNull();
  });
});

/** A tool that writes down what reaches it, with the click verdict of the tools' base. */
class Recorder extends Tool<'idle' | 'held'> {
  readonly id = 'recorder';
  override readonly reads: PointerTarget;
  readonly log: string[] = [];
  protected readonly states: Record<'idle' | 'held', StateHandlers> = {
    idle: {},
    held: {
      onPointerDown: (p) => this.log.push(`down ${p.x},${p.y}`),
      onPointerMove: (p) => this.log.push(`move ${p.x},${p.y}${this.dragging ? ' drag' : ''}`),
      onPointerUp: (p, click) => this.log.push(`up ${p.x},${p.y} ${click ? 'click' : 'drag'}`),
      onPointerLeave: () => this.log.push('leave'),
      onCancelPress: () => this.log.push('cancel'),
      onWheel: (n) => (this.log.push(`wheel ${n}`), true),
      onKeyDown: (k) => k.key === 'q' && (this.log.push('q'), true),
    },
  };
  constructor(reads: PointerTarget = 'surface') {
    super(null as never, 'idle');
    this.reads = reads;
  }
  hold() {
    this.transition('held');
  }
  override usesWheel() {
    return true;
  }
}

/** A feed over a recording tool; screen pixel x is table inch x (off the table past 48), and frames run when told. */
function feed(reads?: PointerTarget) {
  const tool = new Recorder(reads);
  tool.hold();
  const router = new ToolRouter([tool]);
  const queued: (() => void)[] = [];
  const f = new PointerFeed(router, (e) => (e.clientX > 48 ? null : { x: e.clientX, y: e.clientY, z: 0, piece: null }), {
    request: (cb) => queued.push(cb),
    cancel: (id) => (queued[id - 1] = () => undefined),
  });
  const frame = () => queued.splice(0).forEach((cb) => cb());
  return { tool, f, frame };
}

const ev = (x: number, over: Partial<DomPointer> = {}): DomPointer => ({ clientX: x, clientY: 10, button: 0, pointerId: 1, pointerType: 'mouse', isPrimary: true, shiftKey: false, ...over });
const touch = (x: number, id = 1, over: Partial<DomPointer> = {}) => ev(x, { pointerType: 'touch', pointerId: id, isPrimary: id === 1, ...over });

describe('the table pointer feed', () => {
  it('sends at most one move a frame, the latest; a move still waiting goes before a press or a release', () => {
    const { tool, f, frame } = feed();
    f.move(ev(1));
    f.move(ev(2));
    f.move(ev(3));
    expect(tool.log).toEqual([]);
    frame();
    expect(tool.log).toEqual(['move 3,10']);
    f.move(ev(4));
    f.down(ev(4));
    f.move(ev(20));
    f.up(ev(20));
    frame();
    expect(tool.log).toEqual(['move 3,10', 'move 4,10', 'down 4,10', 'move 20,10 drag', 'up 20,10 drag']);
  });

  it('a click is a press and release that barely moved (the tools\' base tells it by pixels); other buttons are the camera\'s', () => {
    const { tool, f } = feed();
    f.down(ev(10));
    f.up(ev(12));
    f.down(ev(10, { button: 2 }));
    f.up(ev(30, { button: 2 }));
    expect(tool.log).toEqual(['down 10,10', 'up 12,10 click']);
  });

  it('a finger: a tap is a click even when it wanders a little, a drag is a drag, a second finger takes the press away', () => {
    const { tool, f, frame } = feed();
    f.down(touch(10));
    f.move(touch(17));
    frame();
    f.up(touch(17));
    f.leave(touch(17)); // a lifted finger leaves: no leaving
    expect(tool.log).toEqual(['down 10,10', 'move 17,10', 'up 17,10 click']);
    tool.log.length = 0;
    f.down(touch(10));
    f.move(touch(30));
    frame();
    f.up(touch(30));
    expect(tool.log).toEqual(['down 10,10', 'move 30,10 drag', 'up 30,10 drag']);
    tool.log.length = 0;
    // A pinch: the first finger's press is cancelled; nothing more is the tool's until both are lifted.
    f.down(touch(10, 1));
    f.down(touch(20, 2));
    f.move(touch(12, 1));
    frame();
    f.up(touch(12, 1));
    f.up(touch(22, 2));
    expect(tool.log).toEqual(['down 10,10', 'cancel']);
    f.down(touch(5, 3, { isPrimary: true }));
    f.up(touch(5, 3, { isPrimary: true }));
    expect(tool.log).toEqual(['down 10,10', 'cancel', 'down 5,10', 'up 5,10 click']);
  });

  it('off the table: a move leaves, a press is none, a release there ends the press with nothing done', () => {
    const { tool, f, frame } = feed();
    f.move(ev(60));
    frame();
    f.down(ev(60));
    f.down(ev(10));
    f.up(ev(60));
    f.cancel(ev(10));
    expect(tool.log).toEqual(['leave', 'down 10,10', 'cancel']);
  });

  it('the wheel and keys go to the tool holding the pointer; not while typing, nor with Ctrl', () => {
    const { tool, f } = feed();
    expect(f.wheel(120)).toBe(true);
    expect(f.wheel(-120)).toBe(true);
    const key = { key: 'Q', shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, repeat: false };
    expect(f.key(key, false)).toBe(true);
    expect(f.key(key, true)).toBe(false);
    expect(f.key({ ...key, ctrlKey: true }, false)).toBe(false);
    expect(f.key({ ...key, key: 'x' }, false)).toBe(false);
    expect(tool.log).toEqual(['wheel -1', 'wheel 1', 'q']);
  });

  it('with no tool holding the pointer nothing is sent: a click selects, a drag turns the camera', () => {
    const { tool, f, frame } = feed();
    tool['transition']('idle');
    f.move(ev(1));
    frame();
    f.down(ev(1));
    f.up(ev(1));
    expect(f.wheel(100)).toBe(false);
    expect(tool.log).toEqual([]);
  });
});
