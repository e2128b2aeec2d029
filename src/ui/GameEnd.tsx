/**
 * ORD-7: the end of the game: both armies as the viewer may know them (who stands, who is down, who
 * is dead, their points), and the saved file.
 */
import type { PlayerId } from '../core/model/types';
import { useGame } from '../state/gameStore';
import { saveGameFile } from './SavesBar';
import { PLAYER_COLOURS } from '../scene/palette';
import { playerLabel, STATUS_LABELS } from './labels';
import { knownProfiles, type StateView } from '../core/api';

export function GameEnd({ view }: { view: StateView }) {
  const setup = useGame((s) => s.setup);
  const state = useGame((s) => s.state);
  const viewer = useGame((s) => s.viewer);
  const names = knownProfiles(state, viewer);
  return (
    <section className="card game-end" data-testid="game-end">
      <h3>The game is over after round {view.round}</h3>
      {(['A', 'B'] as PlayerId[]).map((p) => {
        const rows = Object.entries(view.troopers).filter(([, t]) => t.player === p);
        const points = (alive: boolean) => rows.filter(([, t]) => (t.status !== 'removed') === alive).reduce((n, [id]) => n + (names[id]?.points ?? 0), 0);
        return (
          <div key={p} className="end-side" data-testid={`end-${p}`}>
            <h4 style={{ color: PLAYER_COLOURS[p] }}>
              {playerLabel(setup, p)}: {rows.filter(([, t]) => t.status !== 'removed' && t.status !== 'unconscious').length} standing, {points(true)} points left of {points(true) + points(false)}
            </h4>
            <ul>
              {rows.map(([id, t]) => (
                <li key={id}>
                  {names[id]?.name ?? id}: {STATUS_LABELS[t.status]}
                  {t.status !== 'removed' ? `, ${t.wounds} ${t.wounds === 1 ? 'Wound' : 'Wounds'}` : ''}
                </li>
              ))}
            </ul>
          </div>
        );
      })}
      <button type="button" className="primary" data-testid="end-save" onClick={() => saveGameFile()}>
        Save the game file
      </button>
    </section>
  );
}
