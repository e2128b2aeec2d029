import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { GameFile } from '../core/model/types';
import { demoSetup } from '../state/demo';
import { matchStore, type MatchMode } from '../state/matchStore';
import { pinStore } from '../state/pins';
import { readGameFile, refusalAt } from '../state/saves';
import { sessionStore } from '../state/sessionStore';
import { leaveGameThen } from './LeaveGame';
import { SoloBotChoice, type TableChoice } from './SoloBotChoice';
import { useModal } from './modal';

export type Source = 'demo' | 'file' | 'pick';

const PickSetup = lazy(() => import('./editors/PickSetup'));
type DiceChoice = 'random' | 'manual';

/**
 * New game: from the demo setup or a game file, in Hotseat or Solo mode, with random dice or dice
 * entered by hand. Nothing changes until Start; a bad file leaves the current game as it is.
 */
export function NewGameDialog({ source: first = 'demo', onClose }: { source?: Source; onClose: () => void }) {
  const [source, setSource] = useState<Source>(first);
  const [mode, setMode] = useState<Exclude<MatchMode, 'demo'> | 'table'>('hotseat');
  const [table, setTable] = useState<TableChoice>({ side: 'A', level: 'normal' });
  const [dice, setDice] = useState<DiceChoice>('random');
  // On by default: a Hotseat game is about each player's secrets, and without PINs the autosave and a
  // saved file hold them in the clear, and anyone may press "I am Player B" (README, "Hotseat PINs").
  const [pins, setPins] = useState(true);
  const [loaded, setLoaded] = useState<{ name: string; file: GameFile } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [picked, setPicked] = useState<{ file: GameFile } | { error: string } | null>(null);
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  // It holds the page: the focus starts on the first choice, Tab goes round the dialog, the page behind is inert.
  useModal(dialog, true);

  const onFile = async (f: File | undefined) => {
    setLoaded(null);
    setError(null);
    if (!f) return;
    const r = readGameFile(await f.text());
    if ('error' in r) setError(r.error);
    else setLoaded({ name: f.name, file: r.file });
  };

  const saved = source === 'file' && loaded !== null && loaded.file.commands.length > 0;
  const pickedFile = picked && 'file' in picked ? picked.file : undefined;
  const canStart = source === 'demo' || (source === 'pick' ? pickedFile !== undefined : loaded !== null && error === null);

  const start = () => {
    const base = source === 'demo' ? demoSetup() : source === 'pick' ? pickedFile : loaded?.file;
    if (!base) return;
    // A saved game replays with its own dice; a fresh one rolls as chosen (a seed would let players predict).
    const file: GameFile = base.commands.length > 0 ? base : { ...base, dice: dice === 'manual' && mode !== 'table' ? { manual: true } : { random: true } };
    leaveGameThen('Start the new game', () => {
      const before = pinStore.getState();
      const was = { enabled: before.enabled, locks: before.locks };
      pinStore.getState().reset(mode === 'hotseat' && pins);
      const rejected = mode === 'table' ? matchStore.getState().startAgainstBot(file, table.side) : matchStore.getState().start(file, mode);
      if (mode === 'table' && !rejected) void import('../state/botStore').then((b) => b.startBot(table.level));
      if (rejected) {
        pinStore.getState().reset(was.enabled, was.locks);
        setError(refusalAt(rejected.index, rejected));
        return;
      }
      sessionStore.getState().setStartPanel(false);
      onClose();
    });
  };

  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby="new-game-title" data-testid="new-game-dialog" ref={dialog}>
        <h2 id="new-game-title">New game</h2>
        <fieldset>
          <legend>Table and armies</legend>
          <label>
            <input type="radio" name="source" checked={source === 'demo'} onChange={() => setSource('demo')} /> The demo: a dense 48" table, Ember
            Directorate against Tidewater Concord, nine a side
          </label>
          <label>
            <input type="radio" name="source" checked={source === 'pick'} onChange={() => setSource('pick')} /> Armies and a table: shipped ones or your
            own
          </label>
          {source === 'pick' && (
            <Suspense fallback={<p className="muted">Loading…</p>}>
              <PickSetup onChange={setPicked} privateLists={mode === 'hotseat' && pins} />
            </Suspense>
          )}
          <label>
            <input type="radio" name="source" checked={source === 'file'} onChange={() => setSource('file')} /> A game file (setup, or a saved game to go on
            with)
          </label>
          {source === 'file' && (
            <div className="file-pick">
              <input type="file" accept=".json,application/json" onChange={(e) => void onFile(e.target.files?.[0])} aria-label="The game file" data-testid="game-file" />
              {loaded && !error && (
                <p className="muted" data-testid="file-ok">
                  {loaded.name}: {loaded.file.players.A.name} against {loaded.file.players.B.name}, {loaded.file.table.width}" x {loaded.file.table.depth}"
                  {saved ? `, ${loaded.file.commands.length} commands to replay` : ''}
                </p>
              )}
            </div>
          )}
          {error && (
            <p className="error" role="alert" data-testid="file-error">
              {error}
            </p>
          )}
        </fieldset>
        <fieldset>
          <legend>Players</legend>
          <label>
            <input type="radio" name="mode" checked={mode === 'hotseat'} onChange={() => setMode('hotseat')} /> <b>Hotseat</b>: two players, one screen;
            the screen is handed over between them and each sees only their own side
          </label>
          {mode === 'hotseat' && (
            <label className="sub-option">
              <input type="checkbox" checked={pins} onChange={(e) => setPins(e.target.checked)} data-testid="pins" /> Each player keeps a <b>PIN</b>: asked
              whenever the screen is handed to them; the autosave and saved files keep each player&apos;s secrets only under their PIN
            </label>
          )}
          <label>
            <input type="radio" name="mode" checked={mode === 'solo'} onChange={() => setMode('solo')} /> <b>Solo</b>: one player moves both sides and
            sees everything
          </label>
          <label>
            <input type="radio" name="mode" checked={mode === 'table'} onChange={() => setMode('table')} data-testid="mode-table" /> <b>Solo against the table</b>: you play
            one side, the table plays the other and sees only what its side may see
          </label>
          {mode === 'table' && <SoloBotChoice value={table} onChange={setTable} file={source === 'pick' ? pickedFile : source === 'file' ? loaded?.file : undefined} />}
        </fieldset>
        <fieldset disabled={saved}>
          <legend>Dice</legend>
          <label>
            <input type="radio" name="dice" checked={dice === 'random'} onChange={() => setDice('random')} /> Random: the table rolls, and every roll is
            written into the game
          </label>
          <label>
            <input type="radio" name="dice" checked={dice === 'manual'} onChange={() => setDice('manual')} /> Enter physical dice by hand
          </label>
          {saved && <p className="muted">A saved game goes on with the dice it was played with.</p>}
        </fieldset>
        <div className="modal-actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="primary" disabled={!canStart} onClick={start} data-testid="start-game">
            Start
          </button>
        </div>
      </div>
    </div>
  );
}
