import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { seatHasPrivate, viewFor } from '../core/api';
import { otherPlayer } from '../core/model/types';
import { useGame } from '../state/gameStore';
import { useMatch } from '../state/matchStore';
import { pinStore, usePins } from '../state/pins';
import { PLAYER_COLOURS } from '../scene/palette';
import { logLines, playerLabel } from './labels';
import { publicEvents } from './publicEvents';
import { useModal } from './modal';

// Only a Hotseat game with PINs needs it, and never before the first frame.
const PinForm = lazy(() => import('./PinForm').then((m) => ({ default: m.PinForm })));

/**
 * How long the hand-over screen takes no click after it goes up. The player who just ended their turn
 * may still be clicking or pressing a key; passing must be the act of the player who receives the screen.
 */
export const HAND_OVER_ARM_MS = 1200;

/**
 * Hotseat: the whole screen, covered, until the next player confirms they are at it. Nothing of either
 * player's table, roster or log is rendered behind it; it says only what both may know (who is next,
 * and the public news of the last command, such as how many troopers were kept back).
 *
 * Nothing has the focus while it is up, so no Enter or Space press gets past it, and its button takes
 * no click for a moment: the player who receives the screen clicks it (or tabs to it) on purpose. It
 * holds the page (`useModal`): Tab goes round its own controls only, and what lies behind is inert.
 *
 * With PINs (a Hotseat option), the button is the PIN's: the seat's first hand-over asks it to choose
 * one (typed twice), every later one asks for it when the seat's screen is about to show Private
 * Information (`seatHasPrivate`, told from what the other player knows), and a wrong PIN keeps the
 * screen covered. Once nothing of the seat's is private any more, the plain button passes the screen.
 */
export function HandOver() {
  const to = useMatch((s) => s.handOverTo);
  const seat = useMatch((s) => s.seat);
  const confirm = useMatch((s) => s.confirm);
  const setup = useGame((s) => s.setup);
  const last = useGame((s) => s.history.at(-1));
  const pins = usePins((s) => s.enabled);
  const hasPin = usePins((s) => (to ? s.locks[to] !== undefined : false));
  const state = useGame((s) => s.state);
  const secret = to ? seatHasPrivate(viewFor(state, otherPlayer(to)), state.setup, to, state.lieutenantKnown[to]) : true;
  const [armed, setArmed] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useModal(root, to !== null, { focus: 'none' });
  useEffect(() => {
    // The button that ended the turn is gone, but whatever else kept the focus lets it go.
    (document.activeElement as HTMLElement | null)?.blur?.();
    setArmed(false);
    const timer = setTimeout(() => setArmed(true), HAND_OVER_ARM_MS);
    return () => clearTimeout(timer);
  }, [to]);
  if (!to) return null;
  const name = playerLabel(setup, to);
  // Only what both may read, and no rolls: the news is what changed hands.
  const news = last
    ? logLines([{ command: last.command, phase: last.before.phase, events: publicEvents(last.events).filter((e) => e.type !== 'roll') }], setup, {}).map((l) => l.text)
    : [];
  return (
    <div className="hand-over" role="dialog" aria-modal="true" aria-labelledby="hand-over-title" data-testid="hand-over" data-player={to} ref={root}>
      <div className="hand-over-card" style={{ borderColor: PLAYER_COLOURS[to] }}>
        <p className="hand-over-kicker">Hotseat</p>
        <h2 id="hand-over-title">
          Pass to <span style={{ color: PLAYER_COLOURS[to] }}>Player {to}</span>
        </h2>
        <p className="hand-over-army">
          <span className="dot" style={{ background: PLAYER_COLOURS[to] }} />
          {name}
        </p>
        {news.length > 0 && (
          <ul className="hand-over-news" data-testid="hand-over-news">
            {news.map((n, i) => (
              <li key={i}>{n}</li>
            ))}
          </ul>
        )}
        <p className="muted">
          {seat === null ? `Only Player ${to} looks now` : `Player ${seat}, look away now`}: the table will show only what Player {to} may see.
        </p>
        {pins && (!hasPin || secret) ? (
          <Suspense fallback={null}>
            <PinForm
              key={to}
              seat={to}
              choosing={!hasPin}
              disabled={!armed}
              submit={hasPin ? `I am Player ${to}: show my table` : `Keep this PIN and show my table`}
              onPin={async (pin) => {
                const p = pinStore.getState();
                const refused = hasPin ? ((await p.check(to, pin)) ? null : `That is not Player ${to}'s PIN.`) : await p.choose(to, pin);
                if (refused === null) confirm();
                return refused;
              }}
            />
          </Suspense>
        ) : (
          <button
            type="button"
            className="primary big"
            disabled={!armed}
            onClick={() => {
              if (armed) confirm();
            }}
            data-testid="hand-over-confirm"
            data-armed={armed ? 'true' : 'false'}
          >
            I am Player {to}: show my table
          </button>
        )}
        <p className="hint hand-over-hint">{armed ? (pins && (!hasPin || secret) ? `Player ${to}: type your PIN when you are at the screen.` : `Player ${to}: click the button when you are at the screen.`) : 'One moment…'}</p>
      </div>
    </div>
  );
}
