/**
 * The ruler (TOOL-1): drag from a trooper or any point of the table to another; the distance is the
 * core's `measure` (between the closest points of the two silhouettes, in 3D), shown while dragging.
 * A press on a piece, or within a quarter inch of its base edge, snaps that end to the piece. A click
 * without a drag starts a ruler that follows the pointer until the next click.
 *
 *   idle --down--> pointing --move (a drag)--> dragging --up--> idle (the reading stays)
 *                      \--up (a click)--> following --down--> idle (the reading stays)
 *   pointing, dragging --press cancelled (a second finger)--> idle (no reading)
 */
import type { TargetRef } from '../core/model/types';
import { knownPiece, type TableKnowledge } from './knowledge';
import { Tool, type StateHandlers, type TablePointer, type ToolHost } from './tool';
import { apply, type Cylinder, endpoint, type Vec3 } from '../core/api';

/** One end of the ruler: a piece on the table (measured from its silhouette), or a point. */
export type RulerEnd = { piece: string } | { point: Vec3 };

export interface RulerReading {
  from: RulerEnd;
  to: RulerEnd;
  /** the core's `measure`, unrounded: the number the game uses (TOOL-1) */
  inches: number;
  /** the level and the upright part of that distance */
  horizontal: number;
  vertical: number;
  /** the closest points of the two ends, between which the ruler is drawn */
  a: Vec3;
  b: Vec3;
  /** the two ends as the core measures them: silhouettes, or points (of no size) */
  ends: [Cylinder, Cylinder];
}

function refOf(end: RulerEnd): TargetRef {
  return 'piece' in end ? end.piece : { x: end.point.x, y: end.point.y, z: end.point.z };
}

/**
 * The closest points of two vertical cylinders (a point is a cylinder of no size), where the ruler's
 * line is drawn. Their distance is the one `measure` gives; the tests hold the two together.
 */
export function closestPoints(a: Cylinder, b: Cylinder): { a: Vec3; b: Vec3 } {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const d = Math.hypot(dx, dy);
  const ux = d > 1e-9 ? dx / d : 1;
  const uy = d > 1e-9 ? dy / d : 0;
  let ta: number;
  let tb: number;
  if (d >= a.r + b.r) {
    // Apart: each rim, facing the other.
    ta = a.r;
    tb = d - b.r;
  } else {
    // The discs overlap seen from above: one spot inside both.
    ta = tb = Math.max(0, (a.r + d - b.r) / 2);
  }
  let za: number;
  let zb: number;
  if (a.z + a.h < b.z) {
    za = a.z + a.h;
    zb = b.z;
  } else if (b.z + b.h < a.z) {
    za = a.z;
    zb = b.z + b.h;
  } else {
    za = zb = (Math.max(a.z, b.z) + Math.min(a.z + a.h, b.z + b.h)) / 2;
  }
  return {
    a: { x: a.x + ux * ta, y: a.y + uy * ta, z: za },
    b: { x: a.x + ux * tb, y: a.y + uy * tb, z: zb },
  };
}

/** The reading between two ends, asking the core for the distance; null if the core refuses (HD-2). */
export function readRuler(k: TableKnowledge, from: RulerEnd, to: RulerEnd): RulerReading | null {
  const r = apply(k.state, { do: 'measure', from: refOf(from), to: refOf(to) }, k.ctx);
  if (!r.ok) return null;
  const e = r.events[0];
  if (!e || e.type !== 'distance') return null;
  const ends: [Cylinder, Cylinder] = [endpoint(k.state, refOf(from)), endpoint(k.state, refOf(to))];
  const p = closestPoints(ends[0], ends[1]);
  return {
    from,
    to,
    inches: e.inches,
    horizontal: Math.hypot(p.b.x - p.a.x, p.b.y - p.a.y),
    vertical: Math.abs(p.b.z - p.a.z),
    a: p.a,
    b: p.b,
    ends,
  };
}

type RulerState = 'idle' | 'pointing' | 'dragging' | 'following';

export class RulerTool extends Tool<RulerState> {
  readonly id = 'ruler' as const;
  /** the current reading: live while dragging or following, then kept until the next press */
  reading: RulerReading | null = null;
  private start: RulerEnd | null = null;

  protected readonly states: Record<RulerState, StateHandlers> = {
    idle: {
      onPointerDown: (p) => {
        this.start = this.endOf(p);
        this.measureTo(this.start);
        this.transition('pointing');
      },
    },
    pointing: {
      onPointerMove: (p) => {
        if (!this.dragging) return;
        this.measureTo(this.endOf(p));
        this.transition('dragging');
      },
      onPointerUp: (p, click) => {
        // A release far from the press with no move between (a quick flick) measured all the same.
        if (!click) this.measureTo(this.endOf(p));
        this.transition(click ? 'following' : 'idle');
      },
      onCancelPress: () => this.reset(),
    },
    dragging: {
      onPointerMove: (p) => this.measureTo(this.endOf(p)),
      onPointerUp: (p) => {
        this.measureTo(this.endOf(p));
        this.transition('idle');
      },
      onCancelPress: () => this.reset(),
    },
    following: {
      onPointerMove: (p) => this.measureTo(this.endOf(p)),
      onPointerDown: (p) => {
        this.measureTo(this.endOf(p));
        this.transition('idle');
      },
    },
  };

  constructor(host: ToolHost) {
    super(host, 'idle');
  }

  override enter(): void {
    this.reset();
  }

  override exit(): void {
    this.reset();
  }

  /** A drag with the main button measures (the camera turns with the right button). */
  override usesDrag(): boolean {
    return true;
  }

  private reset(): void {
    this.reading = null;
    this.start = null;
    this.dropPress();
    if (this.state !== 'idle') this.transition('idle');
  }

  /** A piece the viewer knows on the table, or else the point itself (a hidden trooper is not on the table: HD-2). */
  private endOf(p: TablePointer): RulerEnd {
    const piece = knownPiece(this.host.knowledge(), p.piece);
    if (piece && piece.onTable) return { piece: piece.key };
    return { point: { x: p.x, y: p.y, z: p.z } };
  }

  private measureTo(end: RulerEnd): void {
    if (!this.start) return;
    this.reading = readRuler(this.host.knowledge(), this.start, end);
  }

  /** The game changed: measure the same ends again; a piece that left the table ends the reading. */
  override refresh(): void {
    if (!this.reading) return;
    this.reading = readRuler(this.host.knowledge(), this.reading.from, this.reading.to);
    if (!this.reading) this.reset();
  }
}
