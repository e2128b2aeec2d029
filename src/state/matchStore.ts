/**
 * The match: how the people at this screen play the game in the game store. `demo` is the page as it
 * opens (the deployed demo, looked at from either side); `solo` is one person moving both sides and
 * seeing everything; `hotseat` is two players sharing one screen, each seeing only their own view.
 *
 * In hotseat the screen has a `seat`: the player who confirmed they are looking. Whenever the player
 * the game waits for is not the one seated, the hand-over screen goes up (`handOverTo`) and stays up
 * until that player confirms; only then does the game store's viewer become them.
 *
 * A new hotseat game begins with nobody seated: the initiative roll is made in front of both players
 * on a public screen that shows nothing private (no roster, no names, only the open WIPs and the
 * dice). Once the dice have landed, the players pass the screen to the winner (`passTo`).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { hideableTroopers, windowNeedsHandOver } from '../core/handOver';
import { otherPlayer, type GameFile, type PlayerId } from '../core/model/types';
import { viewFor, type Viewer } from '../core/view';
import { gameStore, type GameStoreState, type LoadRejection } from './gameStore';
import { sessionStore } from './sessionStore';
import { actingPlayer } from './turn';

export type MatchMode = 'demo' | 'solo' | 'hotseat';

export interface MatchState {
  mode: MatchMode;
  /** hotseat: the player looking at the screen now (null before the first player has confirmed) */
  seat: PlayerId | null;
  /** hotseat: the hand-over screen is up, waiting for this player to confirm */
  handOverTo: PlayerId | null;
  /** grows with every game started, so views of the old game can tell it is gone */
  gameSeq: number;
  /**
   * Hotseat: hand the screen over at every ARO window, even one the rule of `windowNeedsHandOver` lets
   * pass (nobody the active player knows of may react, and no trooper of the other's able to hide is
   * unseen). Off by default: that rule reads only what the active player knows, so a window passing
   * tells them nothing new; on, not even whether the other's list holds a trooper able to hide shows.
   */
  handOverAlways: boolean;
  setHandOverAlways(on: boolean): void;
  /**
   * Two machines: this screen's player in a game with another machine (a hotseat with one seat that
   * never hands over: the other player has a screen of their own). Null otherwise.
   */
  remote: PlayerId | null;
  /** Plays as `seat` of a two-machine game: the game store already holds it (state/net/table.ts). */
  startRemote(seat: PlayerId): void;
  /**
   * Solo against the table: the side the bot plays (src/state/botStore.ts drives it); the person is
   * seated at the other, sees only their own side, and nothing is handed over. Null otherwise.
   */
  bot: PlayerId | null;
  /** the table's level in a game against it (botStore sets it; the autosave keeps it) */
  botLevel: string;
  /** Starts a game against the table: the person plays `side`, the bot the other. */
  startAgainstBot(file: GameFile, side: PlayerId): LoadRejection | null;
  /** Starts a game from a file (its commands replayed) in a mode. */
  start(file: GameFile, mode: MatchMode): LoadRejection | null;
  /** The player the hand-over screen waits for says they are at the screen. */
  confirm(): void;
  /** From the public screen: hand the screen to the player the game waits for. */
  passTo(player: PlayerId): void;
}

/** Hotseat, before anyone is seated: both players look at a screen that shows nothing private. */
export function isPublicScreen(m: Pick<MatchState, 'mode' | 'seat' | 'handOverTo'>): boolean {
  return m.mode === 'hotseat' && m.seat === null && m.handOverTo === null;
}

/** The player the screen belongs to now: in hotseat the seat, otherwise nobody in particular. */
export function seatedViewer(m: Pick<MatchState, 'mode' | 'seat'>): Viewer {
  return m.mode === 'hotseat' ? m.seat : null;
}

export function createMatchStore(game: StoreApi<GameStoreState>, hooks: { onSeat?: (p: PlayerId | null) => void } = {}) {
  const store = createStore<MatchState>()((set, get) => ({
    mode: 'demo',
    seat: null,
    handOverTo: null,
    gameSeq: 0,
    handOverAlways: false,
    setHandOverAlways(on) {
      set({ handOverAlways: on });
    },
    remote: null,
    bot: null,
    botLevel: 'normal',
    startAgainstBot(file, side) {
      const rejected = get().start(file, 'hotseat');
      game.getState().setViewer(side);
      set({ seat: side, handOverTo: null, bot: side === 'A' ? 'B' : 'A' });
      hooks.onSeat?.(side);
      return rejected;
    },
    startRemote(seat) {
      game.getState().setViewer(seat);
      set({ mode: 'hotseat', seat, handOverTo: null, remote: seat, bot: null, gameSeq: get().gameSeq + 1 });
      hooks.onSeat?.(seat);
    },
    start(file, mode) {
      game.getState().setRemote(null);
      const rejected = game.getState().load(file);
      const acting = actingPlayer(game.getState().state);
      // Nobody is seated yet. Hotseat: the initiative roll is public (the screen shows nothing private);
      // a saved game loaded past it hands over to whoever acts.
      set({ mode, seat: null, handOverTo: mode === 'hotseat' ? acting : null, remote: null, bot: null, gameSeq: get().gameSeq + 1 });
      game.getState().setViewer(null);
      hooks.onSeat?.(null);
      return rejected;
    },
    passTo(player) {
      if (get().mode === 'hotseat' && get().handOverTo === null) set({ handOverTo: player });
    },
    confirm() {
      const to = get().handOverTo;
      if (to === null) return;
      game.getState().setViewer(to);
      set({ seat: to, handOverTo: null });
      hooks.onSeat?.(to);
    },
  }));

  // Every change of the game: in hotseat, when the game now waits for someone else, hand over.
  game.subscribe((s, prev) => {
    if (s.state === prev.state) return;
    const m = store.getState();
    if (m.mode !== 'hotseat' || m.remote !== null || m.bot !== null) return;
    // The public screen stays up until the players pass it on (they watch the dice land first).
    if (isPublicScreen(m)) return;
    // ARO-1, with hand-overs only where the reactive player has a choice, or could have one the active
    // player may not know of: the core decides from the active player's own view (windowNeedsHandOver);
    // a window it lets pass closes at once, with no ARO, and the screen stays with the active player.
    const o = s.state.order;
    if (!m.handOverAlways && o && (o.stage === 'aro1' || o.stage === 'aro2') && s.history.length > prev.history.length) {
      const reactive = otherPlayer(o.player);
      const answer = windowNeedsHandOver(viewFor(s.state, o.player), hideableTroopers(s.state.setup, reactive));
      if (!answer.handOver && game.getState().dispatch({ do: 'aros', player: reactive, declarations: [] }).ok) return;
    }
    const next = actingPlayer(s.state) ?? m.handOverTo ?? m.seat ?? 'A';
    if (m.handOverTo !== null) {
      if (m.handOverTo !== next) store.setState({ handOverTo: next });
    } else if (next !== m.seat) {
      store.setState({ handOverTo: next });
    }
  });
  return store;
}

/**
 * The page's match: it opens on the demo deployment. A seat taking the screen starts with nothing
 * selected, its camera where it left it (Hotseat, issue 41), at first seen from its side.
 */
let cameraGame = -1;
export const matchStore = createMatchStore(gameStore, {
  onSeat: (seat) => {
    const s = sessionStore.getState();
    s.select(null);
    s.hover(null);
    const game = matchStore.getState().gameSeq;
    s.seatCamera(seat, game !== cameraGame);
    cameraGame = game;
  },
});

export function useMatch<T>(selector: (s: MatchState) => T): T {
  return useStore(matchStore, selector);
}
