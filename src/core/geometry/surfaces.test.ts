import { describe, expect, it } from 'vitest';
import { resolveFacts } from '../data/facts';
import type { Terrain } from '../model/types';
import { AnalyticScenery, buildSceneryModel } from './scenery';

const facts = resolveFacts();
/** The contract's example (docs/rules/movement.md, section 4), a block with a ladder, and a closed ruin. */
const ruin: Terrain = {
  id: 'ruin-1',
  kind: 'building',
  x: 30,
  y: 20,
  w: 8,
  d: 6,
  h: 5,
  rotation: 0,
  roof: false,
  interior: 'open',
  floors: [{ z: 2.5, x: 0, y: 1.125, w: 7.5, d: 3.25 }],
  openings: [
    { side: 's', at: -2, w: 1.5, z: 0, h: 2, kind: 'door', access: 'wide' },
    { side: 'e', at: 0, w: 1.5, z: 3, h: 1.2, kind: 'window' },
    { side: 'n', at: 2, w: 1, z: 0, h: 2, kind: 'gap', access: 'narrow' },
  ],
  ladders: [{ side: 'w', at: -1, w: 1, inside: true, from: 0, to: 2.5 }],
};
const crate: Terrain = { id: 'crate', kind: 'block', x: 10, y: 10, w: 4, d: 4, h: 2, rotation: 0, ladders: [{ side: 's', at: 0 }] };
const shell: Terrain = { id: 'shell', kind: 'building', x: 10, y: 30, w: 6, d: 6, h: 3, rotation: 0, roof: false };
const turned: Terrain = { ...ruin, id: 'ruin-2', x: 40, y: 36, rotation: 90, ladders: [] };
const scenery = new AnalyticScenery(buildSceneryModel({ table: { width: 48, depth: 48 }, terrain: [ruin, crate, shell, turned] }, facts));
const stance = scenery.stance;
const r = 0.5;

describe('surfaces: what a base stands on, inside open buildings and out', () => {
  it('MOV-7 the surfaces under a base, highest first, with the share of the base over each', () => {
    // On the floor slab, wholly: the slab and the table below it.
    expect(stance.surfacesUnder(30, 22, r)).toEqual([
      { id: 'ruin-1', height: 2.5, share: 1 },
      { id: 'table', height: 0, share: 1 },
    ]);
    // Over the slab's south edge (frame y -0.5, table y 19.5), centred on it: half on it.
    const half = stance.surfacesUnder(30, 19.5, r);
    expect(half[0]!.height).toBe(2.5);
    expect(half[0]!.share).toBeCloseTo(0.5, 2);
    // On the crate's top, a quarter over its corner.
    const corner = stance.surfacesUnder(12, 12, r)[0]!;
    expect(corner.height).toBe(2);
    expect(corner.share).toBeGreaterThan(0.2);
    expect(corner.share).toBeLessThan(0.3);
  });

  it('MOV-7 the stance: the highest surface within reach, and the share held from it down to reach below it', () => {
    const v = facts.silhouettes[2].height;
    // Inside the ruin, under the slab: the slab is out of reach from the ground.
    expect(stance.stanceAt(30, 22, r, 0, v)).toEqual({ z: 0, support: 1 });
    // From the slab, the slab.
    expect(stance.stanceAt(30, 22, r, 2.5, v)).toEqual({ z: 2.5, support: 1 });
    // Half over the slab's edge from the slab: the slab, held by half the base only (the ground is 2.5 below).
    const edge = stance.stanceAt(30, 19.5, r, 2.5, v)!;
    expect(edge.z).toBe(2.5);
    expect(edge.support).toBeCloseTo(0.5, 2);
    expect(stance.supportShare(30, 19.5, r, 2.5 - v, 2.5)).toBeCloseTo(0.5, 2);
    // Beside the crate (2" high) from the ground: S2's reach is 1.6", so the crate top is out of reach.
    expect(stance.stanceAt(12.2, 10, r, 0, v)!.z).toBe(0);
    // A taller trooper (reach 2.7") under the slab at 2.5: the slab is overhead, no step up through it.
    expect(stance.stanceAt(30, 22, r, 0, 2.7)!.z).toBe(0);
    // Half under the slab's edge from the ground, the same: the slab above is no surface to step onto.
    expect(stance.stanceAt(30, 19.5, r, 0, 2.7)!.z).toBe(0);
    // Off the table: nothing under the base.
    expect(stance.stanceAt(-5, -5, r, 0, v)).toBeNull();
  });

  it('MOV-21 an open building: its walls, slab and window sill are solids and surfaces; its inside is no closed interior', () => {
    const parts = scenery.model.solids.filter((s) => s.id === 'ruin-1');
    expect(parts.filter((s) => s.part === 'floor')).toHaveLength(1);
    expect(parts.some((s) => s.part === 'building' || s.part === 'roof')).toBe(false);
    // The door leaves no solid at the base's height where it is; the wall beside it does.
    const inDoor = { x: 28, y: 17.125, z: 0, r: 0.4, h: 1.6 };
    expect(stance.solidsMeeting(inDoor)).toEqual([]);
    expect(scenery.overlapping({ ...inDoor, x: 30 })?.part).toBe('wall');
    // The window's sill at 3 is a surface of the east wall; the wall above the window too.
    expect(scenery.surfacesAt(33.875, 20)).toEqual([5, 3, 0]);
    // Standing inside the open ruin is allowed; inside the closed shell it is not; CJ-5 asks with open.
    expect(scenery.enclosing(30, 21, r, 0)).toBeNull();
    expect(scenery.enclosing(30, 21, r, 0, true)).toBe('ruin-1');
    expect(scenery.enclosing(10, 30, r, 0)).toBe('shell');
    expect(scenery.supportHeight(30, 22, r, 2.5)).toBe(2.5);
  });

  it('MOV-10 a base passes a wall only through an opening: the openings met and crossed, with their access', () => {
    const c = { z: 0, r: 0.45, h: 1.6 };
    const through = stance.openingsCrossed({ x: 28, y: 15 }, { x: 28, y: 19 }, c);
    expect(through.map((o) => [o.side, o.kind, o.access])).toEqual([['s', 'door', 'wide']]);
    // The whole way through the door meets no solid.
    for (let y = 15; y <= 19; y += 0.1) expect(stance.solidsMeeting({ ...c, x: 28, y })).toEqual([]);
    // Beside the door: the wall.
    expect(stance.solidsMeeting({ ...c, x: 30, y: 17.125 }).map((s) => s.part)).toEqual(['wall']);
    // The narrow gap on the north side.
    expect(stance.openingsCrossed({ x: 32, y: 25 }, { x: 32, y: 21 }, c).map((o) => o.access)).toEqual(['narrow']);
    // A base at ground height does not pass the window (its sill is at 3); one on the sill's height does.
    expect(stance.openingsCrossed({ x: 36, y: 20 }, { x: 32, y: 20 }, c)).toEqual([]);
    expect(stance.openingsMeeting({ ...c, x: 33.875, y: 20, z: 3 }).map((o) => o.kind)).toEqual(['window']);
    // Turned with its building: the turned ruin's door is on its east side now (frame -y -> table +x).
    const turnedDoor = stance.openings.find((o) => o.id === 'ruin-2' && o.kind === 'door')!;
    expect(turnedDoor.x).toBeCloseTo(40 + 2.875, 6);
    expect(turnedDoor.y).toBeCloseTo(36 - 2, 6);
  });

  it('MOV-10 Line of Fire sees through an opening and not through the wall beside it', () => {
    const eye = { x: 28, y: 14, z: 1 };
    expect(scenery.sceneryHit(eye, { x: 28, y: 18, z: 1 })).toBeNull();
    expect(scenery.sceneryHit({ x: 30, y: 14, z: 1 }, { x: 30, y: 18, z: 1 })?.part).toBe('wall');
    // The slab blocks from below.
    expect(scenery.sceneryHit({ x: 30, y: 22, z: 1 }, { x: 30, y: 22, z: 4 })?.part).toBe('floor');
    // Every piece of an open building is an occluder; the closed shell has its whole box only if roofed.
    expect(scenery.occluders.filter((s) => s.id === 'ruin-1').length).toBe(scenery.model.solids.filter((s) => s.id === 'ruin-1').length);
  });

  it('MOV-9 ladders: at the foot from its side, at the top on the surface it leads to', () => {
    // The crate's ladder on its south face (y 8), x 9.5..10.5.
    expect(stance.laddersNear(10, 7.5, r, 0).map((l) => l.end)).toEqual(['foot']);
    expect(stance.laddersNear(10, 8.5, r, 2).map((l) => l.end)).toEqual(['top']);
    expect(stance.laddersNear(14, 7.5, r, 0)).toEqual([]);
    expect(stance.laddersNear(10, 7.5, r, 1)).toEqual([]);
    // The ruin's inside ladder on the west wall (inner face x 26.25, y 18.5..19.5), up to the slab at 2.5.
    const l = stance.ladders.find((x) => x.id === 'ruin-1')!;
    expect(l.inside).toBe(true);
    expect(l.a.x).toBeCloseTo(26.25, 9);
    expect(l.out.x).toBeCloseTo(1, 9);
    expect(stance.laddersNear(26.8, 19, r, 0).map((x) => x.end)).toEqual(['foot']);
    // On the slab (from y 19.5 north), against the wall: touching the ladder's top.
    expect(stance.laddersNear(26.25 + r, 19.5 + r, r, 2.5).map((x) => x.end)).toEqual(['top']);
  });
});
