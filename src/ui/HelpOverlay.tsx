import { useSession } from '../state/sessionStore';
import { OTHER_INPUTS, SHORTCUTS, type Shortcut } from '../tools/shortcuts';

const GROUPS: Shortcut['group'][] = ['Tools', 'Zones', 'Camera', 'Table'];

/** Every keyboard shortcut, from the one list the keys themselves are read from (? or H; Esc closes). */
export function HelpOverlay() {
  const open = useSession((s) => s.help);
  const setHelp = useSession((s) => s.setHelp);
  if (!open) return null;
  return (
    <div className="help-overlay" role="dialog" aria-label="Keyboard shortcuts" data-testid="help" onClick={() => setHelp(false)}>
      <div className="help-card" onClick={(e) => e.stopPropagation()}>
        <header>
          <h2>Keyboard shortcuts</h2>
          <button type="button" className="close" aria-label="Close (Esc)" onClick={() => setHelp(false)}>
            ×
          </button>
        </header>
        <div className="help-groups">
          {GROUPS.map((g) => (
            <section key={g}>
              <h3>{g}</h3>
              <dl>
                {SHORTCUTS.filter((s) => s.group === g).map((s) => (
                  <div key={s.label} className="help-row">
                    <dt>
                      <kbd>{s.label}</kbd>
                    </dt>
                    <dd>{s.what}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
          <section>
            <h3>Game</h3>
            <dl>
              {OTHER_INPUTS.map((s) => (
                <div key={s.label} className="help-row">
                  <dt>
                    <kbd>{s.label}</kbd>
                  </dt>
                  <dd>{s.what}</dd>
                </div>
              ))}
            </dl>
          </section>
        </div>
        <p className="hint">
          Mouse: drag to orbit, right-drag to pan, wheel to zoom. With the ruler or a template, the left button is the tool's:
          right-drag pans and Shift + right-drag orbits.
        </p>
      </div>
    </div>
  );
}
