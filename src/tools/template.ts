/**
 * Templates (TOOL-3): the Circular Template and the Small and Large Teardrops, at the sizes the game's
 * facts give, placed and turned by hand; every trooper and marker they touch is highlighted. What a
 * template touches is the core's `templateHits`, and its outline the core's `templateShape`.
 *
 * Placing: the template follows the pointer; over a piece, a Circular Template centres on it and a
 * Teardrop hangs from its base edge, pointing where it faces. Press to put it down; drag before
 * releasing to aim a Teardrop (or to move a Circular Template); Q and E turn it.
 *
 *   idle (follows the pointer) --down--> pointing --move (a drag)--> aiming --up--> placed
 *                                            \--up--> placed --down--> pointing
 *   pointing, aiming --press cancelled (a second finger)--> placed, where it was
 */
import { knownPiece, type KnownPiece } from './knowledge';
import { Tool, type StateHandlers, type TablePointer, type ToolHost } from './tool';
import { facingVector, factsOf, templateHits, type TemplateKind, type TemplatePlacement, templateShape, type TemplateShape } from '../core/api';

export interface TemplateView {
  placement: TemplatePlacement;
  /** the outline and reach, from the core */
  shape: TemplateShape;
  /** the pieces it touches, by key (the one it is fired from left out) */
  hits: string[];
  /** the piece a Teardrop is fired from, or null */
  origin: string | null;
  /** put down (it no longer follows the pointer) */
  placed: boolean;
}

export const TEMPLATE_KINDS: readonly TemplateKind[] = ['circular', 'small-teardrop', 'large-teardrop'];

/** The facing (degrees, 0 = +y, 90 = -x) that points from one spot to another. */
export function facingTowards(from: { x: number; y: number }, to: { x: number; y: number }): number {
  const deg = (Math.atan2(-(to.x - from.x), to.y - from.y) * 180) / Math.PI;
  return ((deg % 360) + 360) % 360;
}

function normalise(deg: number): number {
  return ((deg % 360) + 360) % 360;
}

type TemplateState = 'idle' | 'pointing' | 'aiming' | 'placed';

export class TemplateTool extends Tool<TemplateState> {
  readonly id = 'template' as const;
  kind: TemplateKind = 'circular';
  /** where a Teardrop points, degrees like a facing */
  rotation = 0;
  view: TemplateView | null = null;
  /** what the template hangs from: a piece (a Teardrop fired from it, a Circular Template centred on it) or a point */
  private anchor: { piece: KnownPiece | null; x: number; y: number; z: number } | null = null;

  protected readonly states: Record<TemplateState, StateHandlers> = {
    idle: {
      onPointerMove: (p) => this.hangFrom(p),
      onPointerDown: (p) => this.press(p),
    },
    pointing: {
      onPointerMove: (p) => {
        if (this.dragging) {
          this.transition('aiming');
          this.aim(p);
        }
      },
      onPointerUp: (p, click) => {
        if (!click) this.aim(p);
        this.transition('placed');
      },
      onCancelPress: () => this.transition('placed'),
    },
    aiming: {
      onPointerMove: (p) => this.aim(p),
      onPointerUp: (p) => {
        this.aim(p);
        this.transition('placed');
      },
      onCancelPress: () => this.transition('placed'),
    },
    placed: {
      onEnter: () => this.update(),
      onPointerDown: (p) => this.press(p),
    },
  };

  constructor(host: ToolHost) {
    super(host, 'idle');
  }

  setKind(kind: TemplateKind): void {
    if (this.kind === kind) return;
    this.kind = kind;
    this.update();
  }

  /** Turns the template by `deg` degrees (counter-clockwise seen from above). */
  rotate(deg: number): void {
    this.rotation = normalise(this.rotation + deg);
    this.update();
  }

  override enter(): void {
    this.reset();
  }

  override exit(): void {
    this.reset();
  }

  /** A drag with the main button aims the template (the camera turns with the right button). */
  override usesDrag(): boolean {
    return true;
  }

  private reset(): void {
    this.view = null;
    this.anchor = null;
    this.dropPress();
    if (this.state !== 'idle') this.transition('idle');
  }

  private press(p: TablePointer): void {
    this.hangFrom(p);
    this.transition('pointing');
  }

  /** Hangs the template from what the pointer is on: a piece on the table, or the point itself. */
  private hangFrom(p: TablePointer): void {
    const piece = knownPiece(this.host.knowledge(), p.piece);
    const on = piece && piece.onTable ? piece : null;
    // Over a model a Teardrop points the way it faces, until turned by hand.
    if (on && on.facing !== null && this.kind !== 'circular' && (!this.anchor || this.anchor.piece?.key !== on.key)) this.rotation = on.facing;
    this.anchor = on ? { piece: on, x: on.c.x, y: on.c.y, z: on.c.z } : { piece: null, x: p.x, y: p.y, z: p.z };
    this.update();
  }

  /** While dragging: a Teardrop turns to point at the pointer; a Circular Template moves with it. */
  private aim(p: TablePointer): void {
    if (!this.anchor) return;
    if (this.kind === 'circular') {
      const piece = knownPiece(this.host.knowledge(), p.piece);
      const on = piece && piece.onTable ? piece : null;
      this.anchor = on ? { piece: on, x: on.c.x, y: on.c.y, z: on.c.z } : { piece: null, x: p.x, y: p.y, z: p.z };
    } else if (Math.hypot(p.x - this.anchor.x, p.y - this.anchor.y) > 1e-6) {
      this.rotation = facingTowards(this.anchor, p);
    }
    this.update();
  }

  /** The placement from the anchor: a Teardrop's narrow end on its piece's base edge, in the direction it points. */
  placement(): TemplatePlacement | null {
    const a = this.anchor;
    if (!a) return null;
    if (this.kind === 'circular' || !a.piece) return { kind: this.kind, x: a.x, y: a.y, z: a.z, rotation: this.rotation };
    const dir = facingVector(this.rotation);
    const c = a.piece.c;
    return { kind: this.kind, x: c.x + dir.x * c.r, y: c.y + dir.y * c.r, z: c.z, rotation: this.rotation };
  }

  private update(): void {
    const placement = this.placement();
    if (!placement) {
      this.view = null;
      return;
    }
    const k = this.host.knowledge();
    const origin = this.kind !== 'circular' && this.anchor?.piece ? this.anchor.piece.key : null;
    const hits = templateHits(k.state, placement).filter((id) => id !== origin);
    // Keep the same list while it does not change, so the table redraws the highlights only when it does.
    const same = this.view && this.view.hits.length === hits.length && this.view.hits.every((h, i) => h === hits[i]);
    this.view = {
      placement,
      shape: templateShape(placement, factsOf(k.state)),
      hits: same ? this.view!.hits : hits,
      origin,
      placed: this.state === 'placed',
    };
  }

  /** The game changed: the anchor piece may have moved or gone; hits are asked again. */
  override refresh(): void {
    if (!this.anchor) return;
    if (this.anchor.piece) {
      const piece = knownPiece(this.host.knowledge(), this.anchor.piece.key);
      if (!piece || !piece.onTable) this.anchor = { ...this.anchor, piece: null };
      else this.anchor = { piece, x: piece.c.x, y: piece.c.y, z: piece.c.z };
    }
    this.update();
  }
}
