/**
 * The solid of the scenery model (scenery.ts), on its own so that the geometry modules and the core's
 * port (ports.ts, which re-exports it) can both name it without importing each other.
 */
/** A solid piece of scenery, as the rules see it: a turned box from `z0` up to `z1`. */
export interface ScenerySolid {
  /** the terrain piece it belongs to */
  id: string;
  /**
   * 'building': a closed building's whole box, used only to prove Line of Fire blocked; 'floor': a
   * floor slab of an open building (MOV-21)
   */
  part: 'block' | 'wall' | 'roof' | 'floor' | 'building';
  x: number;
  y: number;
  w: number;
  d: number;
  rotation: number;
  z0: number;
  z1: number;
}
