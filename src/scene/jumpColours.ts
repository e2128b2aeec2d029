/** TOOL-4's colour scale, from safe (no known enemy sees the spot) to exposed (three or more do). */
export const EXPOSURE_COLOURS = ['#3fe07f', '#d8e03a', '#ffa42b', '#ff3b6b'] as const;

export function exposureColour(n: number): string {
  return EXPOSURE_COLOURS[Math.min(Math.max(n, 0), EXPOSURE_COLOURS.length - 1)]!;
}

/** How the landing map is drawn: legal cells in their exposure colour, refused cells under a dark veil. */
export const MAP_LOOK = { legalOpacity: 0.62, veil: '#07090b', veilOpacity: 0.62 } as const;
