import type { CameraMode } from '../state/sessionStore';
import { useSession } from '../state/sessionStore';
import { useTools } from '../scene/useTools';
import { tableTools } from '../tools/page';
import { keyLabel } from '../tools/shortcuts';
import { ZONE_LAYERS } from '../tools/zones';
import type { ToolId } from '../tools/tool';
import { type TemplateKind } from '../core/api';

const CAMERA: { mode: CameraMode; label: string; title: string }[] = [
  { mode: 'top', label: 'Top-down', title: 'Look straight down on the whole table' },
  { mode: 'zone', label: 'My zone', title: 'Look at your Deployment Zone from behind your table edge' },
  { mode: 'reset', label: 'Reset', title: 'The whole table from your side' },
];

const TOOLS: { id: string; tool: ToolId; kind?: TemplateKind; label: string; title: string }[] = [
  { id: 'ruler', tool: 'ruler', label: 'Ruler', title: 'Measure: drag from a trooper or any point' },
  { id: 'lof', tool: 'lof', label: 'Line of Fire', title: 'Click a trooper: every enemy is marked seen, in Partial Cover, or not seen' },
  { id: 'circular', tool: 'template', kind: 'circular', label: 'Circular', title: 'Circular Template' },
  { id: 'small-teardrop', tool: 'template', kind: 'small-teardrop', label: 'S. Teardrop', title: 'Small Teardrop: press on a trooper or a point, drag to aim' },
  { id: 'large-teardrop', tool: 'template', kind: 'large-teardrop', label: 'L. Teardrop', title: 'Large Teardrop: press on a trooper or a point, drag to aim' },
];

function toolKey(t: (typeof TOOLS)[number]): string {
  return keyLabel((a) => (t.kind ? a.do === 'template' && a.kind === t.kind : a.do === 'tool' && a.tool === t.tool));
}

/** Buttons over the table view: camera views, the tools and the help; each shows its key. */
export function Toolbar() {
  const view = useSession((s) => s.cameraView);
  const request = useSession((s) => s.requestCamera);
  const help = useSession((s) => s.help);
  const setHelp = useSession((s) => s.setHelp);
  const active = useTools((s) => s.active);
  const kind = useTools((s) => s.templateKind);
  return (
    <>
      <div className="toolbar" role="toolbar" aria-label="Camera">
        {CAMERA.map((b) => {
          const key = keyLabel((a) => a.do === 'camera' && a.view === b.mode);
          return (
            <button
              key={b.mode}
              type="button"
              className={view === b.mode ? 'active' : undefined}
              aria-pressed={view === b.mode}
              title={`${b.title} (${key})`}
              onClick={() => request(b.mode)}
            >
              {b.label} <kbd>{key}</kbd>
            </button>
          );
        })}
      </div>
      <div className="tool-palette" role="toolbar" aria-label="Tools">
        {TOOLS.map((t) => {
          const on = active === t.tool && (!t.kind || t.kind === kind);
          const key = toolKey(t);
          return (
            <button
              key={t.id}
              type="button"
              className={on ? 'active' : undefined}
              aria-pressed={on}
              title={`${t.title} (${key})`}
              data-tool={t.id}
              onClick={() => tableTools.activate(t.tool, t.kind)}
            >
              <span>{t.label}</span> <kbd>{key}</kbd>
            </button>
          );
        })}
      </div>
      <button type="button" className="help-button" aria-pressed={help} title="Keyboard shortcuts (? or H)" onClick={() => setHelp(!help)}>
        ?
      </button>
    </>
  );
}

/** The zone overlays, each on its toggle (DEP-7, TOOL-5): in the side panel, so they never cover the table. */
export function ZoneToggles() {
  const layers = useTools((s) => s.layers);
  return (
    <div className="zone-toggles" role="toolbar" aria-label="Zones">
      <h3>Zones</h3>
      <div>
        {ZONE_LAYERS.map((l) => {
          const key = keyLabel((a) => a.do === 'layer' && a.layer === l.id);
          return (
            <button
              key={l.id}
              type="button"
              className={layers[l.id] ? 'active' : undefined}
              aria-pressed={layers[l.id]}
              title={`${l.label} (${key})`}
              data-layer={l.id}
              onClick={() => tableTools.toggleLayer(l.id)}
            >
              <kbd>{key}</kbd> {l.label}
            </button>
          );
        })}
      </div>
      <ViewToggles />
    </div>
  );
}

/**
 * Issue 41 and 37: the plan view (a true orthographic top-down camera, to give paths in) and the roofs
 * of the buildings one may enter lifted off; beside the zone overlays, so they never cover the table.
 */
function ViewToggles() {
  const cameraView = useSession((s) => s.cameraView);
  const request = useSession((s) => s.requestCamera);
  const roofsOff = useSession((s) => s.roofsOff);
  const setRoofsOff = useSession((s) => s.setRoofsOff);
  const planKey = keyLabel((a) => a.do === 'camera' && a.view === 'plan');
  const roofsKey = keyLabel((a) => a.do === 'roofs');
  return (
    <div>
      <button
        type="button"
        className={cameraView === 'plan' ? 'active' : undefined}
        aria-pressed={cameraView === 'plan'}
        data-testid="camera-plan"
        title={`Straight down on the whole table with no perspective: every inch as long on screen, to give paths in (${planKey})`}
        onClick={() => request('plan')}
      >
        <kbd>{planKey}</kbd> Plan view
      </button>
      <button
        type="button"
        className={roofsOff ? 'active' : undefined}
        aria-pressed={roofsOff}
        data-testid="roofs-off"
        title={`Lift off the roofs of the buildings one may enter: see and reach what is inside (${roofsKey})`}
        onClick={() => setRoofsOff(!roofsOff)}
      >
        <kbd>{roofsKey}</kbd> Roofs off
      </button>
    </div>
  );
}
