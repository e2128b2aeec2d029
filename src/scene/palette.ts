/**
 * The table's colours, in one place, used by the scene and the page around it alike: each player
 * keeps one colour everywhere (zone tint, bases, silhouettes, markers, roster, card).
 */
import type { PlayerId } from '../core/model/types';

export const PLAYER_COLOURS: Readonly<Record<PlayerId, string>> = {
  A: '#ff6a2b', // red-orange
  B: '#2f8cff', // blue
};

/** A lighter tone of each player's colour: rims, selection, text on dark panels. */
export const PLAYER_LIGHT: Readonly<Record<PlayerId, string>> = {
  A: '#ffb08a',
  B: '#9cc8ff',
};

export const PALETTE = {
  background: '#15191c',
  mat: '#3f4f45',
  matEdge: '#23292a',
  gridMinor: '#b9d6c4',
  gridMajor: '#e2f1e7',
  centreLine: '#f3f0e2',
  neutralZone: '#c9c9c9',
  exclusion: '#1d1d1d',
  objective: '#c77dff', // violet: neither player's colour
  objectiveRing: '#f1dcff',
  terrainEdge: '#1b1f22',
  selection: '#fff3b0',
  hover: '#ffffff',
} as const;

/** The tools' overlays: each answer keeps one colour, on the table and in the panel alike. */
export const TOOL_COLOURS = {
  ruler: '#ffe45c',
  rulerParts: '#fff7c2',
  /** Line of Fire: seen, seen in Partial Cover, not seen */
  seen: '#3ee07a',
  cover: '#ffb020',
  unseen: '#9aa4ad',
  arc: '#fff3b0',
  witness: '#3ee07a',
  /** hot pink: apart from both players' colours and the objectives' violet */
  template: '#ff3d8b',
  templateHit: '#ff3d8b',
  origin: '#ffffff',
  zoc: '#e8f4ff',
} as const;

/** Building walls, roofs, ruin floors and blocks: muted, so that the two armies stand out. */
export const TERRAIN_COLOURS = {
  /** building walls, one picked per building */
  walls: ['#c7c1b3', '#b9bfb4', '#cbbfa6', '#aab3b5'],
  roof: '#8f8b82',
  ruinWall: '#a8a195',
  ruinFloor: '#5a564e',
  /** an open building's floor slabs (MOV-21) */
  floorSlab: '#8a7f6e',
  /** ladders (MOV-9) */
  ladder: '#4f463b',
  /** rubble in a ruin's breach (a `gap` opening) */
  rubble: '#6e665a',
  blocks: ['#8c9777', '#b09a70', '#7e8b93', '#9c8a78', '#a3a8ad'],
} as const;
