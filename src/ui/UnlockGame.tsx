import { useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { PlayerId } from '../core/model/types';
import { pageSaves } from '../state/pageSaves';
import { unlockPin, type SeatLock } from '../state/pinCrypto';
import { lockedSeats } from '../state/sealedShape';
import { sessionStore } from '../state/sessionStore';
import { deployTool } from '../tools/pageTools';
import { PinForm } from './PinForm';
import { useModal } from './modal';

/**
 * A Hotseat game sealed under its players' PINs (the autosave after a reload, or a sealed file being
 * loaded) opens only when every seat's player has typed their PIN, one after the other. Nothing of
 * the game is shown before that; a wrong PIN is refused, and a file whose openings do not hold up
 * (core audit) is refused with what is wrong in it, the game on the table staying as it was.
 */
export function UnlockGame() {
  const locked = useStore(pageSaves.store, (s) => s.locked);
  const [locks, setLocks] = useState<Partial<Record<PlayerId, SeatLock>>>({});
  const [error, setError] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);
  // It holds the page as the hand-over does; nothing takes the focus by itself (each player clicks or tabs into their box).
  useModal(root, !!locked?.asking, { focus: 'none' });
  if (!locked || !locked.asking) return null;
  const seats = lockedSeats(locked.sealed);
  const next = seats.find((s) => !locks[s]);
  const leave = () => {
    setLocks({});
    setError(null);
    pageSaves.cancelLocked();
    if (locked.from === 'autosave') sessionStore.getState().setStartPanel(true);
  };
  return (
    <div className="hand-over" role="dialog" aria-modal="true" aria-labelledby="unlock-title" data-testid="unlock-game" ref={root}>
      <div className="hand-over-card">
        <p className="hand-over-kicker">Hotseat, with PINs</p>
        <h2 id="unlock-title">{locked.from === 'autosave' ? 'Your game is locked' : `${locked.name} is locked`}</h2>
        <p className="hand-over-army">
          {locked.sealed.setup.players.A.name} against {locked.sealed.setup.players.B.name}
        </p>
        <p className="muted">Each player types their own PIN in turn, the other looking away. The game opens once every PIN is in.</p>
        {next ? (
          <PinForm
            key={next}
            seat={next}
            choosing={false}
            submit={`Player ${next}: unlock`}
            onPin={async (pin) => {
              const lock = await unlockPin(locked.sealed.pins[next]!, pin);
              if (!lock) return `That is not Player ${next}'s PIN.`;
              const all = { ...locks, [next]: lock };
              setLocks(all);
              if (seats.every((s) => all[s])) {
                const refused = await pageSaves.unlock(all);
                if (refused) {
                  setError(refused);
                  setLocks({});
                } else {
                  setLocks({});
                  sessionStore.getState().setStartPanel(false);
                  deployTool.send({ type: 'sync' });
                }
              }
              return null;
            }}
          />
        ) : (
          <p className="muted">Opening…</p>
        )}
        {error && (
          <p className="error" role="alert" data-testid="unlock-error">
            {error}
          </p>
        )}
        <button type="button" onClick={leave} data-testid="unlock-leave">
          {locked.from === 'autosave' ? 'Not now (it stays saved until another game starts)' : 'Do not load it'}
        </button>
      </div>
    </div>
  );
}
