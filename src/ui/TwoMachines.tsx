import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { otherPlayer } from '../core/model/types';
import { gameStore } from '../state/gameStore';
import { hostRoom, joinRoom, newRoomCode, relayOf, roomCode, type Connection } from '../state/net/client';
import type { NetGameState } from '../state/net/game';
import { GAME_SEAL_LABEL } from '../state/net/game';
import { clock, playOnTable } from '../state/net/table';
import { GAME_ROLL } from '../state/net/protocol';
import { isVaultKey, newVaultKey } from '../state/net/vault';
import { matchStore } from '../state/matchStore';
import type { RoomStatus } from '../state/net/room';
import type { SessionState } from '../state/net/session';
import { sessionStore } from '../state/sessionStore';
import { useModal } from './modal';
import './net.css';

/**
 * Two machines (NET-1 to NET-4): this window's seat in a room shared with another browser through the
 * Yjs relay. Once connected, the table plays the game across both machines (state/net/table.ts): each
 * screen is its own player's. The panel holds what the table does not: the relay's address, the
 * invitation (a link with the room, the seat and the inviting machine's key, and a Copy button), the
 * time limit the players set for a withheld move, a claim of the game (past that limit, or of
 * cheating: every seal is opened and audited), the closing audit's verdicts, and the players' own
 * shared dice and sealed notes.
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

/** This window's vault key: in its own address's fragment (`#k=…`), never in a link it sends. */
function vaultKey(): string {
  const k = new URLSearchParams(window.location.hash.slice(1)).get('k');
  return isVaultKey(k) ? k : newVaultKey();
}

async function connect(make: (vault: string) => Promise<Connection | { error: string }>, relay: string, onResumed?: () => void) {
  conn.setState({ busy: true, error: null });
  const vault = vaultKey();
  const r = await make(vault);
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
  // The address names the room, the seat and the relay (a reload, or the link, comes back to it); its
  // fragment holds the key to this seat's storage, which no other window has.
  const url = new URL(window.location.href);
  url.searchParams.set('room', r.code);
  url.searchParams.set('seat', r.seat);
  url.searchParams.set('relay', relay);
  url.hash = `k=${vault}`;
  window.history.replaceState(null, '', url);
}

/** The room and seat the page's address asks for, if any, and the inviting machine's key it names. */
function askedRoom(): { code: string; seat: 'A' | 'B'; key: string | null } | null {
  const q = new URLSearchParams(window.location.search);
  const code = roomCode(q.get('room') ?? '');
  const seat = q.get('seat') === 'A' ? 'A' : 'B';
  const key = q.get('key');
  return code ? { code, seat, key: key && /^[0-9a-f]{32}$/.test(key) ? key : null } : null;
}

/** The invitation: the room, Player B's seat, the inviting machine's key fingerprint and the relay. */
function inviteLink(c: Connection, relay: string): string {
  const url = new URL(window.location.href);
  url.search = '';
  url.hash = '';
  url.searchParams.set('room', c.code);
  url.searchParams.set('seat', 'B');
  url.searchParams.set('key', c.key);
  url.searchParams.set('relay', relay);
  return url.toString();
}

export default function TwoMachines({ onClose }: { onClose: () => void }) {
  const { c, status, error, busy } = useStore(conn);
  const [typed, setTyped] = useState('');
  const [relay, setRelay] = useState(() => relayOf(window.location));
  const [minutes, setMinutes] = useState(5);
  const relayOk = /^wss?:\/\/[^\s/]+/.test(relay);
  const root = useRef<HTMLDivElement>(null);
  // It holds the page: Tab goes round the panel, the table behind is inert.
  useModal(root, true);

  useEffect(() => {
    const asked = askedRoom();
    if (!asked || conn.getState().c || conn.getState().busy) return;
    void connect((vault) => joinRoom(relay, asked.code, asked.seat, storage(), { vaultKey: vault, ...(asked.key ? { otherKey: asked.key } : {}) }), relay, onClose);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className="modal-backdrop">
      <div className="modal two-machines" role="dialog" aria-modal="true" aria-labelledby="net-title" data-testid="two-machines" ref={root}>
        <h2 id="net-title">Two machines</h2>
        {!c ? (
          <>
            <p className="muted">
              Play with someone on another computer, each in their own browser. The other machine gets only commitments to your private choices
              until you reveal them, every message is signed by its machine, and every shared die comes from both machines.
            </p>
            <div className="net-row">
              <label className="net-relay">
                <span>Relay</span>
                <input value={relay} onChange={(e) => setRelay(e.target.value.trim())} data-testid="net-relay" autoComplete="off" spellCheck={false} />
              </label>
              <label className="net-field">
                <span>Time limit (minutes)</span>
                <input type="number" min={1} max={240} value={minutes} onChange={(e) => setMinutes(Math.max(1, Math.min(240, Number(e.target.value) || 1)))} data-testid="net-limit" />
              </label>
            </div>
            {!relayOk && <p className="error">The relay's address begins with ws:// or wss://.</p>}
            <div className="net-actions">
              <button
                type="button"
                className="primary"
                disabled={busy || !relayOk}
                onClick={() =>
                  void connect(
                    (vault) => hostRoom(relay, newRoomCode(), { ...gameStore.getState().setup, dice: { random: true } }, storage(), { vaultKey: vault, limits: { waitSeconds: minutes * 60 } }),
                    relay,
                  )
                }
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
                void connect((vault) => joinRoom(relay, code, 'B', storage(), { vaultKey: vault }), relay);
              }}
            >
              <label>
                <span>Or join with a code</span>
                <input value={typed} onChange={(e) => setTyped(e.target.value)} placeholder="e.g. K7QX2MPA" data-testid="net-code" autoComplete="off" />
              </label>
              <button type="submit" disabled={busy || !relayOk} data-testid="net-join">
                {busy ? 'Joining…' : 'Join'}
              </button>
            </form>
            <p className="hint">
              The relay passes messages between the two browsers: on this computer, start it with <code>npm run relay</code>; for a club, run it on a machine
              both players reach and type its address here (the invitation link carries it).
            </p>
          </>
        ) : (
          <Connected c={c} status={status} relay={relay} />
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

const noGame = createStore<NetGameState | null>()(() => null);

function useNetGame(): NetGameState | null {
  const store = playing?.net.store ?? noGame;
  return useSyncExternalStore(store.subscribe, store.getState);
}

/** Ticks each second while mounted (the waits are counted on this machine's clock). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  return now;
}

function Connected({ c, status, relay }: { c: Connection; status: RoomStatus; relay: string }) {
  const s = useSession(c);
  const g = useNetGame();
  const now = useNow();
  const other = otherPlayer(c.seat);
  const [count, setCount] = useState(2);
  const [note, setNote] = useState('');
  const [copied, setCopied] = useState(false);
  const [said, setSaid] = useState<string | null>(null);
  const theyAreHere = s.net.logs[other].length > 0;
  // The game's own rolls (each bound to a command) are in the game's log; this list is the players' free rolls.
  const rolls = Object.values(s.net.rolls).filter((r) => !r.label.startsWith(GAME_ROLL)).reverse();
  // The game's own seals (its private commands) are the game's: the notes here are the players' own.
  const mySeals = Object.entries(s.secrets.seals).filter(([, m]) => m.label !== GAME_SEAL_LABEL);
  const theirSeals = Object.values(s.net.seals).filter((t) => t.label !== GAME_SEAL_LABEL);
  const link = inviteLink(c, relay);
  const lieutenant = s.secrets.lieutenant?.choice.lieutenant;
  const ltName = c.setup.players[c.seat].troopers.find((t) => t.id === lieutenant)?.name ?? lieutenant;
  const limit = (playing?.net.limitSeconds() ?? 300) * 1000;
  const waited = g?.waiting ? now - g.waiting.since : 0;
  const presence = c.room.presence();
  const claim = async (kind: 'timeout' | 'cheat') => {
    const r = await playing?.net.claim(kind);
    setSaid(r && !r.ok ? r.message : null);
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      setSaid('This browser does not let the page copy: select the link and copy it by hand.');
    }
  };
  return (
    <div className="net-connected" data-testid="net-connected" data-seat={c.seat} data-status={status}>
      <p>
        You are <b>Player {c.seat}</b> ({c.setup.players[c.seat].name}) in room <b data-testid="net-room">{c.code}</b> ·{' '}
        <span data-testid="net-status">{status === 'connected' ? 'connected' : status === 'connecting' ? 'connecting…' : 'offline: what you do is kept and sent on reconnect'}</span> ·{' '}
        <span data-testid="net-other">{theyAreHere ? `Player ${other} has joined` : `waiting for Player ${other}`}</span>
        {theyAreHere && presence.seen && !presence.here && <span data-testid="net-away"> · Player {other} is disconnected (for {clock(now - presence.since)})</span>}
      </p>
      <p className="muted">
        Your Lieutenant: <b data-testid="net-lieutenant">{ltName}</b> (Private Information: the other machine holds only a commitment to it until it spends the Lieutenant Special
        Order). Relay: {relay}.
      </p>
      {c.seat === 'A' && (
        <p className="net-invite">
          Invite: send this link <input readOnly value={link} data-testid="net-link" onFocus={(e) => e.target.select()} />{' '}
          <button type="button" onClick={() => void copy()} data-testid="net-copy">
            {copied ? 'Copied' : 'Copy link'}
          </button>{' '}
          or the code <b>{c.code}</b> (typed in, it does not carry your machine's key: the link is safer).
        </p>
      )}
      {s.error && (
        <p className="error" role="alert" data-testid="net-refusal">
          {s.error}
        </p>
      )}
      {g && (
        <section data-testid="net-game">
          <h3>The game</h3>
          {g.closing ? (
            <div data-testid="net-closing" data-theirs={g.closing.theirs ? String(g.closing.theirs.ok) : ''} data-mine={g.closing.mine ? String(g.closing.mine.ok) : ''}>
              <p>{g.closing.claim ? `Player ${g.closing.claim.by} claimed the game: ${g.closing.claim.why}` : 'The game is over.'}</p>
              <p data-testid="net-audit-theirs">
                Closing audit of Player {other}'s game, on this machine: {g.closing.theirs ? `${g.closing.theirs.ok ? 'passed' : 'FAILED'}. ${g.closing.theirs.message}` : 'waiting for their openings…'}
              </p>
              <p data-testid="net-audit-mine">
                Your game, checked by Player {other}'s machine: {g.closing.mine ? `${g.closing.mine.ok ? 'passed' : 'FAILED'}. ${g.closing.mine.message}` : 'waiting for their verdict…'}
              </p>
              {[g.closing.theirs, g.closing.mine].map((v, i) =>
                v && !v.ok && v.failed ? (
                  <pre key={i} className="net-failed" data-testid="net-audit-failed">
                    Player {v.failed.seat}'s {v.failed.n === null ? 'private command' : `message ${v.failed.n}`}: {JSON.stringify(v.failed.command)}
                  </pre>
                ) : null,
              )}
            </div>
          ) : (
            <>
              <p data-testid="net-waiting">
                {g.waiting
                  ? `Waiting for Player ${other}'s machine: ${g.waiting.what}, ${clock(waited)} of the ${clock(limit)} limit.`
                  : `Nothing owed by Player ${other}'s machine now. Time limit for a withheld move: ${clock(limit)}.`}
              </p>
              <div className="net-actions">
                <button type="button" disabled={!g.waiting || waited < limit} onClick={() => void claim('timeout')} data-testid="net-claim">
                  Claim the game (past the time limit)
                </button>
                <button type="button" onClick={() => void claim('cheat')} data-testid="net-claim-cheat" title="Ends the game: both machines open every seal and audit the other's game">
                  Claim cheating: open every seal
                </button>
              </div>
            </>
          )}
          {said && <p className="error">{said}</p>}
        </section>
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
