import { selectView, useGame } from '../state/gameStore';
import { piecesFor, sceneryName } from '../state/pieces';
import { VERDICT_COLOURS, VERDICT_WORDS } from '../scene/LofOverlay';
import { TOOL_COLOURS } from '../scene/palette';
import { useTools } from '../scene/useTools';
import type { LofVerdict } from '../tools/lof';
import type { RulerEnd } from '../tools/ruler';
import { type TemplateKind } from '../core/api';

const TEMPLATE_NAMES: Record<TemplateKind, string> = {
  circular: 'Circular Template',
  'small-teardrop': 'Small Teardrop',
  'large-teardrop': 'Large Teardrop',
};

const HINTS: Record<string, string> = {
  ruler: 'Drag from a trooper or any point to another; or click, then click again. A press near a base snaps to it.',
  lof: 'Click a trooper to look from it; hover an enemy to see how it is seen, or what hides it.',
  template: 'Move it over the table and click to put it down. Press on a trooper and drag to aim a Teardrop; Q / E turn it.',
};

function inches(n: number, digits = 1): string {
  return `${n.toFixed(digits)}"`;
}

/**
 * What the tool in use says, in words: how far, who sees whom, what a template touches. Names come
 * from the pieces the viewer may know (an enemy marker only by its marker id).
 */
export function ToolPanel() {
  const active = useTools((s) => s.active);
  const ruler = useTools((s) => s.ruler);
  const lof = useTools((s) => s.lof);
  const inspected = useTools((s) => s.inspected);
  const template = useTools((s) => s.template);
  const kind = useTools((s) => s.templateKind);
  const setup = useGame((s) => s.setup);
  const view = useGame(selectView);
  if (active === 'select') return null;
  const pieces = piecesFor(view, setup);
  const nameOf = (key: string) => pieces.find((p) => p.key === key)?.label ?? key;
  const endName = (e: RulerEnd) => ('piece' in e ? nameOf(e.piece) : e.point.z > 0.01 ? `a point ${inches(e.point.z)} up` : 'a point');

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
            {endName(ruler.from)} → {endName(ruler.to)}
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
                <span className="muted">{VERDICT_WORDS[g]}:</span> {marks.length ? marks.map((m) => nameOf(m.key)).join(', ') : 'none'}
              </p>
            );
          })}
          {focus && (
            <p className="lof-focus">
              <strong>{nameOf(focus.key)}</strong>:{' '}
              {focus.verdict === 'unseen'
                ? `not seen${focus.answer.hiddenBy.length + focus.answer.hiddenByModels.length ? `, hidden by ${[...focus.answer.hiddenBy.map((id) => sceneryName(setup, id)), ...focus.answer.hiddenByModels.map(nameOf)].join(', ')}` : ''}`
                : `${VERDICT_WORDS[focus.verdict].toLowerCase()}, ${Math.round(focus.answer.fraction * 100)}% of its silhouette in view`}
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
  return (
    <section className="tool-panel" data-testid="tool-panel" aria-live="polite">
      <h2>{title}</h2>
      {body}
      <p className="hint">{HINTS[active === 'template' ? 'template' : active]} Esc leaves.</p>
    </section>
  );
}
