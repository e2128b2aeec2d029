import { lazy, Suspense, useCallback, useEffect, useMemo, useRef } from 'react';
import type { PlayerId, Setup, TrooperProfile, Weapon } from '../core/model/types';
import { selectLogEntries, selectView, useGame, visibleLog } from '../state/gameStore';
import { isPublicScreen, useMatch } from '../state/matchStore';
import { useSession } from '../state/sessionStore';
import { PLAYER_COLOURS } from '../scene/palette';
import { useTools } from '../scene/useTools';
import { ZoneToggles } from './Toolbar';
import { ToolPanel } from './ToolPanel';
import { GameEnd } from './GameEnd';
import { facingLabel, inchesLabel, logLines, SKILL_LABELS, STATUS_LABELS, STATUS_SHORT, type LogLine } from './labels';
import { publicEntries } from './publicEvents';
import { SheetHandle, useSheet } from './Sheet';
import { useTouch } from './touchMode';
import { rosterKeys } from './rosterKeys';
import { knownProfiles, type StateView, type TrooperView } from '../core/api';

// The Active Turn's panels are wanted once the game is past deployment: fetched after the first frame.
// The secrets (Discover, Reveal, a marker's identity) are wanted once a game has them: fetched after the first frame too.
// A mission's panel, only in a game with a mission.
const MissionPanel = lazy(() => import('./MissionPanel').then((m) => ({ default: m.MissionPanel })));
const SecretsPanel = lazy(() => import('./SecretsPanel').then((m) => ({ default: m.SecretsPanel })));
const TurnPanel = lazy(() => import('./TurnPanel').then((m) => ({ default: m.TurnPanel })));
// The deployment's panel is wanted once a game is past its initiative: fetched after the first frame too.
const DeployPanel = lazy(() => import('./DeployPanel').then((m) => ({ default: m.DeployPanel })));
// Loaded after the first frame, as the turn's panel is: most turns have no jumper.
const JumpPanel = lazy(() => import('./JumpPanel').then((m) => ({ default: m.JumpPanel })));
const AroPanel = lazy(() => import('./AroPanel').then((m) => ({ default: m.AroPanel })));

const PLAYERS: PlayerId[] = ['A', 'B'];

/** What a selection key names in a view: a trooper the viewer knows, a marker, or nothing. */
export function resolveSelection(view: StateView, known: Record<string, TrooperProfile>, key: string) {
  const marker = view.markers[key];
  if (marker) {
    const trooper = marker.trooper ?? null;
    return { kind: 'marker' as const, key, player: marker.player, markerId: key, s: marker.s, trooper, profile: trooper ? known[trooper] : undefined, state: trooper ? view.troopers[trooper] : undefined, at: marker };
  }
  const t = view.troopers[key];
  if (t) return { kind: 'trooper' as const, key, player: t.player, markerId: null, s: known[key]?.s ?? 0, trooper: key, profile: known[key], state: t, at: t };
  return null;
}

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="stat">
      <span className="stat-label">{label}</span>
      <span className="stat-value">{value}</span>
    </div>
  );
}

function where(at: { x: number | null; y: number | null; z: number | null }): string | null {
  if (at.x === null || at.y === null) return null;
  const z = at.z ?? 0;
  return `x ${inchesLabel(at.x)}, y ${inchesLabel(at.y)}${z > 0 ? `, up ${inchesLabel(z)}` : ''}`;
}

function statusLine(t: TrooperView | undefined, markerId: string | null): string {
  if (!t) return markerId ? 'TO Camouflage marker' : '';
  const bits = [STATUS_LABELS[t.status]];
  if (markerId) bits[0] = `${STATUS_LABELS.marker} ${markerId}`;
  if (t.prone) bits.push('Prone');
  if (t.engaged) bits.push('Engaged'); // CC-2, CC-17
  if (t.status === 'hidden' && t.cover !== undefined) bits.push(t.cover ? 'in Cover' : 'not in Cover');
  if (t.fixed && t.status !== 'off-table') bits.push('position fixed');
  return bits.join(' · ');
}

/** A weapon's range bands and special ammunition, in words. */
function weaponTitle(w: Weapon): string {
  if (w.kind === 'direct') return `${w.name}: direct template (${w.template}), no roll to hit; Dodge or be hit`;
  let from = 0;
  const bands = (w.ranges ?? []).map(([upTo, mod]) => {
    const band = `${from}-${upTo}" ${mod >= 0 ? '+' : ''}${mod}`;
    from = upTo;
    return band;
  });
  return `${w.name}: ${bands.join(', ')}${w.kind === 'impact' ? `, impact template (${w.template})` : ''}`;
}

/** The selected trooper's (or marker's) card: name, player, attributes, skills, status. */
function ProfileCard({ view, setup }: { view: StateView; setup: Setup }) {
  const selected = useSession((s) => s.selected);
  const select = useSession((s) => s.select);
  const state = useGame((s) => s.state);
  const viewer = useGame((s) => s.viewer);
  // The profile as the viewer knows it (GRP-4: never the opponent's Lieutenant before it shows).
  const known = useMemo(() => knownProfiles(state, viewer), [state, viewer]);
  const sel = selected ? resolveSelection(view, known, selected) : null;
  const toolInUse = useTools((s) => s.active !== 'select');
  const touch = useTouch();
  if (!sel) {
    // With a tool in hand, its own card says what to do.
    if (toolInUse) return null;
    return (
      <section className="card empty" data-testid="profile-card-empty">
        <p>{touch ? 'Tap' : 'Click'} a trooper on the table, or in the roster below, to see its profile.</p>
        <p className="hint">
          {touch ? 'One finger turns the table · two fingers pan, and pinch to zoom' : 'Drag to orbit · right-drag to pan · wheel or pinch to zoom · Esc clears · ? shortcuts'}
        </p>
      </section>
    );
  }
  const p: TrooperProfile | undefined = sel.profile;
  const colour = PLAYER_COLOURS[sel.player];
  const pos = where(sel.at);
  const facing = sel.state?.facing ?? null;
  return (
    <section className="card" data-testid="profile-card" data-player={sel.player} style={{ borderColor: colour }}>
      <header className="card-head">
        <div>
          <h2 className="card-name" data-testid="card-name">
            {p ? p.name : `Marker ${sel.markerId}`}
          </h2>
          <div className="card-player" data-testid="card-player">
            <span className="dot" style={{ background: colour }} />
            <span>
              {setup.players[sel.player].name} <span className="muted" title={`Player ${sel.player}`}>({sel.player})</span>
            </span>
          </div>
        </div>
        <button type="button" className="close" aria-label="Clear selection (Esc)" title="Clear selection (Esc)" onClick={() => select(null)}>
          ×
        </button>
      </header>
      {p ? (
        <>
          <div className="stats" data-testid="card-stats">
            <Stat label="MOV" value={`${p.mov[0]}-${p.mov[1]}`} />
            <Stat label="CC" value={p.cc} />
            <Stat label="BS" value={p.bs} />
            <Stat label="PH" value={p.ph} />
            <Stat label="WIP" value={p.wip} />
            <Stat label="ARM" value={p.arm} />
            <Stat label="BTS" value={p.bts} />
            <Stat label="W" value={p.w} />
            <Stat label="S" value={p.s} />
          </div>
          {p.weapons.length > 0 && (
            <ul className="weapons" data-testid="card-weapons">
              {p.weapons.map((w) => (
                <li key={w.id} title={weaponTitle(w)}>
                  <b>{w.name}</b>{' '}
                  <span className="muted">
                    {w.kind === 'direct' ? 'direct template' : `B${w.burst}`} · DAM {w.damage} {w.ammo} · {w.save.toUpperCase()}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <div className="skills" data-testid="card-skills">
            {p.skills.length ? p.skills.map((s) => <span key={s} className="chip">{SKILL_LABELS[s]}</span>) : <span className="muted">No special skills</span>}
          </div>
        </>
      ) : (
        <div className="stats">
          <Stat label="S" value={sel.s} />
        </div>
      )}
      <dl className="facts">
        <dt>Status</dt>
        <dd data-testid="card-status">{statusLine(sel.state, sel.markerId)}</dd>
        {sel.state && sel.state.group !== undefined && sel.state.group !== null && (
          <>
            <dt>Combat Group</dt>
            <dd data-testid="card-group">{sel.state.group}</dd>
          </>
        )}
        {sel.state && p && sel.state.wounds !== undefined && sel.state.wounds !== null && sel.state.wounds < p.w && (
          <>
            <dt>Wounds</dt>
            <dd data-testid="card-wounds">
              {sel.state.wounds} of {p.w}
            </dd>
          </>
        )}
        {pos && (
          <>
            <dt>Position</dt>
            <dd>{pos}</dd>
          </>
        )}
        {facing !== null && sel.kind === 'trooper' && sel.state?.status !== 'hidden' && (
          <>
            <dt>Facing</dt>
            <dd>{facingLabel(facing)}</dd>
          </>
        )}
      </dl>
      {!p && <p className="hint">Which trooper this marker is stays secret until it is revealed or discovered.</p>}
    </section>
  );
}

/** Each side's troopers as the viewer knows them (`knownProfiles`, never the setup's rosters); a row selects its trooper. */
function Roster({ view, setup }: { view: StateView; setup: Setup }) {
  const selected = useSession((s) => s.selected);
  const select = useSession((s) => s.select);
  const state = useGame((s) => s.state);
  const viewer = useGame((s) => s.viewer);
  const known = useMemo(() => Object.values(knownProfiles(state, viewer)), [state, viewer]);
  const markerOf = new Map(Object.entries(view.markers).flatMap(([id, m]) => (m.trooper ? [[m.trooper, id] as const] : [])));
  return (
    <section className="roster" aria-label="Roster">
      {PLAYERS.map((player) => {
        const rows: { key: string; name: string; s: number; status: string; group: number }[] = [];
        for (const t of known) {
          const tv = view.troopers[t.id];
          if (!tv || tv.player !== player) continue;
          rows.push({ key: markerOf.get(t.id) ?? t.id, name: t.name, s: t.s, status: STATUS_SHORT[tv.status], group: tv.group });
        }
        for (const [id, m] of Object.entries(view.markers)) {
          if (m.player === player && !m.trooper) rows.push({ key: id, name: `Marker ${id}`, s: m.s, status: 'marker', group: m.group });
        }
        // GRP-1: the side's troopers by Combat Group (Open Information), in roster order within each.
        rows.sort((a, b) => a.group - b.group);
        return (
          <div key={player} className="roster-side">
            <h3 style={{ color: PLAYER_COLOURS[player] }}>
              <span className="dot" style={{ background: PLAYER_COLOURS[player] }} />
              <span className="roster-side-name">{setup.players[player].name}</span>
              <span className="muted roster-count" title="The Orders this side would get in a Tactical Phase now: one per model or marker on the table">
                {view.orders[player]} Orders
              </span>
            </h3>
            <ul>
              {rows.map((r) => (
                <li key={r.key}>
                  <button type="button" className={selected === r.key ? 'active' : undefined} aria-pressed={selected === r.key} onClick={() => select(r.key)} onKeyDown={rosterKeys} data-key={r.key}>
                    <span className="roster-name">{r.name}</span>
                    <span className="roster-group" title={`Combat Group ${r.group}`}>G{r.group}</span>
                    <span className="roster-s">S{r.s}</span>
                    <span className={`roster-status status-${r.status}`}>{r.status}</span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </section>
  );
}

/** The events the viewer may see (`viewEvents`), newest last, each in words, naming only troopers the viewer knows. */
function GameLog({ setup }: { setup: Setup }) {
  const entries = useGame(selectLogEntries);
  const state = useGame((s) => s.state);
  const viewer = useGame((s) => s.viewer);
  const lines = useMemo(() => logLines(entries, setup, knownProfiles(state, viewer)), [entries, setup, state, viewer]);
  return <LogList lines={lines} />;
}

/** The log's lines, newest last and scrolled into view, each marked with its player's colour. */
function LogList({ lines }: { lines: LogLine[] }) {
  const ref = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lines]);
  return (
    <section className="log" aria-label="Game log">
      <h3>Log</h3>
      <ol ref={ref} tabIndex={0} aria-label="Game log, newest last" data-testid="game-log">
        {lines.map(({ event: e, text }, i) => (
          <li key={i} data-player={'player' in e ? e.player : 'active' in e ? e.active : undefined}>
            {text}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Hotseat, both players looking: nothing private, only what both may read. */
function PublicSide({ setup }: { setup: Setup }) {
  const history = useGame((s) => s.history);
  const lines = useMemo(() => logLines(publicEntries(visibleLog(history, null)), setup, {}), [history, setup]);
  return (
    <>
      <section className="card public-note" data-testid="public-note">
        <p>
          <b>Both players at the screen.</b> The initiative roll is open to both: only the Lieutenants' WIP and the dice show.
        </p>
        <p className="hint">Each player's troopers appear once the screen is handed to them.</p>
        {setup.mission && (
          <p data-testid="public-mission">
            Mission: <b>{setup.mission.name}</b>, in {setup.facts?.rounds ?? 3} rounds, up to {setup.mission.maxPoints} Objective Points a side.
          </p>
        )}
      </section>
      <LogList lines={lines} />
    </>
  );
}

/** The ARO window, for the reactive player when the screen is theirs (in Solo, whoever looks). */
function ReactivePanel({ view }: { view: StateView }) {
  const mode = useMatch((s) => s.mode);
  const seat = useMatch((s) => s.seat);
  const viewer = useGame((s) => s.viewer);
  const o = view.order;
  if (!o || (o.stage !== 'aro1' && o.stage !== 'aro2') || mode === 'demo') return null;
  const reactive = o.player === 'A' ? 'B' : 'A';
  const atScreen = mode === 'hotseat' ? seat === reactive : viewer === null || viewer === reactive;
  return atScreen ? (
    <Suspense fallback={null}>
      <AroPanel view={view} player={reactive} />
    </Suspense>
  ) : null;
}

/** What the phone's sheet holds, on its handle. */
function sheetLabel(view: StateView, setup: Setup): string {
  // MIS-20 on a phone: the closed sheet hides the score bar, so its handle carries the score.
  const score = view.score && (view.phase === 'game' || view.phase === 'end') ? `A ${view.score.points.A} – B ${view.score.points.B} OP · ` : '';
  return score + phaseLabel(view, setup);
}

function phaseLabel(view: StateView, setup: Setup): string {
  switch (view.phase) {
    case 'deployment':
      return view.active ? `Deployment: ${setup.players[view.active].name}, ${view.step} step` : 'Deployment';
    case 'game':
      return view.order ? 'The Order, roster and log' : 'Orders, roster and log';
    case 'end':
      return 'The end: both armies';
    default:
      return 'Roster and log';
  }
}

/**
 * The side panel: beside the table, or on a phone a sheet over it that slides up from its handle
 * (`Sheet.tsx`), so the table takes the screen.
 */
export function SidePanel() {
  const setup = useGame((s) => s.setup);
  const view = useGame(selectView);
  const publicScreen = useMatch(isPublicScreen);
  const sheet = useSheet();
  const ref = useRef<HTMLElement>(null);
  const panel = useCallback(() => ref.current, []);
  if (publicScreen) {
    return (
      <aside className="side-panel" data-testid="side-panel" data-sheet={sheet} ref={ref}>
        <SheetHandle label="Roster and log" panel={panel} />
        <PublicSide setup={setup} />
      </aside>
    );
  }
  return (
    <aside className="side-panel" data-testid="side-panel" data-sheet={sheet} ref={ref}>
      <SheetHandle label={sheetLabel(view, setup)} panel={panel} />
      {view.phase === 'deployment' ? (
        <Suspense fallback={null}>
          {/* MIS-20: the mission (its name, zones, objectives) is known before the first Order, as the players deploy. */}
          <MissionPanel view={view} />
          <DeployPanel />
        </Suspense>
      ) : view.phase === 'initiative' || view.phase === 'choices' ? (
        <>
          <Suspense fallback={null}>
            <MissionPanel view={view} />
          </Suspense>
          <Roster view={view} setup={setup} />
        </>
      ) : (
        <>
          {/* The panels and the card scroll on their own: however many are open, the roster keeps its room. */}
          <div className="side-top" data-testid="side-top">
            {view.phase === 'end' && <GameEnd view={view} />}
            <Suspense fallback={null}>
              <MissionPanel view={view} />
            </Suspense>
            <ReactivePanel view={view} />
            <Suspense fallback={null}>
              <TurnPanel />
            </Suspense>
            <Suspense fallback={null}>
              <JumpPanel />
            </Suspense>
            <ToolPanel />
            <Suspense fallback={null}>
              <SecretsPanel />
            </Suspense>
            <ProfileCard view={view} setup={setup} />
            <ZoneToggles />
          </div>
          <Roster view={view} setup={setup} />
        </>
      )}
      <GameLog setup={setup} />
    </aside>
  );
}
