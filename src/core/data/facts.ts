/**
 * Every number the rules rely on, in one place (their sources and how sure each is: docs/rules/FACTS.md).
 * Lengths are inches. Silhouette sizes are published in millimetres: they are converted here, once,
 * with the game's own convention 1" = 2.5 cm (the publisher converts 20 cm to 8").
 */

export const MM_PER_INCH = 25;

/** Millimetres to inches, by the game's convention. The only place millimetres become inches. */
export function mmToInches(mm: number): number {
  return mm / MM_PER_INCH;
}

export type SilhouetteId = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

export interface SilhouetteMm {
  baseMm: number;
  heightMm: number;
}

/** Base diameter (sure) and silhouette height (likely: 3rd-edition table), in millimetres. */
export const SILHOUETTES_MM: Readonly<Record<SilhouetteId, SilhouetteMm>> = {
  1: { baseMm: 25, heightMm: 25 },
  2: { baseMm: 25, heightMm: 40 },
  3: { baseMm: 40, heightMm: 32 },
  4: { baseMm: 55, heightMm: 32 },
  5: { baseMm: 40, heightMm: 45 },
  6: { baseMm: 40, heightMm: 55 },
  7: { baseMm: 55, heightMm: 67 },
  8: { baseMm: 70, heightMm: 70 },
};

/** A Prone trooper's silhouette is only as tall as its base (likely). */
export const PRONE_HEIGHT_MM = 3;
/** The smallest patch of a target that must be wholly seen for Line of Fire (sure). */
export const LOF_PATCH_MM = 3;

export interface TeardropSize {
  length: number;
  width: number;
}

/** The working values a game may override through its `facts` block. */
export interface FactOverrides {
  circularTemplateDiameter?: number;
  smallTeardrop?: TeardropSize;
  largeTeardrop?: TeardropSize;
  explosionHalfHeight?: number;
  wallThickness?: number;
  /** the thickness of an open building's floor slabs and roof (MOV-21), inches */
  floorThickness?: number;
  /** the Game Rounds a game lasts (ORD-7) */
  rounds?: number;
  /** COORD-1: each player's Command Tokens at the start of the game (working value 4, coordinated.md §4) */
  commandTokens?: number;
  silhouettes?: Partial<Record<string, SilhouetteMm>>;
}

export interface Silhouette {
  /** base radius, inches */
  radius: number;
  /** silhouette height, inches */
  height: number;
}

/** The facts in force for one game: defaults with the game file's overrides, all in inches. */
export interface Facts {
  silhouettes: Readonly<Record<SilhouetteId, Silhouette>>;
  proneHeight: number;
  lofPatch: number;
  circularTemplateDiameter: number;
  smallTeardrop: TeardropSize;
  largeTeardrop: TeardropSize;
  explosionHalfHeight: number;
  wallThickness: number;
  floorThickness: number;
  rounds: number;
  commandTokens: number;
}

export const DEFAULT_OVERRIDES: Required<Omit<FactOverrides, 'silhouettes'>> = {
  circularTemplateDiameter: 3, // working value
  smallTeardrop: { length: 8, width: 2.5 }, // working value
  largeTeardrop: { length: 10, width: 3.5 }, // working value
  explosionHalfHeight: 1.5, // working value
  wallThickness: 0.25,
  floorThickness: 0.25, // working value (docs/rules/movement.md, section 5)
  rounds: 3, // ORD-7: the usual length of a tournament game
  commandTokens: 4, // COORD-1: working value (docs/rules/coordinated.md §4)
};

export function resolveFacts(overrides: FactOverrides = {}): Facts {
  const silhouettes = {} as Record<SilhouetteId, Silhouette>;
  for (const s of [1, 2, 3, 4, 5, 6, 7, 8] as const) {
    const mm = overrides.silhouettes?.[String(s)] ?? SILHOUETTES_MM[s];
    silhouettes[s] = { radius: mmToInches(mm.baseMm) / 2, height: mmToInches(mm.heightMm) };
  }
  return {
    silhouettes,
    proneHeight: mmToInches(PRONE_HEIGHT_MM),
    lofPatch: mmToInches(LOF_PATCH_MM),
    circularTemplateDiameter: overrides.circularTemplateDiameter ?? DEFAULT_OVERRIDES.circularTemplateDiameter,
    smallTeardrop: overrides.smallTeardrop ?? DEFAULT_OVERRIDES.smallTeardrop,
    largeTeardrop: overrides.largeTeardrop ?? DEFAULT_OVERRIDES.largeTeardrop,
    explosionHalfHeight: overrides.explosionHalfHeight ?? DEFAULT_OVERRIDES.explosionHalfHeight,
    wallThickness: overrides.wallThickness ?? DEFAULT_OVERRIDES.wallThickness,
    floorThickness: overrides.floorThickness ?? DEFAULT_OVERRIDES.floorThickness,
    rounds: overrides.rounds ?? DEFAULT_OVERRIDES.rounds,
    commandTokens: overrides.commandTokens ?? DEFAULT_OVERRIDES.commandTokens,
  };
}

/** Contact and containment margins (FACTS: Contact). */
export const CONTACT = {
  /** two things touch when the gap between them is at most this */
  touch: 0.05 + 1e-6,
  /** two things overlap when the gap between them is below minus this */
  overlap: 1e-6,
  /** containment (totally inside a zone, on the table, on a surface) allows this much rounding */
  contain: 1e-6,
  /** a base is supported by a surface whose height is within this of the requested z */
  surfaceHeight: 0.05,
} as const;

/** Rolls (FACTS: Rolls). */
export const ROLLS = {
  die: 20,
  /** MODs add up to at most this, up or down */
  modLimit: 12,
} as const;

/** Zones and distances (FACTS: Zones and distances). */
export const ZONES = {
  zoneOfControl: 8,
} as const;

/** HD-17: where a revealed trooper goes when its spot is taken (GAME-FILE.md). */
export const HD17_SEARCH = {
  ringStep: 1 / 20,
  rings: 120,
  angleStepDeg: 1,
} as const;

/** GRP-1: a Combat Group holds at most this many troopers (likely for N4; sure for N5). */
export const GROUP_LIMIT_TROOPERS = 10;
