/** Size of the playing area in inches (table x and y). */
export const TABLE_WIDTH = 48;
export const TABLE_DEPTH = 48;
/** Thickness of the mat/board below the playing surface (z < 0). */
export const TABLE_THICKNESS = 1;
