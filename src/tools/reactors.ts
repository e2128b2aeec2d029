/**
 * TOOL-7: while a Move is drawn, who may react along it. The engine's own judge (`Sight`: Line of Fire
 * at every path point, 0.1" apart, or the Zone of Control) asked on the game as the player knows it
 * (`knownState`): enemies standing as models or markers only; never a hidden or airborne trooper, and an
 * enemy marker only by its marker id.
 */
import type { PlanePoint } from '../core/model/types';
import type { TableKnowledge } from './knowledge';
import { pathPoints, type Place, possibleReactors, Sight } from '../core/api';

export interface ReactorMark {
  /** the enemy's key in the viewer's knowledge (a trooper id, or a marker id) */
  key: string;
  /** the first path point where it has Line of Fire to the mover, or null */
  firstSeen: number | null;
  /** whether the mover passes through its Zone of Control */
  zone: boolean;
}

export interface PathReading {
  points: Place[];
  /** per path point, how many known enemies may react there (Line of Fire or Zone of Control) */
  exposure: number[];
  reactors: ReactorMark[];
}

const cache = new WeakMap<object, Map<string, PathReading>>();

/** The mover's key in a player's knowledge: its own id, or its marker id while it is a marker. */
export function knownKey(k: TableKnowledge, engineId: string, markerId: string | null): string {
  if (k.state.troopers[engineId]) return engineId;
  return markerId && k.state.troopers[markerId] ? markerId : engineId;
}

/**
 * The reading of a path for the mover `key` (in the viewer's knowledge), from its start `from` along
 * the waypoints. `cautious`: MOV-4, AROs only where it ends. `placed`: the points with their heights
 * as the engine's dry run placed them (MOV-7: a path over a step, a Jump's flight, a Climb), read in
 * their place; without them the path is read at the start's height. Cached per knowledge state and path.
 */
export function readPath(k: TableKnowledge, key: string, from: Place, waypoints: readonly PlanePoint[], cautious = false, placed?: readonly Place[]): PathReading {
  let byPath = cache.get(k.state);
  if (!byPath) {
    byPath = new Map();
    cache.set(k.state, byPath);
  }
  const flat = pathPoints(from, waypoints);
  const heights = placed && (waypoints.length === 0 || placed.length === flat.length) ? placed : null;
  const id = `${key}|${cautious}|${from.x.toFixed(3)},${from.y.toFixed(3)}|${waypoints.map((p) => `${p.x.toFixed(2)},${p.y.toFixed(2)}`).join(';')}|${heights ? heights.map((p) => `${p.x.toFixed(2)},${p.y.toFixed(2)},${p.z.toFixed(2)}`).join(';') : ''}`;
  const hit = byPath.get(id);
  if (hit) return hit;
  const points: Place[] = heights ? heights.map((p) => ({ x: p.x, y: p.y, z: p.z })) : flat.map((p) => ({ x: p.x, y: p.y, z: from.z }));
  const t = k.state.troopers[key];
  const prone = t?.prone ?? false;
  const exposure = new Array<number>(points.length).fill(0);
  const reactors: ReactorMark[] = [];
  if (t) {
    const judged = cautious ? [points.at(-1)!] : points;
    const sight = new Sight(k.state, k.ctx, key, judged, prone);
    for (const r of possibleReactors(k.state, key, false)) {
      let firstSeen: number | null = null;
      let zone = false;
      judged.forEach((_, i) => {
        const seen = sight.sees(r, i);
        const inZone = sight.inZone(r, i);
        if (seen && firstSeen === null) firstSeen = cautious ? points.length - 1 : i;
        if (inZone) zone = true;
        if (seen || inZone) exposure[cautious ? points.length - 1 : i]! += 1;
      });
      if (firstSeen !== null || zone) reactors.push({ key: r.id, firstSeen, zone });
    }
  }
  const reading = { points, exposure, reactors };
  byPath.set(id, reading);
  return reading;
}
