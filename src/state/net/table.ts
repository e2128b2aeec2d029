/**
 * A game across two machines on this page's table (NET-1): the game store shows the game as this
 * machine knows it (game.ts), to this machine's player only, and every command the table gives goes
 * to the two-machine game instead of the store's own `apply`. The table's panels and tools work as in
 * a hotseat game whose other seat is on the other machine: nothing is handed over.
 *
 * The bar over the table (remoteStore) says, besides whose move it is: what this machine waits for
 * from the other's and for how long (against the time limit the players set: past it, the game can be
 * claimed in the Two machines panel), whether the other machine is connected, and, at the game's end,
 * the closing audit both ways.
 */
import type { StoreApi } from 'zustand/vanilla';
import { webCryptoHash } from '../../core/commit/hash';
import { dryRun } from '../../core/commit/knowing';
import type { Command } from '../../core/model/types';
import type { DispatchResult, GameStoreState } from '../gameStore';
import { viewEvents } from '../../core/view';
import type { MatchState } from '../matchStore';
import { remoteStore } from '../remoteStore';
import type { Connection } from './client';
import { createNetGame, type NetGame, type NetGameState } from './game';

/** Minutes and seconds, as the bar writes a wait. */
export function clock(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The bar's line about the game's end and the closing audit; null while the game goes on. */
export function closingLine(s: NetGameState, seat: string): { text: string; failed: string | null } | null {
  const c = s.closing;
  if (!c) return null;
  const head = c.claim ? `Player ${c.claim.by} claimed the game: ${c.claim.why}` : 'The game is over.';
  const theirs = c.theirs ? (c.theirs.ok ? 'their game checked: passed' : 'their game checked: FAILED') : 'waiting for their openings';
  const mine = c.mine ? (c.mine.ok ? 'yours checked by their machine: passed' : 'yours checked by their machine: FAILED') : 'yours being checked by their machine';
  const failed = [c.theirs, c.mine].find((v) => v && !v.ok);
  return { text: `${head} Closing audit (Player ${seat}): ${theirs}; ${mine}.`, failed: failed ? `Closing audit failed: ${failed.message}` : null };
}

/** Plays the connection's game on the table; returns what ends it (another game started, or the panel leaving). */
export function playOnTable(c: Connection, game: StoreApi<GameStoreState>, match: StoreApi<MatchState>): { net: NetGame; stop: () => void } {
  game.getState().load({ ...c.setup, commands: [] });
  const ctx = game.getState().ctx;
  const net = createNetGame({ session: c.session, hash: webCryptoHash, seat: c.seat, ctx });
  const show = () => {
    const s = net.store.getState();
    const g = game.getState();
    // A trooper of the other's just come to light is shown once its owner's machine has said who it is.
    if (g.state !== s.state && s.unconfirmed.length === 0) {
      game.setState({
        state: s.state,
        history: s.steps.map((k) => ({ command: k.command, events: k.events, before: k.before, after: k.after })),
      });
    }
    const other = c.seat === 'A' ? 'B' : 'A';
    const presence = c.room.presence();
    const away = presence.seen && !presence.here ? ` Player ${other}'s machine is disconnected (for ${clock(Date.now() - presence.since)}).` : '';
    const w = s.waiting;
    const limit = net.limitSeconds() * 1000;
    const waited = w ? Date.now() - w.since : 0;
    const waitLine = w
      ? `Waiting for Player ${other}'s machine: ${w.what} (${clock(waited)} of ${clock(limit)}${waited >= limit ? ': past the limit, you may claim the game in Two machines' : ''}).${away}`
      : away.trim() || null;
    const end = closingLine(s, c.seat);
    remoteStore.setState({
      seat: c.seat,
      speaker: net.speaker(),
      busy: end?.text ?? s.busy ?? (s.unconfirmed.length > 0 ? `Waiting for the other machine to show who came to light…` : waitLine),
      error: end?.failed ?? s.error ?? c.session.store.getState().error,
    });
  };
  const remote = (command: Command): DispatchResult => {
    // Judged here at once, so the table answers a refusal as it always does; the command itself goes
    // to both machines, and the game changes when they have it (`pending`). A command that rolls dice
    // says nothing of its result yet (its dice come from both machines); another gives its events as
    // this player may see them.
    const state = game.getState().state;
    const { result: preview, draws } = dryRun(state, command, ctx);
    if (!preview.ok) {
      game.setState({ lastRejection: { index: state.applied, player: null, ...preview.rejection } });
      return preview;
    }
    game.setState({ lastRejection: null });
    const events = draws > 0 ? [] : viewEvents(preview.events, state, preview.state, c.seat, command);
    void net.submit(command).then((r) => {
      if (!r.ok) {
        game.setState({ lastRejection: { index: game.getState().state.applied, player: null, rule: r.rule ?? null, code: 'out-of-turn', message: r.message } });
        remoteStore.setState({ error: r.message });
      }
    });
    return { ok: true, state, events, command: preview.command, pending: true };
  };
  game.getState().setRemote(remote);
  match.getState().startRemote(c.seat);
  const offNet = net.store.subscribe(show);
  const offSession = c.session.store.subscribe(show);
  const offRoom = c.room.onStatus((status) => remoteStore.setState({ online: status === 'connected' }));
  remoteStore.setState({ online: c.room.status() === 'connected' });
  // The waits and the other's presence are counted on this machine's clock: the bar reads them each second.
  const ticker = setInterval(show, 1000);
  show();
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearInterval(ticker);
    offNet();
    offSession();
    offRoom();
    offMatch();
    net.dispose();
    if (game.getState().remote === remote) game.getState().setRemote(null);
    remoteStore.setState({ seat: null, speaker: null, busy: null, error: null });
  };
  // Another game started on this table (New game, the demo, a file): this one stays in the room, off the table.
  const offMatch = match.subscribe((m) => {
    if (m.remote !== c.seat) stop();
  });
  return { net, stop };
}
