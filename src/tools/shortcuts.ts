/**
 * Every keyboard shortcut of the table, in one list: the key handler, the toolbar's hints and the help
 * overlay all read it, so none of them can forget one.
 */
import type { ToolController } from './controller';
import type { ZoneLayer } from './zones';
import { type TemplateKind } from '../core/api';

export type CameraView = 'top' | 'zone' | 'reset' | 'plan';

export type ShortcutAction =
  | { do: 'tool'; tool: 'ruler' | 'lof' }
  | { do: 'template'; kind: TemplateKind }
  | { do: 'turn'; deg: number }
  | { do: 'layer'; layer: ZoneLayer }
  | { do: 'camera'; view: CameraView }
  | { do: 'help' }
  | { do: 'roofs' }
  | { do: 'escape' };

export interface Shortcut {
  /** the keys, as `KeyboardEvent.key` in lower case */
  keys: string[];
  /** how the help shows the keys */
  label: string;
  what: string;
  group: 'Tools' | 'Zones' | 'Camera' | 'Table';
  action: ShortcutAction;
  /** with Shift held, a finer step (turning a template) */
  shiftAction?: ShortcutAction;
}

/** How far Q and E turn a template, degrees; with Shift, the finer step. */
export const TURN_STEP = 15;
export const TURN_STEP_FINE = 5;

export const SHORTCUTS: readonly Shortcut[] = [
  { keys: ['m'], label: 'M', what: 'Ruler: drag from a trooper or any point (or click, then click again)', group: 'Tools', action: { do: 'tool', tool: 'ruler' } },
  { keys: ['l'], label: 'L', what: 'Line of Fire: click a trooper, hover an enemy to see how', group: 'Tools', action: { do: 'tool', tool: 'lof' } },
  { keys: ['c'], label: 'C', what: 'Circular Template', group: 'Tools', action: { do: 'template', kind: 'circular' } },
  { keys: ['s'], label: 'S', what: 'Small Teardrop: press on a trooper or point, drag to aim', group: 'Tools', action: { do: 'template', kind: 'small-teardrop' } },
  { keys: ['g'], label: 'G', what: 'Large Teardrop', group: 'Tools', action: { do: 'template', kind: 'large-teardrop' } },
  { keys: ['q'], label: 'Q', what: `Turn the template left ${TURN_STEP}° (Shift: ${TURN_STEP_FINE}°), the trooper in hand, or a Move's end facing`, group: 'Tools', action: { do: 'turn', deg: TURN_STEP }, shiftAction: { do: 'turn', deg: TURN_STEP_FINE } },
  { keys: ['e'], label: 'E', what: `Turn the template right ${TURN_STEP}° (Shift: ${TURN_STEP_FINE}°), the trooper in hand, or a Move's end facing`, group: 'Tools', action: { do: 'turn', deg: -TURN_STEP }, shiftAction: { do: 'turn', deg: -TURN_STEP_FINE } },
  { keys: ['escape'], label: 'Esc', what: 'Leave the tool; with no tool, clear the selection', group: 'Tools', action: { do: 'escape' } },
  { keys: ['1'], label: '1', what: 'Deployment Zones', group: 'Zones', action: { do: 'layer', layer: 'deployment' } },
  { keys: ['2'], label: '2', what: 'Forward Deployment areas (+4", +8")', group: 'Zones', action: { do: 'layer', layer: 'forward' } },
  { keys: ['3'], label: '3', what: 'Centre line', group: 'Zones', action: { do: 'layer', layer: 'centre' } },
  { keys: ['4'], label: '4', what: 'Exclusion zones', group: 'Zones', action: { do: 'layer', layer: 'exclusion' } },
  { keys: ['5'], label: '5', what: 'Zone of Control (8") of the selected trooper', group: 'Zones', action: { do: 'layer', layer: 'zoc' } },
  { keys: ['t'], label: 'T', what: 'Top-down', group: 'Camera', action: { do: 'camera', view: 'top' } },
  { keys: ['p'], label: 'P', what: 'Plan: straight down, no perspective (true to scale, in inches)', group: 'Camera', action: { do: 'camera', view: 'plan' } },
  { keys: ['o'], label: 'O', what: 'Roofs off (or back on): see and reach inside the buildings one may enter', group: 'Camera', action: { do: 'roofs' } },
  { keys: ['z'], label: 'Z', what: 'My Deployment Zone, from my table edge', group: 'Camera', action: { do: 'camera', view: 'zone' } },
  { keys: ['r'], label: 'R', what: 'The whole table from my side (reset)', group: 'Camera', action: { do: 'camera', view: 'reset' } },
  { keys: ['?', 'h'], label: '? or H', what: 'This help', group: 'Table', action: { do: 'help' } },
];

/**
 * What else the keyboard and the mouse do, for the help: keys read elsewhere (Undo in the saves bar)
 * and the wheel, which turns a trooper in hand (deployment, Combat Jump and its fallback) instead of zooming.
 */
export const OTHER_INPUTS: readonly { label: string; what: string }[] = [
  { label: 'Ctrl+Z', what: 'Undo your last command (until a die is rolled or the screen is handed over)' },
  { label: 'Wheel', what: `Zoom; with a trooper in hand (placing, Combat Jump, a fallback), turn it ${TURN_STEP}°; drawing a Move, turn its end facing` },
  { label: 'Q / E', what: `Turn the trooper in hand ${TURN_STEP}° left / right` },
];

/** The shortcut for a key, or undefined. */
export function shortcutFor(key: string): Shortcut | undefined {
  const k = key.toLowerCase();
  return SHORTCUTS.find((s) => s.keys.includes(k));
}

/** The label of the shortcut that does `action`, for buttons' hints. */
export function keyLabel(match: (a: ShortcutAction) => boolean): string {
  return SHORTCUTS.find((s) => match(s.action))?.label ?? '';
}

/** What a key press may act on. */
export interface KeyTarget {
  tools: ToolController;
  camera(view: CameraView): void;
  helpOpen(): boolean;
  setHelp(open: boolean): void;
  /** clears the selection */
  clearSelection(): void;
  /** lifts the roofs of buildings one may enter off, or puts them back (left out: the key does nothing) */
  roofs?(): void;
}

/** Runs the shortcut for a key; false if the key is not one. */
export function pressKey(key: string, shift: boolean, t: KeyTarget): boolean {
  const s = shortcutFor(key);
  if (!s) return false;
  const a = shift && s.shiftAction ? s.shiftAction : s.action;
  switch (a.do) {
    case 'tool':
      t.tools.activate(a.tool);
      break;
    case 'template':
      t.tools.activate('template', a.kind);
      break;
    case 'turn':
      if (t.tools.active !== 'template') return false;
      t.tools.rotateTemplate(a.deg);
      break;
    case 'layer':
      t.tools.toggleLayer(a.layer);
      break;
    case 'camera':
      t.camera(a.view);
      break;
    case 'help':
      t.setHelp(!t.helpOpen());
      break;
    case 'roofs':
      if (!t.roofs) return false;
      t.roofs();
      break;
    case 'escape':
      // Escape closes the help first, then leaves the tool, then clears the selection.
      if (t.helpOpen()) t.setHelp(false);
      else if (t.tools.active !== 'select') t.tools.leave();
      else t.clearSelection();
      break;
  }
  return true;
}
