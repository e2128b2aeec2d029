/**
 * What players may measure at any time (DEP-7, TOOL-5): the Deployment Zones, the areas Forward
 * Deployment opens, the centre line, exclusion zones, and a trooper's Zone of Control.
 */
import { ZONES } from '../data/facts';
import type { Cylinder } from '../geometry/shapes';
import type { PlayerId, Rect } from '../model/types';
import { centreLine, growTowardsCentre, type ZoneContext } from './placement';

export interface TableZones {
  deployment: { id: string; player: PlayerId | null; rect: Rect }[];
  /** Forward Deployment areas (+4" and +8"), once the zones are chosen */
  forward: { player: PlayerId; inches: 4 | 8; rect: Rect }[];
  /** the centre line, from one table edge to the other; null until the zones are chosen */
  centre: { x0: number; y0: number; x1: number; y1: number } | null;
  exclusion: { id: string; rect: Rect }[];
}

/**
 * DEP-7: the zones of the table, with their owners once the deployment choice is made. Takes the setup
 * and the zones chosen, so a player's view answers it as well as the full state.
 */
export function tableZones(state: ZoneContext & { setup: { zones: { exclusion: { id: string; x: number; y: number; w: number; d: number }[] } } }): TableZones {
  const chosen = state.initiative.zones;
  const owner = (id: string): PlayerId | null => (chosen ? (chosen.A === id ? 'A' : chosen.B === id ? 'B' : null) : null);
  const out: TableZones = {
    deployment: Object.entries(state.setup.zones.deployment).map(([id, rect]) => ({ id, player: owner(id), rect: { ...rect } })),
    forward: [],
    centre: null,
    exclusion: state.setup.zones.exclusion.map((z) => ({ id: z.id, rect: { x: z.x, y: z.y, w: z.w, d: z.d } })),
  };
  if (chosen) {
    for (const player of ['A', 'B'] as PlayerId[]) {
      for (const inches of [4, 8] as const) out.forward.push({ player, inches, rect: growTowardsCentre(state, player, inches) });
    }
  }
  // The centre line lies midway between the two zones whoever holds them: measurable from the start.
  const names = Object.keys(state.setup.zones.deployment);
  if (names.length === 2) {
    const { axis, at } = centreLine({ setup: state.setup, initiative: { zones: chosen ?? { A: names[0]!, B: names[1]! } } }, 'A');
    const { width, depth } = state.setup.table;
    out.centre = axis === 'y' ? { x0: 0, y0: at, x1: width, y1: at } : { x0: at, y0: 0, x1: at, y1: depth };
  }
  return out;
}

/** TOOL-5: a silhouette's Zone of Control: 8" around it, and 8" above and below. */
export function zoneOfControl(silhouette: Cylinder): Cylinder {
  const reach = ZONES.zoneOfControl;
  return { x: silhouette.x, y: silhouette.y, z: silhouette.z - reach, r: silhouette.r + reach, h: silhouette.h + 2 * reach };
}
