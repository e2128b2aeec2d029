import { useRef } from 'react';
import { useSession } from '../state/sessionStore';
import { useModal } from './modal';
import './help.css';
import { OTHER_INPUTS, SHORTCUTS, type Shortcut } from '../tools/shortcuts';

const GROUPS: Shortcut['group'][] = ['Tools', 'Zones', 'Camera', 'Table'];

/** One group of the help: each key (or input) and what it does. */
function HelpGroup({ title, rows }: { title: string; rows: readonly { label: string; what: string }[] }) {
  return (
    <section>
      <h3>{title}</h3>
      <dl>
        {rows.map((s) => (
          <div key={s.label} className="help-row">
            <dt>
              <kbd>{s.label}</kbd>
            </dt>
            <dd>{s.what}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Every keyboard shortcut, from the one list the keys themselves are read from (? or H; Esc closes). */
export function HelpOverlay() {
  const open = useSession((s) => s.help);
  const setHelp = useSession((s) => s.setHelp);
  const root = useRef<HTMLDivElement>(null);
  // It holds the page (the focus on its card; Esc and ? still close it, through the table's keys).
  useModal(root, open, { focus: 'container', initial: '.help-card', tableKeys: true });
  if (!open) return null;
  return (
    <div className="help-overlay" role="dialog" aria-modal="true" aria-labelledby="help-title" data-testid="help" onClick={() => setHelp(false)} ref={root}>
      <div className="help-card" tabIndex={-1} onClick={(e) => e.stopPropagation()}>
        <header>
          <h2 id="help-title">Keyboard shortcuts</h2>
          <button type="button" className="close" aria-label="Close (Esc)" onClick={() => setHelp(false)}>
            ×
          </button>
        </header>
        <div className="help-groups">
          {GROUPS.map((g) => (
            <HelpGroup key={g} title={g} rows={SHORTCUTS.filter((s) => s.group === g)} />
          ))}
          <HelpGroup title="Game" rows={OTHER_INPUTS} />
        </div>
        <p className="hint">
          Mouse: drag to orbit, right-drag to pan, wheel to zoom. With the ruler or a template, the left button is the tool's:
          right-drag pans and Shift + right-drag orbits.
        </p>
      </div>
    </div>
  );
}
