import { useMemo, useState } from 'react';
import { useGame } from '../state/gameStore';
import { useMatch } from '../state/matchStore';
import { PLAYER_COLOURS } from '../scene/palette';
import { DiceTray } from '../scene/DiceTray';
import { knownProfiles, viewEvents } from '../core/api';

const OUTCOME = { critical: 'critical!', success: 'success', failure: 'failure' } as const;

/**
 * TOOL-6 for the rolls of deployment (Infiltration): the die thrown on screen, with the result, the
 * target and the outcome beside it. It shows the last command's roll as the viewer may see it, and
 * goes when the next command comes.
 */
export function RollOverlay() {
  const last = useGame((s) => s.history.at(-1));
  const count = useGame((s) => s.history.length);
  const viewer = useGame((s) => s.viewer);
  const state = useGame((s) => s.state);
  const gameSeq = useMatch((s) => s.gameSeq);
  const [closed, setClosed] = useState<number | null>(null);
  const roll = useMemo(() => {
    if (!last || (last.command.do !== 'deploy' && last.command.do !== 'fallback')) return null;
    const seen = viewEvents(last.events, last.before, last.after, viewer);
    const r = seen.find((e) => e.type === 'roll');
    return r && r.type === 'roll' ? r : null;
  }, [last, viewer]);
  if (!roll || closed === count) return null;
  const name = knownProfiles(state, viewer)[roll.trooper]?.name ?? roll.trooper;
  return (
    <div className="roll-overlay" data-testid="roll-overlay" style={{ borderColor: PLAYER_COLOURS[roll.player] }}>
      <DiceTray throwKey={`${gameSeq}:${count - 1}`} dice={[{ value: roll.roll, colour: PLAYER_COLOURS[roll.player] }]} className="small" />
      <div className="roll-caption">
        <span className="die-who" title={`${name}: Infiltration (PH)`}>
          {name}: Infiltration (PH)
        </span>
        <span>
          <span className="die-value">{roll.roll}</span> against {roll.target}
        </span>
        <span className={`die-outcome outcome-${roll.result}`}>{OUTCOME[roll.result]}</span>
      </div>
      <button type="button" className="close" aria-label="Close" onClick={() => setClosed(count)}>
        ×
      </button>
    </div>
  );
}
