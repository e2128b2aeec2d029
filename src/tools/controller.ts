/**
 * The tools of one table: which one is in use, where pointer events go, and what the table should
 * show. Two outlets, so a pointer move never re-renders React:
 * - `live`: a plain mutable object with what changes on every pointer move (the ruler while it is
 *   dragged, a template following the pointer). The scene reads it in `useFrame`; `onLive` asks for
 *   a frame when it changes.
 * - `store`: a vanilla zustand store with what changes now and then (the tool, its state path, a
 *   finished measurement, Line of Fire marks, the pieces a template hits, zone toggles). It is set
 *   only when one of those changes.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { LofTool, type LofResult } from './lof';
import { RulerTool, type RulerReading } from './ruler';
import { TemplateTool, type TemplateView } from './template';
import { engagedNow, type InputTarget, type TablePointer, type Tool, type ToolHost, type ToolId } from './tool';
import { DEFAULT_LAYERS, zoneOverlay, type ZoneLayer, type ZoneLayers, type ZoneOverlay } from './zones';
import { type TemplateKind } from '../core/api';

export interface ToolSnapshot {
  active: ToolId;
  /** the state path: `select`, `ruler.dragging`, `lof.picked`, `template.placed`... */
  path: string;
  templateKind: TemplateKind;
  /** the ruler's reading once the ruler is let go (the live one is in `live`) */
  ruler: RulerReading | null;
  lof: LofResult | null;
  /** the enemy whose Line of Fire is drawn in full */
  inspected: string | null;
  /** what the template touches; `placed` once it is put down */
  template: { kind: TemplateKind; hits: string[]; origin: string | null; placed: boolean } | null;
  layers: ZoneLayers;
  zones: ZoneOverlay;
}

export interface ToolLive {
  ruler: RulerReading | null;
  template: TemplateView | null;
}

/**
 * The table tools, as one input target: engaged while one of them is in use, handing pointer events to
 * it (see `ToolRouter` for how it shares the pointer with deployment, Orders and Combat Jump).
 */
export class ToolController implements InputTarget {
  readonly reads = 'pieces' as const;
  engagedAt = 0;
  readonly ruler: RulerTool;
  readonly lof: LofTool;
  readonly template: TemplateTool;
  readonly store: StoreApi<ToolSnapshot>;
  readonly live: ToolLive = { ruler: null, template: null };
  /** called when `live` changed: the scene asks for a frame */
  onLive: (() => void) | null = null;
  private activeId: ToolId = 'select';
  private layers: ZoneLayers = DEFAULT_LAYERS;

  constructor(private readonly host: ToolHost) {
    this.ruler = new RulerTool(host);
    this.lof = new LofTool(host);
    this.template = new TemplateTool(host);
    this.store = createStore<ToolSnapshot>()(() => this.snapshot());
  }

  /** the game as the viewer knows it: what pointer events are resolved against */
  knowledge() {
    return this.host.knowledge();
  }

  get active(): ToolId {
    return this.activeId;
  }

  private tool(): Tool | null {
    switch (this.activeId) {
      case 'ruler':
        return this.ruler;
      case 'lof':
        return this.lof;
      case 'template':
        return this.template;
      case 'select':
        return null;
    }
  }

  get path(): string {
    return this.tool()?.path ?? 'select';
  }

  /** Picks a tool (a template with its kind). Picking the tool in use again puts it down. */
  activate(id: ToolId, kind?: TemplateKind): void {
    if (id === this.activeId && (id !== 'template' || !kind || kind === this.template.kind)) {
      this.leave();
      return;
    }
    if (id === 'template' && kind) this.template.setKind(kind);
    if (id !== this.activeId) {
      this.tool()?.exit();
      this.activeId = id;
      this.engagedAt = engagedNow();
      this.tool()?.enter();
    }
    this.publish();
  }

  /** Back to plain selecting; whatever the tool showed goes (Escape). */
  leave(): void {
    this.tool()?.exit();
    this.activeId = 'select';
    this.publish();
  }

  pointerDown(p: TablePointer): void {
    this.tool()?.pointerDown(p);
    this.publish();
  }

  pointerMove(p: TablePointer): void {
    this.tool()?.pointerMove(p);
    this.publish();
  }

  pointerUp(p: TablePointer): void {
    this.tool()?.pointerUp(p);
    this.publish();
  }

  pointerLeave(): void {
    this.tool()?.pointerLeave();
    this.publish();
  }

  cancelPress(): void {
    this.tool()?.cancelPress();
    this.publish();
  }

  /** A tool in use takes the pointer. */
  engaged(): boolean {
    return this.activeId !== 'select';
  }

  /** The table tools' keys are the shortcuts (`pressKey`): none goes through the pointer's owner. */
  keyDown(): boolean {
    return false;
  }

  wheel(): boolean {
    return false;
  }

  usesWheel(): boolean {
    return false;
  }

  /** Line of Fire: shows the detail of one marked enemy (a tap on it, or its name in the panel); null: none. */
  inspect(key: string | null): void {
    if (this.activeId !== 'lof') return;
    this.lof.inspect(key);
    this.publish();
  }

  /** Turns the template in use by `deg` degrees. */
  rotateTemplate(deg: number): void {
    if (this.activeId !== 'template') return;
    this.template.rotate(deg);
    this.publish();
  }

  toggleLayer(layer: ZoneLayer): void {
    this.layers = { ...this.layers, [layer]: !this.layers[layer] };
    this.publish();
  }

  setLayer(layer: ZoneLayer, on: boolean): void {
    if (this.layers[layer] === on) return;
    this.toggleLayer(layer);
  }

  /** The game or the viewer changed: every tool answers again from what the viewer now knows. */
  refresh(): void {
    this.ruler.refresh();
    this.lof.refresh();
    this.template.refresh();
    this.publish();
  }

  /** The selection changed (a click, the roster): the Line of Fire tool looks from it, the Zone of Control follows it. */
  selectionChanged(key: string | null): void {
    if (this.activeId === 'lof') this.lof.selectionChanged(key);
    this.publish();
  }

  /**
   * Whether a click on a piece should select it the ordinary way: not while measuring or placing a
   * template, nor with Line of Fire, whose own click selects what it looks from (and a finger's tap on
   * an enemy shows how it is seen instead).
   */
  selectsOnClick(): boolean {
    return this.activeId === 'select';
  }

  /** Whether a drag with the main button belongs to the tool (else it orbits the camera). */
  usesDrag(): boolean {
    return this.tool()?.usesDrag() ?? false;
  }

  private zonesMemo: { state: object; selected: string | null; overlay: ZoneOverlay } | null = null;

  /** The zone overlay, asked again only when the game, the viewer or the selection changes. */
  private zones(): ZoneOverlay {
    const k = this.host.knowledge();
    const selected = this.host.selected();
    const m = this.zonesMemo;
    if (m && m.state === k.state && m.selected === selected) return m.overlay;
    const overlay = zoneOverlay(k, selected);
    this.zonesMemo = { state: k.state, selected, overlay };
    return overlay;
  }

  private snapshot(): ToolSnapshot {
    const prev: ToolSnapshot | undefined = (this.store as StoreApi<ToolSnapshot> | undefined)?.getState();
    const t = this.template.view;
    const active = this.activeId;
    const template =
      active === 'template' && t ? { kind: t.placement.kind, hits: t.hits, origin: t.origin, placed: t.placed } : null;
    const sameTemplate =
      prev?.template && template && prev.template.kind === template.kind && prev.template.hits === template.hits && prev.template.origin === template.origin && prev.template.placed === template.placed;
    const zones = this.zones();
    return {
      active,
      path: this.path,
      templateKind: this.template.kind,
      ruler: active === 'ruler' && this.ruler.state === 'idle' ? this.ruler.reading : null,
      lof: active === 'lof' ? this.lof.result : null,
      inspected: active === 'lof' ? this.lof.inspected : null,
      template: sameTemplate ? prev!.template : template,
      layers: this.layers,
      zones,
    };
  }

  /** Sends what changed to its outlet. */
  private publish(): void {
    const rulerLive = this.activeId === 'ruler' ? this.ruler.reading : null;
    const templateLive = this.activeId === 'template' ? this.template.view : null;
    if (rulerLive !== this.live.ruler || templateLive !== this.live.template) {
      this.live.ruler = rulerLive;
      this.live.template = templateLive;
      this.onLive?.();
    }
    const next = this.snapshot();
    const prev = this.store.getState();
    const changed = (Object.keys(next) as (keyof ToolSnapshot)[]).some((key) => next[key] !== prev[key]);
    if (changed) this.store.setState(next, true);
  }
}
