import type { CameraMode } from '../state/sessionStore';
import { useSession } from '../state/sessionStore';
import { TABLE_KEYS } from './useTableKeys';

const BUTTONS: { mode: CameraMode; label: string; key: string; title: string }[] = [
  { mode: 'top', label: 'Top-down', key: TABLE_KEYS.top, title: 'Look straight down on the whole table' },
  { mode: 'zone', label: 'My zone', key: TABLE_KEYS.zone, title: 'Look at your Deployment Zone from behind your table edge' },
  { mode: 'reset', label: 'Reset', key: TABLE_KEYS.reset, title: 'The whole table from your side' },
];

/** Camera buttons over the table view. */
export function Toolbar() {
  const view = useSession((s) => s.cameraView);
  const request = useSession((s) => s.requestCamera);
  return (
    <div className="toolbar" role="toolbar" aria-label="Camera">
      {BUTTONS.map((b) => (
        <button
          key={b.mode}
          type="button"
          className={view === b.mode ? 'active' : undefined}
          aria-pressed={view === b.mode}
          title={`${b.title} (${b.key.toUpperCase()})`}
          onClick={() => request(b.mode)}
        >
          {b.label} <kbd>{b.key.toUpperCase()}</kbd>
        </button>
      ))}
    </div>
  );
}
