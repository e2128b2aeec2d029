import { useEffect, useMemo, useRef } from 'react';
import type { PlayerId, Setup, TrooperProfile } from '../core/model/types';
import { knownProfiles, type StateView, type TrooperView } from '../core/view';
import { selectLogEntries, selectView, useGame, visibleLog } from '../state/gameStore';
import { isPublicScreen, useMatch } from '../state/matchStore';
import { profileIn } from '../state/pieces';
import { useSession } from '../state/sessionStore';
import { PLAYER_COLOURS } from '../scene/palette';
import { useTools } from '../scene/useTools';
import { ZoneToggles } from './Toolbar';
import { ToolPanel } from './ToolPanel';
import { DeployPanel } from './DeployPanel';
import { SecretsPanel } from './SecretsPanel';
import { JumpPanel } from './JumpPanel';
import { facingLabel, inchesLabel, logLines, SKILL_LABELS, STATUS_LABELS, STATUS_SHORT, type LogLine } from './labels';
import { publicEntries } from './publicEvents';

const PLAYERS: PlayerId[] = ['A', 'B'];

/** What a selection key names in a view: a trooper the viewer knows, a marker, or nothing. */
export function resolveSelection(view: StateView, setup: Setup, key: string) {
  const marker = view.markers[key];
  if (marker) {
    const trooper = marker.trooper ?? null;
    return { kind: 'marker' as const, key, player: marker.player, markerId: key, s: marker.s, trooper, profile: trooper ? profileIn(setup, trooper) : undefined, state: trooper ? view.troopers[trooper] : undefined, at: marker };
  }
  const t = view.troopers[key];
  if (t) return { kind: 'trooper' as const, key, player: t.player, markerId: null, s: profileIn(setup, key)?.s ?? 0, trooper: key, profile: profileIn(setup, key), state: t, at: t };
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
  if (t.status === 'hidden' && t.cover !== undefined) bits.push(t.cover ? 'in Cover' : 'not in Cover');
  if (t.fixed && t.status !== 'off-table') bits.push('position fixed');
  return bits.join(' · ');
}

/** The selected trooper's (or marker's) card: name, player, attributes, skills, status. */
function ProfileCard({ view, setup }: { view: StateView; setup: Setup }) {
  const selected = useSession((s) => s.selected);
  const select = useSession((s) => s.select);
  const sel = selected ? resolveSelection(view, setup, selected) : null;
  const toolInUse = useTools((s) => s.active !== 'select');
  if (!sel) {
    // With a tool in hand, its own card says what to do.
    if (toolInUse) return null;
    return (
      <section className="card empty" data-testid="profile-card-empty">
        <p>Click a trooper on the table, or in the roster below, to see its profile.</p>
        <p className="hint">Drag to orbit · right-drag to pan · wheel or pinch to zoom · Esc clears · ? shortcuts</p>
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
            <Stat label="S" value={p.s} />
            <Stat label="WIP" value={p.wip} />
            <Stat label="PH" value={p.ph} />
            <Stat label="ARM" value={p.arm} />
            <Stat label="BTS" value={p.bts} />
            <Stat label="W" value={p.w} />
          </div>
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
        const rows: { key: string; name: string; s: number; status: string }[] = [];
        for (const t of known) {
          const tv = view.troopers[t.id];
          if (!tv || tv.player !== player) continue;
          rows.push({ key: markerOf.get(t.id) ?? t.id, name: t.name, s: t.s, status: STATUS_SHORT[tv.status] });
        }
        for (const [id, m] of Object.entries(view.markers)) {
          if (m.player === player && !m.trooper) rows.push({ key: id, name: `Marker ${id}`, s: m.s, status: 'marker' });
        }
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
                  <button type="button" className={selected === r.key ? 'active' : undefined} onClick={() => select(r.key)} data-key={r.key}>
                    <span className="roster-name">{r.name}</span>
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
      <ol ref={ref} data-testid="game-log">
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
      </section>
      <LogList lines={lines} />
    </>
  );
}

export function SidePanel() {
  const setup = useGame((s) => s.setup);
  const view = useGame(selectView);
  const publicScreen = useMatch(isPublicScreen);
  if (publicScreen) {
    return (
      <aside className="side-panel" data-testid="side-panel">
        <PublicSide setup={setup} />
      </aside>
    );
  }
  return (
    <aside className="side-panel" data-testid="side-panel">
      {view.phase === 'deployment' ? (
        <DeployPanel />
      ) : view.phase === 'initiative' || view.phase === 'choices' ? (
        <Roster view={view} setup={setup} />
      ) : (
        <>
          {/* The panels and the card scroll on their own: however many are open, the roster keeps its room. */}
          <div className="side-top" data-testid="side-top">
            <JumpPanel />
            <ToolPanel />
            <SecretsPanel />
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
