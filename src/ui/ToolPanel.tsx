import type { Setup } from '../core/model/types';
import { selectView, useGame } from '../state/gameStore';
import { piecesFor, sceneryName } from '../state/pieces';
import { VERDICT_COLOURS, VERDICT_WORDS } from '../scene/LofOverlay';
import { TOOL_COLOURS } from '../scene/palette';
import { useTools } from '../scene/useTools';
import type { LofMark, LofVerdict } from '../tools/lof';
import { tableTools } from '../tools/page';
import type { RulerEnd, RulerReading } from '../tools/ruler';
import { useTouch } from './touchMode';
import { type TemplateKind } from '../core/api';

export const TEMPLATE_NAMES: Record<TemplateKind, string> = {
  circular: 'Circular Template',
  'small-teardrop': 'Small Teardrop',
  'large-teardrop': 'Large Teardrop',
};

const HINTS: Record<string, string> = {
  ruler: 'Drag from a trooper or any point to another; or click, then click again. A press near a base snaps to it.',
  lof: 'Click a trooper to look from it; hover an enemy to see how it is seen, or what hides it.',
  template: 'Move it over the table and click to put it down. Press on a trooper and drag to aim a Teardrop; Q / E turn it.',
};

/** The same, for a finger: no hover, no keys. */
export const TOUCH_HINTS: Record<string, string> = {
  ruler: 'Drag from a trooper or any point to another, or tap one, then the other. A touch near a base snaps to it.',
  lof: 'Tap a trooper to look from it; tap an enemy (or its name) to see how it is seen, or what hides it; tap it again to look from it.',
  template: 'Tap to put it down; press on a trooper and drag to aim a Teardrop; the turn buttons turn it.',
};

export function inches(n: number, digits = 1): string {
  return `${n.toFixed(digits)}"`;
}

/** Names for the pieces the viewer may know (an enemy marker only by its marker id). */
export function usePieceNames(): { nameOf: (key: string) => string; setup: Setup } {
  const setup = useGame((s) => s.setup);
  const view = useGame(selectView);
  const pieces = piecesFor(view, setup);
  return { nameOf: (key: string) => pieces.find((p) => p.key === key)?.label ?? key, setup };
}

/** One end of the ruler in words. */
export function endName(e: RulerEnd, nameOf: (key: string) => string): string {
  return 'piece' in e ? nameOf(e.piece) : e.point.z > 0.01 ? `a point ${inches(e.point.z)} up` : 'a point';
}

/** A measurement in one line: the core's distance to a tenth, from one end to the other. */
export function rulerLine(r: RulerReading, nameOf: (key: string) => string): string {
  return `${inches(r.inches)} · ${endName(r.from, nameOf)} → ${endName(r.to, nameOf)}`;
}

/** How one enemy is seen from the picked trooper, or what hides it: the core's answer in words. */
export function focusWords(focus: LofMark, setup: Setup, nameOf: (key: string) => string): string {
  if (focus.verdict === 'unseen') {
    const by = [...focus.answer.hiddenBy.map((id) => sceneryName(setup, id)), ...focus.answer.hiddenByModels.map(nameOf)];
    return `not seen${by.length ? `, hidden by ${by.join(', ')}` : ''}`;
  }
  return `${VERDICT_WORDS[focus.verdict].toLowerCase()}, ${Math.round(focus.answer.fraction * 100)}% of its silhouette in view`;
}

/**
 * What the tool in use says, in words: how far, who sees whom, what a template touches. Names come
 * from the pieces the viewer may know (an enemy marker only by its marker id). Done puts the tool down.
 */
export function ToolPanel() {
  const active = useTools((s) => s.active);
  const ruler = useTools((s) => s.ruler);
  const lof = useTools((s) => s.lof);
  const inspected = useTools((s) => s.inspected);
  const template = useTools((s) => s.template);
  const kind = useTools((s) => s.templateKind);
  const { nameOf, setup } = usePieceNames();
  const touch = useTouch();
  if (active === 'select') return null;

  let title: string;
  let body: React.ReactNode = null;
  if (active === 'ruler') {
    title = 'Ruler';
    if (ruler) {
      body = (
        <div data-testid="ruler-result">
          <p className="tool-big">
            <span style={{ color: TOOL_COLOURS.ruler }}>{inches(ruler.inches)}</span> <span className="muted">({inches(ruler.inches, 2)})</span>
          </p>
          <p>
            {endName(ruler.from, nameOf)} → {endName(ruler.to, nameOf)}
          </p>
          <p className="muted">
            level {inches(ruler.horizontal, 2)} · up/down {inches(ruler.vertical, 2)} · edge to edge, silhouettes in 3D
          </p>
        </div>
      );
    }
  } else if (active === 'lof') {
    title = 'Line of Fire';
    if (lof) {
      const groups: LofVerdict[] = ['seen', 'cover', 'unseen'];
      const focus = lof.marks.find((m) => m.key === inspected);
      body = (
        <div data-testid="lof-result">
          <p>
            From <strong>{nameOf(lof.shooter)}</strong> <span className="muted">{lof.facing === null ? '(a marker: sees all round)' : '(front 180°)'}</span>
          </p>
          {groups.map((g) => {
            const marks = lof.marks.filter((m) => m.verdict === g);
            return (
              <p key={g} className="lof-group" data-testid={`lof-${g}`}>
                <span className="dot" style={{ background: VERDICT_COLOURS[g] }} />
                <span className="muted">{VERDICT_WORDS[g]}:</span>{' '}
                {marks.length
                  ? marks.map((m, i) => (
                      <span key={m.key}>
                        {i > 0 && ', '}
                        {/* A name is a button: its detail, as hovering the enemy on the table shows it. */}
                        <button
                          type="button"
                          className={`lof-name${m.key === inspected ? ' active' : ''}`}
                          aria-pressed={m.key === inspected}
                          data-key={m.key}
                          onClick={() => tableTools.inspect(m.key === inspected ? null : m.key)}
                        >
                          {nameOf(m.key)}
                        </button>
                      </span>
                    ))
                  : 'none'}
              </p>
            );
          })}
          {focus && (
            <p className="lof-focus" data-testid="lof-focus">
              <strong>{nameOf(focus.key)}</strong>: {focusWords(focus, setup, nameOf)}
            </p>
          )}
        </div>
      );
    }
  } else {
    title = TEMPLATE_NAMES[kind];
    if (template) {
      body = (
        <div data-testid="template-result">
          {template.origin && <p className="muted">From {nameOf(template.origin)}</p>}
          <p data-testid="template-hits">
            <span className="dot" style={{ background: TOOL_COLOURS.templateHit }} />
            {template.hits.length ? `Touches ${template.hits.map(nameOf).join(', ')}` : 'Touches no one'}
          </p>
        </div>
      );
    }
  }
  const hintKey = active === 'template' ? 'template' : active;
  return (
    <section className="tool-panel" data-testid="tool-panel" aria-live="polite">
      <div className="tool-panel-head">
        <h2>{title}</h2>
        <button type="button" className="small" onClick={() => tableTools.leave()} data-testid="tool-panel-done" title="Put the tool down (Esc)">
          Done
        </button>
      </div>
      {body}
      <p className="hint">{touch ? TOUCH_HINTS[hintKey] : `${HINTS[hintKey]} Esc leaves.`}</p>
    </section>
  );
}
