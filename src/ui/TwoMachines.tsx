import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { otherPlayer } from '../core/model/types';
import { gameStore } from '../state/gameStore';
import { hostRoom, joinRoom, newRoomCode, relayOf, roomCode, type Connection } from '../state/net/client';
import type { NetGameState } from '../state/net/game';
import { GAME_SEAL_LABEL } from '../state/net/game';
import { playOnTable } from '../state/net/table';
import { GAME_ROLL } from '../state/net/protocol';
import { matchStore } from '../state/matchStore';
import type { RoomStatus } from '../state/net/room';
import type { SessionState } from '../state/net/session';
import { sessionStore } from '../state/sessionStore';
import { useModal } from './modal';
import './net.css';

/**
 * Two machines (NET-1 to NET-4): this window's seat in a room shared with another browser through the
 * Yjs relay. What it does today: shared dice neither player can choose (NET-3), and sealed choices
 * that travel only as commitments and are opened, checked, when their player reveals them (NET-2);
 * every message checked as it comes and on reconnect (NET-4). Once connected, the table plays the
 * game across both machines (state/net/table.ts): each screen is its own player's.
 *
 * This file, and Yjs with it, is loaded only when the panel opens.
 */
/** The game across the two machines being played on this table, if any. */
let playing: ReturnType<typeof playOnTable> | null = null;

const conn = createStore<{ c: Connection | null; status: RoomStatus; error: string | null; busy: boolean }>()(() => ({ c: null, status: 'connecting', error: null, busy: false }));

declare global {
  interface Window {
    /** The two-machine session, for the browser tests (the other machine's view of the wire is theirs). */
    __net?: { seat: string; code: string; state: () => SessionState; room: Connection['room']; session: Connection['session']; game: () => NetGameState | null };
  }
}

function storage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

async function connect(make: () => Promise<Connection | { error: string }>, onResumed?: () => void) {
  conn.setState({ busy: true, error: null });
  const r = await make();
  if ('error' in r) {
    conn.setState({ busy: false, error: r.error });
    return;
  }
  conn.setState({ c: r, busy: false, status: r.room.status() });
  sessionStore.getState().setStartPanel(false);
  // The game itself, on this table: both machines play it from its first command.
  playing?.stop();
  playing = playOnTable(r, gameStore, matchStore);
  // Back in a game under way (a reload): the table, not the panel.
  const logs = r.session.store.getState().net.logs;
  if ([...logs.A, ...logs.B].some((m) => m.body.t === 'cmd')) onResumed?.();
  r.room.onStatus((status) => conn.setState({ status }));
  window.__net = { seat: r.seat, code: r.code, state: () => r.session.store.getState(), room: r.room, session: r.session, game: () => playing?.net.store.getState() ?? null };
  // The address names the room and the seat: a reload (or the link) comes back to it.
  const url = new URL(window.location.href);
  url.searchParams.set('room', r.code);
  url.searchParams.set('seat', r.seat);
  window.history.replaceState(null, '', url);
}

/** The room and seat the page's address asks for, if any. */
function askedRoom(): { code: string; seat: 'A' | 'B' } | null {
  const q = new URLSearchParams(window.location.search);
  const code = roomCode(q.get('room') ?? '');
  const seat = q.get('seat') === 'A' ? 'A' : 'B';
  return code ? { code, seat } : null;
}

function inviteLink(code: string): string {
  const url = new URL(window.location.href);
  url.search = '';
  url.searchParams.set('room', code);
  url.searchParams.set('seat', 'B');
  const relay = new URLSearchParams(window.location.search).get('relay');
  if (relay) url.searchParams.set('relay', relay);
  return url.toString();
}

export default function TwoMachines({ onClose }: { onClose: () => void }) {
  const { c, status, error, busy } = useStore(conn);
  const [typed, setTyped] = useState('');
  const relay = relayOf(window.location);
  const root = useRef<HTMLDivElement>(null);
  // It holds the page: Tab goes round the panel, the table behind is inert.
  useModal(root, true);

  useEffect(() => {
    const asked = askedRoom();
    if (!asked || conn.getState().c || conn.getState().busy) return;
    void connect(() => joinRoom(relay, asked.code, asked.seat, storage()), onClose);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [relay]);

  return (
    <div className="modal-backdrop">
      <div className="modal two-machines" role="dialog" aria-modal="true" aria-labelledby="net-title" data-testid="two-machines" ref={root}>
        <h2 id="net-title">Two machines</h2>
        {!c ? (
          <>
            <p className="muted">
              Play with someone on another computer, each in their own browser. The other machine gets only commitments to your private choices
              until you reveal them, and every shared die comes from both machines.
            </p>
            <div className="net-actions">
              <button
                type="button"
                className="primary"
                disabled={busy}
                onClick={() => void connect(() => hostRoom(relay, newRoomCode(), { ...gameStore.getState().setup, dice: { random: true } }, storage()))}
                data-testid="net-host"
              >
                Invite: open a room for this table's game
              </button>
            </div>
            <form
              className="net-join"
              onSubmit={(e) => {
                e.preventDefault();
                const code = roomCode(typed);
                if (!code) {
                  conn.setState({ error: 'A room code is 4 to 32 letters and digits.' });
                  return;
                }
                void connect(() => joinRoom(relay, code, 'B', storage()));
              }}
            >
              <label>
                <span>Or join with a code</span>
                <input value={typed} onChange={(e) => setTyped(e.target.value)} placeholder="e.g. K7QX2MPA" data-testid="net-code" autoComplete="off" />
              </label>
              <button type="submit" disabled={busy} data-testid="net-join">
                {busy ? 'Joining…' : 'Join'}
              </button>
            </form>
            <p className="hint">Relay: {relay} (start it with <code>npx y-websocket-server</code>).</p>
          </>
        ) : (
          <Connected c={c} status={status} />
        )}
        {error && (
          <p className="error" role="alert" data-testid="net-error">
            {error}
          </p>
        )}
        <div className="modal-actions">
          <button type="button" onClick={onClose} data-testid="net-close">
            Close
          </button>
        </div>
      </div>
    </div>
  );
}

function useSession(c: Connection): SessionState {
  return useSyncExternalStore(c.session.store.subscribe, c.session.store.getState);
}

function Connected({ c, status }: { c: Connection; status: RoomStatus }) {
  const s = useSession(c);
  const other = otherPlayer(c.seat);
  const [count, setCount] = useState(2);
  const [note, setNote] = useState('');
  const theyAreHere = s.net.logs[other].length > 0;
  // The game's own rolls (each bound to a command) are in the game's log; this list is the players' free rolls.
  const rolls = Object.values(s.net.rolls).filter((r) => !r.label.startsWith(GAME_ROLL)).reverse();
  // The game's own seals (its private commands) are the game's: the notes here are the players' own.
  const mySeals = Object.entries(s.secrets.seals).filter(([, m]) => m.label !== GAME_SEAL_LABEL);
  const theirSeals = Object.values(s.net.seals).filter((t) => t.label !== GAME_SEAL_LABEL);
  return (
    <div className="net-connected" data-testid="net-connected" data-seat={c.seat} data-status={status}>
      <p>
        You are <b>Player {c.seat}</b> ({c.setup.players[c.seat].name}) in room <b data-testid="net-room">{c.code}</b> ·{' '}
        <span data-testid="net-status">{status === 'connected' ? 'connected' : status === 'connecting' ? 'connecting…' : 'offline: what you do is kept and sent on reconnect'}</span> ·{' '}
        <span data-testid="net-other">{theyAreHere ? `Player ${other} has joined` : `waiting for Player ${other}`}</span>
      </p>
      {c.seat === 'A' && (
        <p className="net-invite">
          Invite: send this link <input readOnly value={inviteLink(c.code)} data-testid="net-link" onFocus={(e) => e.target.select()} /> or the code{' '}
          <b>{c.code}</b>.
        </p>
      )}
      {s.error && (
        <p className="error" role="alert" data-testid="net-refusal">
          {s.error}
        </p>
      )}
      <section>
        <h3>Shared dice</h3>
        <div className="net-row">
          <label>
            d20s{' '}
            <input type="number" min={1} max={20} value={count} onChange={(e) => setCount(Math.max(1, Math.min(20, Number(e.target.value) || 1)))} data-testid="net-count" />
          </label>
          <button type="button" disabled={!theyAreHere} onClick={() => void c.session.roll(count)} data-testid="net-roll">
            Roll
          </button>
        </div>
        <ol className="net-rolls" data-testid="net-rolls">
          {rolls.map((r) => (
            <li key={r.label} data-label={r.label} title="Made from both machines' committed values: neither could choose it">
              Player {r.by}: {r.dice ? r.dice.join(' · ') : 'waiting for both machines…'}
            </li>
          ))}
        </ol>
      </section>
      <section>
        <h3>Sealed choices</h3>
        <form
          className="net-row"
          onSubmit={(e) => {
            e.preventDefault();
            if (!note.trim()) return;
            void c.session.sealChoices(`note ${mySeals.length + 1}`, [note.trim()]);
            setNote('');
          }}
        >
          <input value={note} onChange={(e) => setNote(e.target.value)} placeholder="e.g. where your hidden trooper stands" data-testid="net-note" autoComplete="off" />
          <button type="submit" data-testid="net-seal">
            Seal
          </button>
        </form>
        <ul className="net-seals" data-testid="net-my-seals">
          {mySeals.map(([n, m]) => {
            const opened = s.net.logs[c.seat].some((l) => l.body.t === 'open' && l.body.seal === Number(n));
            return (
              <li key={n}>
                {m.label}: {String(m.keep.open[0]?.opening.choice ?? '')}{' '}
                {opened ? (
                  <span className="muted">revealed</span>
                ) : (
                  <button type="button" onClick={() => void c.session.reveal(Number(n), 0)} data-testid={`net-reveal-${n}`}>
                    Reveal
                  </button>
                )}
              </li>
            );
          })}
        </ul>
        <ul className="net-seals" data-testid="net-their-seals">
          {theirSeals.map((t) => (
            <li key={t.n} data-opened={t.opened.length > 0 ? 'true' : 'false'}>
              Player {other}, {t.label}: {t.opened.length > 0 ? <b>{t.opened.map((o) => String(o.choice)).join(', ')}</b> : <span className="muted">sealed</span>}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
