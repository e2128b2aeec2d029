import { useEffect, useRef } from 'react';
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { gameStore, useGame } from '../state/gameStore';
import { matchStore } from '../state/matchStore';
import { playerLabel } from './labels';
import { useModal } from './modal';

/** What waits for the player's answer: the action that would leave the game in progress, and what it is. */
interface Pending {
  /** "Start the new game", "Load duel.json", "Go back to the demo" */
  what: string;
  go: () => void;
}

const pending = createStore<{ ask: Pending | null }>()(() => ({ ask: null }));

/**
 * A game is in progress when something was played in it: a game of the players' own (not the demo)
 * with at least one command. Nothing is lost by leaving the demo or a game nobody has begun.
 */
export function gameInProgress(): boolean {
  return matchStore.getState().mode !== 'demo' && gameStore.getState().history.length > 0;
}

/**
 * Runs `go`, which leaves the game on the table (New game, Load, Demo): at once when nothing would be
 * lost, else after the player says so in the dialog below.
 */
export function leaveGameThen(what: string, go: () => void): void {
  if (!gameInProgress()) go();
  else pending.setState({ ask: { what, go } });
}

/**
 * Asks before a game in progress is thrown away: what would happen, that the autosave goes with it,
 * and Save to keep it first.
 */
export function LeaveGameDialog({ onSave }: { onSave: () => void }) {
  const ask = useStore(pending, (s) => s.ask);
  const setup = useGame((s) => s.setup);
  const commands = useGame((s) => s.history.length);
  const stay = () => pending.setState({ ask: null });
  const root = useRef<HTMLDivElement>(null);
  // It holds the page; the focus starts on the safe answer, Stay in this game.
  useModal(root, ask !== null, { initial: '[data-testid="leave-stay"]' });
  useEffect(() => {
    if (!ask) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') stay();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [ask]);
  if (!ask) return null;
  return (
    <div className="modal-backdrop leave-backdrop">
      <div className="modal" role="alertdialog" aria-modal="true" aria-labelledby="leave-title" data-testid="leave-game" ref={root}>
        <h2 id="leave-title">Leave the game in progress?</h2>
        <p>
          {playerLabel(setup, 'A')} against {playerLabel(setup, 'B')}, {commands} command{commands === 1 ? '' : 's'} played. “{ask.what}” replaces it on
          the table and in this browser's autosave: save it to a file first if you want to go on with it later.
        </p>
        <div className="modal-actions">
          <button type="button" onClick={onSave} data-testid="leave-save">
            Save to file
          </button>
          <button type="button" onClick={stay} data-testid="leave-stay">
            Stay in this game
          </button>
          <button
            type="button"
            className="primary"
            data-testid="leave-confirm"
            onClick={() => {
              stay();
              ask.go();
            }}
          >
            {ask.what}
          </button>
        </div>
      </div>
    </div>
  );
}
