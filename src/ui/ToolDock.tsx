import { useSyncExternalStore, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { useGame } from '../state/gameStore';
import { useTools } from '../scene/useTools';
import { TURN_STEP } from '../tools/deploy';
import { JUMP_TURN_STEP } from '../tools/jump';
import { jumpTool } from '../tools/jumpPage';
import { tableTools } from '../tools/page';
import { tableInput } from '../tools/pageInput';
import { deployTool, orderTool } from '../tools/pageTools';
import { facingLabel } from './labels';
import { focusWords, rulerLine, TEMPLATE_NAMES, usePieceNames } from './ToolPanel';
import { usePhone, useTouch } from './touchMode';
import { useDeployTool } from './useDeployTool';
import { movementTitle } from './skills/MoveOptions';
import { knownProfiles, lengthText } from '../core/api';
import type { GameState, PlayerId, Setup } from '../core/model/types';
import { zoneOf } from '../scene/zones';

const subscribeAll = (l: () => void) => {
  const offs = [tableTools.store.subscribe(l), deployTool.subscribe(l), orderTool.subscribe(l), jumpTool.store.subscribe(l)];
  return () => offs.forEach((off) => off());
};

/** The tool holding the table's pointer, as its state path (`select` when none), kept up to date. */
function useOwnerPath(): string {
  return useSyncExternalStore(subscribeAll, () => tableInput.path);
}

/** What a verdict says, marked legal or refused, with the rule refused under. */
function verdictText(v: { ok: boolean; rule: string | null; message: string }): string {
  return `${v.ok ? '✓ ' : v.rule ? `✗ ${v.rule}: ` : '✗ '}${v.message}`;
}

/**
 * `place`: where over the table the bar stands. At the foot of the view by default; at its top while a
 * trooper is placed on the player's own zone (deployment, a fallback at the table edge) or given an
 * Order in the player's own half: the camera's views put that edge at the foot of the screen, so a bar
 * there covers its last inches (CSS: touch.css).
 */
function Dock({ tool, title, line, tone, place = 'foot', children }: { tool: string; title: string; line: ReactNode; tone?: 'ok' | 'bad' | null; place?: 'foot' | 'top'; children: ReactNode }) {
  return (
    <div className="tool-dock" data-testid="tool-dock" data-tool={tool} data-place={place} role="region" aria-label={`${title}: the tool in hand`}>
      <div className="dock-text">
        <b className="dock-title">{title}</b>
        <span className={`dock-line${tone ? ` ${tone}` : ''}`} data-testid="dock-line" data-legal={tone === 'ok' ? 'true' : tone === 'bad' ? 'false' : undefined} aria-live="polite">
          {line}
        </span>
      </div>
      <div className="dock-buttons">{children}</div>
    </div>
  );
}

/** Turn buttons: a quarter of the wheel's work each, as Q (left, counter-clockwise) and E do. */
function TurnButtons({ turn, step, facing }: { turn: (by: number) => void; step: number; facing: number | null }) {
  return (
    <span className="dock-turn" role="group" aria-label={facing === null ? 'Turn' : `Facing ${facingLabel(facing)}`}>
      <button type="button" onClick={() => turn(step)} data-testid="dock-turn-left" title={`Turn ${step}° to the left (Q)`} aria-label={`Turn ${step}° left`}>
        ⟲
      </button>
      <button type="button" onClick={() => turn(-step)} data-testid="dock-turn-right" title={`Turn ${step}° to the right (E)`} aria-label={`Turn ${step}° right`}>
        ⟳
      </button>
    </span>
  );
}

/** Done (the tool put down), or what stands for it: Put back, Cancel (a plain button beside a primary one). */
function Done({ onClick, label = 'Done' }: { onClick: () => void; label?: string }) {
  return (
    <button type="button" className={label === 'Done' ? 'primary dock-done' : 'dock-done'} onClick={onClick} data-testid="dock-done">
      {label}
    </button>
  );
}

/** The ruler, Line of Fire or a template: its answer in one line, and Done. */
function TableToolDock() {
  const active = useTools((s) => s.active);
  const ruler = useTools((s) => s.ruler);
  const lof = useTools((s) => s.lof);
  const inspected = useTools((s) => s.inspected);
  const template = useTools((s) => s.template);
  const kind = useTools((s) => s.templateKind);
  const { nameOf, setup } = usePieceNames();
  const done = <Done onClick={() => tableTools.leave()} />;
  if (active === 'ruler') {
    const line = ruler ? rulerLine(ruler, nameOf) : 'Drag from a trooper or a point to another, or tap one, then the other.';
    return <Dock tool="ruler" title="Ruler" line={line}>{done}</Dock>;
  }
  if (active === 'lof') {
    const focus = lof?.marks.find((m) => m.key === inspected);
    let line: string;
    if (!lof) line = 'Tap a trooper to look from it.';
    else if (focus) line = `${nameOf(focus.key)}: ${focusWords(focus, setup, nameOf)}.`;
    else {
      const n = (v: string) => lof.marks.filter((m) => m.verdict === v).length;
      line = `From ${nameOf(lof.shooter)}: ${n('seen')} seen, ${n('cover')} in Partial Cover, ${n('unseen')} not seen. Tap an enemy for how it is seen.`;
    }
    return <Dock tool="lof" title="Line of Fire" line={line}>{done}</Dock>;
  }
  const line = template ? (template.hits.length ? `Touches ${template.hits.map(nameOf).join(', ')}` : 'Touches no one') : 'Tap the table to put it down.';
  return (
    <Dock tool="template" title={TEMPLATE_NAMES[kind]} line={line}>
      <TurnButtons turn={(by) => tableTools.rotateTemplate(by)} step={15} facing={null} />
      {done}
    </Dock>
  );
}

/**
 * Where the bar stands while `player` places a trooper on their own zone: at the top where the camera
 * looks from that player's edge (the views put the zone at the foot of the screen), at the foot where it
 * looks from the other edge (Solo: from A's, TableScene's `viewer ?? 'A'`, so B's zone is at the top).
 */
function placeFor(player: string | null | undefined, viewer: string | null): 'top' | 'foot' {
  return player && player !== (viewer ?? 'A') ? 'foot' : 'top';
}

/** The trooper in hand at deployment: the engine's verdict where its ghost stands, turn, Place here, Put back. */
function DeployDock() {
  const s = useDeployTool((x) => x);
  const state = useGame((g) => g.state);
  const viewer = useGame((g) => g.viewer);
  if (!s.trooper) return null;
  const name = knownProfiles(state, viewer)[s.trooper]?.name ?? s.trooper;
  const v = s.verdict;
  let line: string;
  if (s.phase === 'rolling') line = 'Enter the Infiltration roll in the panel.';
  else if (s.notice?.tone === 'error') line = `✗ ${s.notice.text}`;
  else if (v && s.at) line = verdictText(v);
  else line = 'Tap the table where it should stand.';
  const tone = s.phase === 'rolling' ? null : s.notice?.tone === 'error' || (v && !v.ok) ? 'bad' : v?.ok ? 'ok' : null;
  const canPlace = (s.phase === 'pinned' || s.phase === 'picking') && !!s.at && !!v?.ok;
  return (
    <Dock tool="deploy" title={`${s.kind === 'fallback' ? 'Fallback' : 'Placing'}: ${name}`} line={line} tone={tone} place={placeFor(state.troopers[s.trooper]?.player, viewer)}>
      <TurnButtons turn={(by) => deployTool.send({ type: 'turn', by })} step={TURN_STEP} facing={s.facing} />
      <button type="button" className="primary" disabled={!canPlace} onClick={() => deployTool.send({ type: 'place' })} data-testid="dock-place">
        Place here
      </button>
      {s.kind !== 'fallback' && <Done label="Put back" onClick={() => deployTool.send({ type: 'cancel' })} />}
    </Dock>
  );
}

/** A Combat Jump being aimed, or its fallback owed. */
function JumpDock() {
  const s = useStore(jumpTool.store, (x) => x);
  const state = useGame((g) => g.state);
  const viewer = useGame((g) => g.viewer);
  if (!s.trooper || !s.player) return null;
  const name = knownProfiles(state, s.player)[s.trooper]?.name ?? s.trooper;
  const turn = <TurnButtons turn={(by) => jumpTool.turn(by)} step={JUMP_TURN_STEP} facing={s.facing} />;
  if (s.phase === 'fallback') {
    const v = s.fallbackVerdict;
    return (
      <Dock tool="jump" title={`Fallback: ${name}`} line={s.error ?? (v ? verdictText(v) : 'Tap your table edge, in your Deployment Zone.')} tone={s.error || (v && !v.ok) ? 'bad' : v ? 'ok' : null} place={placeFor(s.player, viewer)}>
        {turn}
        <button type="button" className="primary" disabled={!v?.ok} onClick={() => jumpTool.placeFallback()} data-testid="dock-place">
          Place here
        </button>
      </Dock>
    );
  }
  const p = s.pinned;
  const line = s.error ?? (p ? `Lands at (${p.x.toFixed(1)}, ${p.y.toFixed(1)}), facing ${facingLabel(s.facing)}. ${p.seenBy.length ? `Seen by ${p.seenBy.length}.` : 'No known enemy sees it.'}` : 'Tap a shaded spot to land there.');
  return (
    <Dock tool="jump" title={`Combat Jump: ${name}`} line={line} tone={s.error ? 'bad' : p ? 'ok' : null}>
      {p && turn}
      {p && state.dice.mode !== 'manual' && (
        <button type="button" className="primary" onClick={() => jumpTool.jump()} data-testid="dock-jump">
          Jump
        </button>
      )}
      <Done label="Cancel" onClick={() => jumpTool.cancel()} />
    </Dock>
  );
}

/**
 * Whether one's own trooper stands in the half of the table on the viewer's side: the camera's views put
 * that edge at the foot of the screen, where the bar would cover the trooper and where it goes (by touch
 * at 820 x 540 the bar hid the shed's roof a Climb was aimed at, final-36-38 trial).
 */
function inOwnHalf(setup: Setup, state: GameState, viewer: PlayerId | null, id: string | null): boolean {
  const t = id ? state.troopers[id] : undefined;
  if (!t || typeof t.x !== 'number' || typeof t.y !== 'number') return false;
  const zone = zoneOf(setup, state.initiative.zones, viewer ?? 'A');
  if (!zone) return false;
  const { width, depth } = setup.table;
  const dx = zone.x + zone.w / 2 - width / 2;
  const dy = zone.y + zone.d / 2 - depth / 2;
  return Math.abs(dy) >= Math.abs(dx) ? Math.sign(t.y - depth / 2) === Math.sign(dy) : Math.sign(t.x - width / 2) === Math.sign(dx);
}

/** A Move's path being drawn, or a template being aimed, for an Order. */
function OrderDock() {
  const s = useSyncExternalStore(orderTool.subscribe, () => orderTool.snapshot);
  const setup = useGame((g) => g.setup);
  const state = useGame((g) => g.state);
  const viewer = useGame((g) => g.viewer);
  if (s.phase === 'idle') return null;
  const drawing = s.phase === 'drawing';
  const title = drawing ? movementTitle(s.skill) : 'Aim the template';
  const landing = s.skill === 'jump' || s.skill === 'climb';
  const head = drawing ? `Path ${lengthText(s.length, s.mov ?? undefined)}" of ${s.mov}". ` : '';
  // A Jump or a Climb has no waypoints: one tap aims at where it lands, a second makes it (MOV-11, MOV-13).
  const hint = landing ? 'Tap where it lands, then tap again to make it.' : 'Tap waypoints on the table.';
  const line = `${head}${s.verdict ? verdictText(s.verdict) : drawing ? hint : 'Tap where its axis should run.'}`;
  return (
    <Dock tool="order" title={title} line={line} tone={s.verdict ? (s.verdict.ok ? 'ok' : 'bad') : null} place={inOwnHalf(setup, state, viewer, s.trooper) ? 'top' : 'foot'}>
      {drawing && !landing && (
        <button type="button" onClick={() => orderTool.send({ type: 'back' })} disabled={s.waypoints.length === 0} data-testid="dock-back">
          Undo point
        </button>
      )}
      {drawing && (
        <button type="button" className="primary" onClick={() => orderTool.send({ type: 'declare' })} data-testid="dock-declare">
          Declare
        </button>
      )}
      <Done label="Cancel" onClick={() => orderTool.send({ type: 'cancel' })} />
    </Dock>
  );
}

/**
 * On a touch screen (or a phone's), the tool holding the table's pointer in a bar over the table: what
 * it answers where the finger tapped (the engine's verdict, the ruler's distance, how an enemy is seen),
 * the buttons a finger needs instead of the wheel and the keys (turn, Place here), and Done.
 */
export function ToolDock() {
  const path = useOwnerPath();
  const touch = useTouch();
  const phone = usePhone();
  if (!touch && !phone) return null;
  const tool = path.split('.')[0];
  switch (tool) {
    case 'ruler':
    case 'lof':
    case 'template':
      return <TableToolDock />;
    case 'deploy':
      return <DeployDock />;
    case 'jump':
      return <JumpDock />;
    case 'order':
      return <OrderDock />;
    default:
      return null;
  }
}
