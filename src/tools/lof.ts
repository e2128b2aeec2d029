/**
 * The Line of Fire tool (TOOL-2): pick a trooper (a click on it, or a selection made elsewhere) and
 * every enemy on the table is marked seen, seen in Partial Cover, or not seen; hovering one shows how
 * (the witness line and the patches of its silhouette that are wholly seen) or what hides it.
 *
 * Every answer is the core's `lineOfFireBetween`, asked once per enemy when the picked trooper or the
 * game changes, never per frame and never re-derived here.
 *
 *   idle --click a piece--> picked --click another--> picked; --click the empty table--> idle
 *
 * A drag is no click: it turns the camera. A finger has no hover, so its tap on a marked enemy shows
 * what hovering shows (`inspected`); a second tap on that enemy looks from it instead.
 */
import { knownPiece, knownPieces, type TableKnowledge } from './knowledge';
import { Tool, type StateHandlers, type TablePointer, type ToolHost } from './tool';
import { type Cylinder, lineOfFireBetween, type LofAnswer } from '../core/api';

/** seen; seen, but the target has Partial Cover; not seen */
export type LofVerdict = 'seen' | 'cover' | 'unseen';

export interface LofMark {
  key: string;
  verdict: LofVerdict;
  /** the core's whole answer: witness, share seen, seen patches, what hides the rest */
  answer: LofAnswer;
  c: Cylinder;
}

export interface LofResult {
  shooter: string;
  /** the shooter's silhouette, and its facing (null for a marker, which sees all round: TOC-8) */
  c: Cylinder;
  facing: number | null;
  /** one per enemy on the table, nearest first */
  marks: LofMark[];
}

export function verdictOf(a: LofAnswer): LofVerdict {
  return a.visible ? (a.cover ? 'cover' : 'seen') : 'unseen';
}

/** Line of Fire from one piece to every enemy on the table the viewer knows of, as the core answers it. */
export function lofFrom(k: TableKnowledge, shooter: string): LofResult | null {
  const s = knownPiece(k, shooter);
  if (!s || !s.onTable) return null;
  const tx = { draft: k.state, ctx: k.ctx };
  const marks = knownPieces(k)
    .filter((p) => p.onTable && p.player !== s.player)
    .map((p) => {
      const answer = lineOfFireBetween(tx, s.key, p.key);
      return { key: p.key, verdict: verdictOf(answer), answer, c: p.c, d: Math.hypot(p.c.x - s.c.x, p.c.y - s.c.y) };
    })
    .sort((a, b) => a.d - b.d)
    .map(({ d: _d, ...m }) => m);
  return { shooter: s.key, c: s.c, facing: s.facing, marks };
}

type LofState = 'idle' | 'picked';

export class LofTool extends Tool<LofState> {
  readonly id = 'lof' as const;
  result: LofResult | null = null;
  /** the enemy whose Line of Fire is drawn in full: the one under the pointer */
  inspected: string | null = null;
  /** how many times Line of Fire was worked out: once per pick, never per pointer move */
  computations = 0;
  private answeredFor: { state: object; shooter: string } | null = null;

  protected readonly states: Record<LofState, StateHandlers> = {
    idle: {
      onEnter: () => {
        this.result = null;
        this.inspected = null;
        this.answeredFor = null;
      },
      onPointerUp: (p, click) => click && this.clicked(p),
    },
    picked: {
      onPointerUp: (p, click) => {
        if (!click) return;
        // A finger's tap on an enemy marked from here, not yet inspected: its detail, as a hover shows it.
        if (p.pointerType === 'touch' && p.piece && p.piece !== this.inspected && this.marked(p.piece)) this.inspected = p.piece;
        else this.clicked(p);
      },
      onPointerMove: (p) => {
        // A finger moves only while pressed, turning the camera: that is no hover.
        if (p.pointerType === 'touch') return;
        const over = p.piece && this.marked(p.piece) ? p.piece : null;
        if (over !== this.inspected) this.inspected = over;
      },
    },
  };

  constructor(host: ToolHost) {
    super(host, 'idle');
  }

  /** Whether a piece is one of the enemies marked from the picked trooper. */
  private marked(key: string): boolean {
    return this.result?.marks.some((m) => m.key === key) ?? false;
  }

  /** Shows the detail of one marked enemy (a tap, or the panel's list); null: none. */
  inspect(key: string | null): void {
    this.inspected = key && this.marked(key) ? key : null;
  }

  /** Picks a trooper to look from: its enemies are marked at once. */
  pick(key: string | null): void {
    const k = this.host.knowledge();
    const piece = knownPiece(k, key);
    if (!piece || !piece.onTable) {
      if (this.state !== 'idle') this.transition('idle');
      return;
    }
    if (this.answeredFor && this.answeredFor.state === k.state && this.answeredFor.shooter === piece.key) return;
    this.result = lofFrom(k, piece.key);
    this.computations++;
    this.answeredFor = { state: k.state, shooter: piece.key };
    if (this.inspected && !this.result?.marks.some((m) => m.key === this.inspected)) this.inspected = null;
    if (this.state !== 'picked') this.transition('picked');
  }

  /** A click (a press and release without a drag: a drag orbits the camera) picks what it is on. */
  private clicked(p: TablePointer): void {
    this.host.select(p.piece);
    this.pick(p.piece);
  }

  override enter(): void {
    this.pick(this.host.selected());
  }

  override exit(): void {
    this.dropPress();
    if (this.state !== 'idle') this.transition('idle');
  }

  override selectionChanged(key: string | null): void {
    this.pick(key);
  }

  override refresh(): void {
    if (this.result) this.pick(this.result.shooter);
  }
}
