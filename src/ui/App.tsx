import { useCallback, useState } from 'react';
import type { RootState } from '@react-three/fiber';
import type { PlayerId } from '../core/model/types';
import type { Viewer } from '../core/view';
import { gameStore, selectView, useGame } from '../state/gameStore';
import { sessionStore } from '../state/sessionStore';
import { PLAYER_COLOURS } from '../scene/palette';
import { TableScene } from '../scene/TableScene';
import { HelpOverlay } from './HelpOverlay';
import { SidePanel } from './SidePanel';
import { Toolbar } from './Toolbar';
import { Tooltip } from './Tooltip';
import { useTableKeys } from './useTableKeys';

/** Where the game stands, in one line: phase, round, whose turn, Orders. */
function GameStatus() {
  const view = useGame(selectView);
  const setup = useGame((s) => s.setup);
  const name = (p: PlayerId | null) => (p ? setup.players[p].name : '');
  let text: string;
  switch (view.phase) {
    case 'initiative':
      text = view.active ? `Initiative: ${name(view.active)} chooses` : 'Initiative roll';
      break;
    case 'choices':
      text = 'Deployment and turn order choices';
      break;
    case 'deployment':
      text = `Deployment, ${view.step} step: ${name(view.active)}`;
      break;
    case 'game':
      text = `Round ${view.round}: ${name(view.active)}'s turn`;
      break;
  }
  return (
    <p className="app-status" data-testid="game-status">
      {view.active && <span className="dot" style={{ background: PLAYER_COLOURS[view.active] }} />}
      {text}
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
  };
  return (
    <label className="viewer">
      <span>View as</span>
      <select value={viewer ?? 'solo'} onChange={(e) => onChange(e.target.value)} data-testid="viewer">
        <option value="solo">Both players (solo)</option>
        <option value="A">{setup.players.A.name} (A)</option>
        <option value="B">{setup.players.B.name} (B)</option>
      </select>
    </label>
  );
}

export function App() {
  const [ready, setReady] = useState(false);
  const [view, setView] = useState<HTMLElement | null>(null);
  useTableKeys();

  // R3F calls onCreated before the first frame; wait for that frame (and one
  // more for the compositor) before flagging the view as ready for tests.
  const handleCreated = useCallback((state: RootState) => {
    state.invalidate();
    requestAnimationFrame(() => requestAnimationFrame(() => setReady(true)));
  }, []);

  return (
    <div className="app">
      <header className="app-header">
        <h1 className="app-title">Infinity Table</h1>
        <p className="app-subtitle">A virtual battlefield for Infinity N4</p>
        <GameStatus />
        <ViewerPicker />
      </header>
      <div className="app-body">
        <main className="app-view" data-ready={ready ? 'true' : 'false'} data-testid="table-view" ref={setView}>
          <TableScene onCreated={handleCreated} />
          <Toolbar />
          <Tooltip container={view} />
          <HelpOverlay />
        </main>
        <SidePanel />
      </div>
    </div>
  );
}
