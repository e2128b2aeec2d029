import { useEffect, useRef } from 'react';
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { demoGame } from '../state/demo';
import { gameStore } from '../state/gameStore';
import { matchStore, useMatch } from '../state/matchStore';
import { pageSaves } from '../state/pageSaves';
import { pinStore, usePins } from '../state/pins';
import { checkGameFile, currentGameFile, useUndoPlayer } from '../state/saves';
import { isSealedGame } from '../state/sealedShape';
import { sessionStore } from '../state/sessionStore';
import { deployTool } from '../tools/pageTools';
import { saveTextFile } from './fileDownload';
import { leaveGameThen } from './LeaveGame';
import { overlayHoldsKeys } from './modal';

function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.tagName) return false;
  if (el.tagName === 'INPUT') return !['checkbox', 'radio', 'button', 'submit', 'file'].includes((el as HTMLInputElement).type);
  return el.isContentEditable || ['SELECT', 'TEXTAREA'].includes(el.tagName);
}

/** Undo: replays every command but the last; the table's tools and selection start again from it. */
function undo() {
  if (!pageSaves.undo()) return;
  sessionStore.getState().select(null);
  deployTool.send({ type: 'sync' });
}

/** Reads a file's text: a sealed game (it waits for its PINs), the game file, or `<path>: <problem>` of the first thing wrong. */
function readText(text: string) {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { error: `(file): not JSON: ${(e as Error).message}` };
  }
  if (isSealedGame(json)) return { sealed: json };
  return checkGameFile(json);
}

/**
 * Save: downloads the game on the table. In Hotseat with PINs, sealed: each army's open part and the
 * public log, each seat's whole list and choices under its PIN (nothing private in the clear, PRIV-6);
 * otherwise the game file (setup and every command), named as open (PRIV-7).
 */
export async function saveGameFile() {
  const g = gameStore.getState();
  const name = `infinity-table-${g.state.phase}-${g.history.length}`;
  if (pageSaves.sealedNow()) {
    const { sealGame } = await import('../state/sealedSave');
    const sealed = await sealGame(g.setup, g.history, pinStore.getState().locks);
    if ('error' in sealed) {
      setError(`Not saved: ${sealed.error}`);
      return;
    }
    saveTextFile(`${JSON.stringify(sealed)}\n`, `${name}-sealed.json`);
    return;
  }
  // PRIV-7: without PINs the file is open (both lists whole, every secret), and its name says so.
  saveTextFile(`${JSON.stringify(currentGameFile(g), null, 2)}\n`, `${name}-open.json`);
}

/** The game file in the clear (for the runner, or another table), after a warning: every secret of both players is in it. */
export function exportClearFile() {
  const ok = window.confirm(
    'This file holds every secret of both players in the clear: hidden troopers and where they stand, who is behind each marker, who waits in the air. Whoever reads it learns them all. Export it?',
  );
  if (!ok) return;
  const g = gameStore.getState();
  saveTextFile(`${JSON.stringify(currentGameFile(g), null, 2)}\n`, `infinity-table-${g.state.phase}-${g.history.length}-clear.json`);
}

/** Why the last file did not load: shown in a strip of its own under the header, covering nothing. */
const loadError = createStore<{ error: string | null }>()(() => ({ error: null }));
const setError = (error: string | null) => loadError.setState({ error });

/** The load error, in the page's flow between the header and the table: it pushes the page down, never covers a button. */
export function LoadError() {
  const error = useStore(loadError, (s) => s.error);
  if (!error) return null;
  return (
    <p className="saves-error" role="alert" data-testid="load-error">
      <span>{error}</span>
      <button type="button" className="close" aria-label="Dismiss" onClick={() => setError(null)}>
        ×
      </button>
    </p>
  );
}

/**
 * The game's file actions over the table: Undo (Ctrl+Z), Save to file, Load from file, Reset to demo.
 * A file that is not a valid game is refused with what is wrong in it, and the game stays as it was.
 */
export function SavesBar() {
  const undoBy = useUndoPlayer(pageSaves, gameStore, matchStore);
  const mode = useMatch((s) => s.mode);
  const remote = useMatch((s) => s.remote);
  const putAside = useStore(pageSaves.store, (s) => s.locked !== null && !s.locked.asking && s.locked.from === 'autosave');
  const pinsOn = usePins((s) => s.enabled);
  const sealedNow = mode === 'hotseat' && pinsOn;
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== 'z' || e.shiftKey || typing(e.target) || overlayHoldsKeys()) return;
      e.preventDefault();
      undo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const load = async (f: File | undefined) => {
    setError(null);
    if (!f) return;
    const r = readText(await f.text());
    if (input.current) input.current.value = '';
    if ('error' in r) {
      setError(`${f.name} was not loaded: ${r.error}`);
      return;
    }
    if ('sealed' in r) {
      // A sealed Hotseat game: it opens once every seat's PIN is typed (UnlockGame).
      leaveGameThen(`Load ${f.name}`, () => pageSaves.lockFile(r.sealed, f.name));
      return;
    }
    // A loaded game goes on in the mode being played (the demo opens it solo). Its secrets were in the
    // clear in the file: it is played without PINs.
    leaveGameThen(`Load ${f.name}`, () => {
      pinStore.getState().reset(false);
      matchStore.getState().start(r.file, mode === 'demo' ? 'solo' : mode);
      deployTool.send({ type: 'sync' });
    });
  };

  const resetDemo = () => {
    setError(null);
    leaveGameThen('Go back to the demo', () => {
      pinStore.getState().reset(false);
      matchStore.getState().start(demoGame(), 'demo');
      pageSaves.clear();
      deployTool.send({ type: 'sync' });
    });
  };

  // A game across two machines is kept by each machine's own log (and cannot be undone alone).
  if (remote !== null) {
    return (
      <div className="saves-bar" data-testid="saves-bar">
        <span className="muted" title="Each machine keeps its own log, with its own secrets, in its own browser: a reload comes back to the game">
          Kept by both machines
        </span>
      </div>
    );
  }

  return (
    <div className="saves-bar" data-testid="saves-bar">
      {putAside && (
        <button type="button" onClick={() => pageSaves.askLocked()} data-testid="open-locked" title="The game autosaved with PINs is still stored: open it with both players' PINs">
          Open the locked game
        </button>
      )}
      <button
        type="button"
        onClick={undo}
        disabled={undoBy === null}
        data-testid="undo"
        title={undoBy ? `Undo Player ${undoBy}'s last command (Ctrl+Z)` : 'Nothing to undo: no command of yours since the last roll or hand-over'}
      >
        Undo
      </button>
      <button
        type="button"
        onClick={() => void saveGameFile()}
        data-testid="save-file"
        title={sealedNow ? 'Save the game as a sealed file: each player\'s secrets only under their PIN' : 'Save the game as an open file: both army lists whole and every command, every secret in the clear (Hotseat with PINs saves it sealed)'}
      >
        Save
      </button>
      {sealedNow && (
        <button type="button" onClick={exportClearFile} data-testid="export-clear" title="Export the game file in the clear, for the runner: it holds both players' secrets">
          Clear file
        </button>
      )}
      <button type="button" onClick={() => input.current?.click()} data-testid="load-file" title="Load a saved game file">
        Load
      </button>
      <input ref={input} type="file" accept=".json,application/json" hidden onChange={(e) => void load(e.target.files?.[0])} data-testid="load-input" />
      {mode !== 'demo' && (
        <button type="button" onClick={resetDemo} data-testid="reset-demo" aria-label="Reset to demo" title="Reset to demo: leave this game for the demo; the autosave is cleared">
          Demo
        </button>
      )}
    </div>
  );
}
