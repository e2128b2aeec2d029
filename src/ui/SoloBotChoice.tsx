/**
 * New game, "Solo against the table": the side the person plays and the table's level (the bot's
 * search budget: src/bot/bot.ts LEVELS). The table plays the other side from a Web Worker.
 */
import type { GameFile, PlayerId } from '../core/model/types';

export type TableLevel = 'easy' | 'normal' | 'hard';
export interface TableChoice {
  side: PlayerId;
  level: TableLevel;
}

const LEVEL_WORDS: Record<TableLevel, string> = {
  easy: 'Easy: it weighs a few Orders',
  normal: 'Normal: it weighs about a dozen Orders and each ARO',
  hard: 'Hard: it weighs more, and takes longer',
};

/** `file`: the chosen game file, for its armies' names (none for the demo: Ember Directorate against Tidewater Concord). */
export function SoloBotChoice({ value, onChange, file }: { value: TableChoice; onChange: (v: TableChoice) => void; file?: GameFile | undefined }) {
  const names = file ? { A: file.players.A.name, B: file.players.B.name } : { A: 'Ember Directorate', B: 'Tidewater Concord' };
  return (
    <div className="sub-option" data-testid="solobot-choice">
      <label>
        You play{' '}
        <select value={value.side} onChange={(e) => onChange({ ...value, side: e.target.value as PlayerId })} data-testid="solobot-side">
          <option value="A">Player A ({names.A})</option>
          <option value="B">Player B ({names.B})</option>
        </select>
      </label>{' '}
      <label>
        The table plays at{' '}
        <select value={value.level} onChange={(e) => onChange({ ...value, level: e.target.value as TableLevel })} data-testid="solobot-level">
          {(['easy', 'normal', 'hard'] as const).map((l) => (
            <option key={l} value={l}>
              {LEVEL_WORDS[l]}
            </option>
          ))}
        </select>
      </label>
      <p className="muted">It sees only what its side may see, deploys, reacts and plays its turns; the dice are random.</p>
    </div>
  );
}
