/**
 * Zone overlays (DEP-7, TOOL-5): Deployment Zones, Forward Deployment areas, the centre line,
 * exclusion zones, and the selected trooper's Zone of Control, each on its own toggle. The zones are
 * the core's `tableZones`, asked with the viewer's knowledge (a setup and the zones chosen, which every
 * player knows), and the Zone of Control the core's `zoneOfControl` of the silhouette.
 */
import { knownPiece, type TableKnowledge } from './knowledge';
import { type Cylinder, tableZones, type TableZones, zoneOfControl } from '../core/api';

export type ZoneLayer = 'deployment' | 'forward' | 'centre' | 'exclusion' | 'zoc';

export const ZONE_LAYERS: readonly { id: ZoneLayer; label: string }[] = [
  { id: 'deployment', label: 'Deployment Zones' },
  { id: 'forward', label: 'Forward Deployment' },
  { id: 'centre', label: 'Centre line' },
  { id: 'exclusion', label: 'Exclusion zones' },
  { id: 'zoc', label: 'Zone of Control' },
];

export type ZoneLayers = Readonly<Record<ZoneLayer, boolean>>;

/** What the table shows before anyone touches a toggle: the zones, the centre line, exclusion zones. */
export const DEFAULT_LAYERS: ZoneLayers = { deployment: true, forward: false, centre: true, exclusion: true, zoc: false };

export interface ZoneOverlay {
  /** every zone of the table, from the core; the layers say which are drawn */
  zones: TableZones;
  /** the selected piece's Zone of Control: 8" around its silhouette and 8" above and below */
  zoc: { key: string; silhouette: Cylinder; reach: Cylinder } | null;
}

/** The zones the viewer may measure, and the Zone of Control of the selected piece (if the viewer knows it). */
export function zoneOverlay(k: TableKnowledge, selected: string | null): ZoneOverlay {
  const piece = knownPiece(k, selected);
  return {
    zones: tableZones(k.state),
    zoc: piece ? { key: piece.key, silhouette: piece.c, reach: zoneOfControl(piece.c) } : null,
  };
}
