import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { RootState } from '@react-three/fiber';
import type { PlayerId } from '../core/model/types';
import { gameStore, selectView, useGame } from '../state/gameStore';
import { isPublicScreen, useMatch } from '../state/matchStore';
import { pageSaves } from '../state/pageSaves';
import { sessionStore } from '../state/sessionStore';
import { actingPlayer } from '../state/turn';
import { PLAYER_COLOURS } from '../scene/palette';
import { TableScene } from '../scene/TableScene';
import { loadTableTools } from '../tools/lazyTools';
import { deployTool, placingPlayer } from '../tools/pageTools';
import { Banner } from './Banner';
import { RemoteBar } from './RemoteBar';
import { EditorsHost } from './editors/EditorsHost';
import { HandOver } from './HandOver';
import { PlacementHint } from './PlacementHint';
import { LeaveGameDialog } from './LeaveGame';
import { LoadError, SavesBar, saveGameFile } from './SavesBar';
import { SidePanel } from './SidePanel';
import { StartPanel } from './StartPanel';
import { Toolbar } from './Toolbar';
import { Tooltip } from './Tooltip';
import { usePhone, useTouch } from './touchMode';
import { useTableKeys } from './useTableKeys';
import { possessive } from './labels';
import { type Viewer } from '../core/api';

// The initiative roll comes once a game: its panel is fetched after the first frame.
// The dice on screen (an Order's, an Infiltration roll's) and their tray come after the first frame.
const RollOverlay = lazy(() => import('./RollOverlay').then((m) => ({ default: m.RollOverlay })));
const OrderDice = lazy(() => import('./OrderDice').then((m) => ({ default: m.OrderDice })));
const InitiativePanel = lazy(() => import('./InitiativePanel').then((m) => ({ default: m.InitiativePanel })));
// Shown only while a Combat Jump is aimed, which needs the jump tool fetched after the first frame too.
const JumpHint = lazy(() => import('./JumpHint').then((m) => ({ default: m.JumpHint })));

/** Where the game stands, in one line: phase, round, whose turn. Public information only. */
function GameStatus() {
  const view = useGame(selectView);
  const setup = useGame((s) => s.setup);
  const name = (p: PlayerId | null) => (p ? setup.players[p].name : '');
  const acting = actingPlayer(view);
  let text: string;
  switch (view.phase) {
    case 'initiative':
      text = view.active ? `Initiative: ${name(view.active)} chooses` : 'Initiative roll';
      break;
    case 'choices':
      text = acting ? `Choices: ${name(acting)}` : 'Choices';
      break;
    case 'deployment':
      text = `Deployment, ${view.step} step: ${name(view.active)}`;
      break;
    case 'game':
      text = `Round ${view.round}: ${possessive(name(view.active))} turn`;
      break;
    case 'end':
      text = `The game is over after round ${view.round}`;
      break;
  }
  return (
    <p className="app-status" data-testid="game-status">
      {acting && <span className="dot" style={{ background: PLAYER_COLOURS[acting] }} />}
      <span className="app-status-text" title={text}>
        {text}
      </span>
    </p>
  );
}

/** Who looks at the table: solo sees everything; a player sees only what the core's view gives them. */
function ViewerPicker() {
  const viewer = useGame((s) => s.viewer);
  const setup = useGame((s) => s.setup);
  const onChange = (value: string) => {
    const v: Viewer = value === 'A' || value === 'B' ? value : null;
    gameStore.getState().setViewer(v);
    // A selection the new viewer may not know is dropped.
    const s = sessionStore.getState();
    const view = selectView(gameStore.getState());
    if (s.selected && !view.troopers[s.selected] && !view.markers[s.selected]) s.select(null);
    deployTool.send({ type: 'sync' });
  };
  return (
    <label className="viewer">
      <span>View as</span>
      <select value={viewer ?? 'solo'} onChange={(e) => onChange(e.target.value)} aria-label="View as" data-testid="viewer">
        <option value="solo">Both players (solo)</option>
        <option value="A">{setup.players.A.name} (A)</option>
        <option value="B">{setup.players.B.name} (B)</option>
      </select>
    </label>
  );
}

/** Hotseat: who is at the screen now. */
function SeatBadge() {
  const seat = useMatch((s) => s.seat);
  const remote = useMatch((s) => s.remote);
  const bot = useMatch((s) => s.bot);
  const publicScreen = useMatch(isPublicScreen);
  const setup = useGame((s) => s.setup);
  if (publicScreen) {
    return (
      <span className="seat" data-testid="seat">
        Hotseat · <b>both players</b>
      </span>
    );
  }
  if (!seat) return null;
  return (
    <span
      className="seat"
      data-testid="seat"
      style={{ borderColor: PLAYER_COLOURS[seat] }}
      title={remote ? `Two machines: this screen is ${setup.players[seat].name}'s; the other player has their own` : `Hotseat: the screen shows what ${setup.players[seat].name} may see`}
    >
      {remote ? 'Two machines' : bot ? 'Against the table' : 'Hotseat'} · you are <b style={{ color: PLAYER_COLOURS[seat] }}>Player {seat}</b>
    </span>
  );
}

/**
 * Clicking one of your own placed troopers during your deployment step picks it up again (DEP-8:
 * until its position is fixed).
 */
function usePickUpOnClick() {
  useEffect(
    () =>
      sessionStore.subscribe((s, prev) => {
        if (!s.selected || s.selected === prev.selected || deployTool.snapshot.phase !== 'idle') return;
        const player = placingPlayer();
        if (!player) return;
        const view = selectView(gameStore.getState());
        const id = view.markers[s.selected]?.trooper ?? s.selected;
        const t = view.troopers[id];
        if (!t || t.player !== player || t.fixed || !['model', 'marker', 'hidden'].includes(t.status)) return;
        deployTool.send({ type: 'pick', trooper: id });
      }),
    [],
  );
}

// The tool bar over the table is a finger's (or a phone's): fetched when the page is first used so.
const ToolDock = lazy(() => import('./ToolDock').then((m) => ({ default: m.ToolDock })));
// Two machines (and Yjs behind it) is loaded when it is first opened: nothing of it before the first frame.
const TwoMachines = lazy(() => import('./TwoMachines'));
const SoloBotBar = lazy(() => import('./SoloBotBar'));
// Shown only after a click or a reload of a locked game: fetched then, not before the first frame.
const NewGameDialog = lazy(() => import('./NewGameDialog').then((m) => ({ default: m.NewGameDialog })));
const HelpOverlay = lazy(() => import('./HelpOverlay').then((m) => ({ default: m.HelpOverlay })));
const UnlockGame = lazy(() => import('./UnlockGame').then((m) => ({ default: m.UnlockGame })));

export function App() {
  // A link to a room (?room=CODE) opens the Two machines panel, which joins it.
  const [net, setNet] = useState(() => new URLSearchParams(window.location.search).has('room'));
  const [ready, setReady] = useState(false);
  const [view, setView] = useState<HTMLElement | null>(null);
  const [newGame, setNewGame] = useState<'demo' | 'file' | null>(null);
  const mode = useMatch((s) => s.mode);
  const handOverTo = useMatch((s) => s.handOverTo);
  const bot = useMatch((s) => s.bot);
  // A game locked under its PINs covers the table as the hand-over does: nothing behind it shows.
  const unlocking = useStore(pageSaves.store, (s) => s.locked?.asking === true);
  const covered = handOverTo !== null || unlocking;
  // The New game dialog is for both players at the screen: no game's table or roster shows behind it (a
  // Hotseat seat's are that seat's own view, its hidden troopers and Lieutenant in them; issue 41).
  const veiled = newGame !== null && !covered;
  const touch = useTouch();
  const phone = usePhone();
  const fingers = touch || phone;
  useTableKeys();
  usePickUpOnClick();
  // The deployment and Combat Jump tools: fetched as the page mounts, ready long before a trooper is taken up.
  useEffect(() => void loadTableTools().catch(() => undefined), []);

  // The title says only what both players may know.
  useEffect(() => {
    document.title = handOverTo !== null && !unlocking ? `Pass to Player ${handOverTo} · Infinity Table` : 'Infinity Table';
  }, [unlocking, handOverTo]);

  // R3F calls onCreated before the first frame; wait for that frame (and one
  // more for the compositor) before flagging the view as ready for tests.
  const handleCreated = useCallback((state: RootState) => {
    // The canvas is named for assistive technology; what it shows is in the roster, the panels and the log.
    state.gl.domElement.setAttribute('role', 'img');
    state.gl.domElement.setAttribute('aria-label', 'The table in 3D: pick a trooper in the roster to select it; the side panel and the log say what happens');
    state.invalidate();
    requestAnimationFrame(() => requestAnimationFrame(() => setReady(true)));
  }, []);

  return (
    <div className={`app${covered ? ' covered' : ''}`}>
      <header className="app-header">
        <h1 className="app-title">Infinity Table</h1>
        {!covered && (
          <>
            <button type="button" className="new-game" onClick={() => setNewGame('demo')} data-testid="new-game">
              New game
            </button>
            <p className="app-subtitle">{mode === 'demo' ? 'The demo, deployed' : mode === 'solo' ? 'Solo game' : ''}</p>
            <SeatBadge />
            <GameStatus />
            {mode !== 'hotseat' && <ViewerPicker />}
            <SavesBar />
            <button type="button" className="net-open" onClick={() => setNet(true)} data-testid="two-machines-open" title="Shared dice and sealed choices with a player on another machine">
              Two machines
            </button>
          </>
        )}
      </header>
      {!covered && <LoadError />}
      <div className="app-body">
        <div className="app-centre">
          {/* Above the table, not over it: a named camera view frames the whole table below it. */}
          {!covered && <RemoteBar />}
          {!covered && bot !== null && (
            <Suspense fallback={null}>
              <SoloBotBar />
            </Suspense>
          )}
          {!covered && <Banner />}
          <main className="app-view" data-ready={ready ? 'true' : 'false'} data-testid="table-view" ref={setView}>
            <TableScene onCreated={handleCreated} covered={covered || veiled} />
            {!covered && (
              <>
                <Toolbar />
                <Suspense fallback={null}>
                  <InitiativePanel />
                </Suspense>
                <Suspense fallback={null}>
                  <RollOverlay />
                  <OrderDice />
                </Suspense>
                <PlacementHint container={view} />
                {fingers && (
                  <Suspense fallback={null}>
                    <ToolDock />
                  </Suspense>
                )}
                <Suspense fallback={null}>
                  <JumpHint container={view} />
                </Suspense>
                <Tooltip container={view} />
                <Suspense fallback={null}>
                  <HelpOverlay />
                </Suspense>
              </>
            )}
          </main>
        </div>
        {covered || veiled ? <aside className="side-panel" /> : <SidePanel />}
      </div>
      {unlocking ? (
        <Suspense fallback={null}>
          <UnlockGame />
        </Suspense>
      ) : (
        covered && <HandOver />
      )}
      {!covered && <StartPanel onNewGame={setNewGame} />}
      {newGame && !covered && (
        <Suspense fallback={null}>
          <NewGameDialog source={newGame} onClose={() => setNewGame(null)} />
        </Suspense>
      )}
      {!covered && <LeaveGameDialog onSave={saveGameFile} />}
      {!covered && <EditorsHost />}
      {net && !covered && (
        <Suspense fallback={null}>
          <TwoMachines onClose={() => setNet(false)} />
        </Suspense>
      )}
    </div>
  );
}
