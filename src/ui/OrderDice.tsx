/**
 * TOOL-6 for an Order: every die of its rolls thrown together in the dice tray, then its saves, each
 * die marked hit, critical, cancelled or failed (a Face to Face judged die by die against the other
 * side's best, FACTS.md), with the Wounds and states that followed. It shows the last Order resolved,
 * as the viewer may see it, and goes when the next command comes.
 */
import { useMemo, useState } from 'react';
import type { GameEvent } from '../core/model/types';
import { selectLog, useGame } from '../state/gameStore';
import { useMatch } from '../state/matchStore';
import { DiceTray, type DieSpec } from '../scene/DiceTray';
import { PLAYER_COLOURS } from '../scene/palette';
import { skillWords } from './labels';
import { knownProfiles, markDice } from '../core/api';

type Roll = Extract<GameEvent, { type: 'roll' }>;

/** Each die of a roll, marked against the other side's best die (or alone, for a Normal roll): the engine's marks (api.markDice). */
export { markDice, type DieMark } from '../core/api';


export function OrderDice() {
  const log = useGame(selectLog);
  const state = useGame((s) => s.state);
  const viewer = useGame((s) => s.viewer);
  const count = useGame((s) => s.history.length);
  const gameSeq = useMatch((s) => s.gameSeq);
  const [closed, setClosed] = useState<number | null>(null);
  const last = useMemo(() => {
    const lastIndex = log.at(-1)?.index;
    const events = log.filter((e) => e.index === lastIndex);
    const rolls = events.filter((e): e is Roll => e.type === 'roll' && !!e.skill);
    const saves = events.filter((e): e is Extract<GameEvent, { type: 'save' }> => e.type === 'save');
    const wounds = events.filter((e): e is Extract<GameEvent, { type: 'wounds' }> => e.type === 'wounds');
    return rolls.length || saves.length ? { rolls, saves, wounds, index: lastIndex } : null;
  }, [log]);
  if (!last || closed === count) return null;
  const names = knownProfiles(state, viewer);
  const name = (id: string | null | undefined) => (id ? (names[id]?.name ?? id) : '');
  const dice: DieSpec[] = [
    ...last.rolls.flatMap((r) => (r.dice ?? [r.roll]).map((value) => ({ value, colour: PLAYER_COLOURS[r.player] }))),
    ...last.saves.map((s) => ({ value: s.roll, colour: PLAYER_COLOURS[s.player] })),
  ];
  return (
    <div className="roll-overlay order-dice" data-testid="order-dice">
      <DiceTray throwKey={`order:${gameSeq}:${last.index}`} dice={dice.slice(0, 12)} className="small" />
      <div className="roll-caption">
        {last.rolls.map((r, i) => {
          const other = last.rolls.find((o) => o.trooper === r.against && o.against === r.trooper) ?? null;
          const marks = markDice(r, r.skill === 'bs-attack' ? other : null);
          return (
            <div key={i} className="die-line" data-testid="die-line">
              <span className="die-who">
                {name(r.trooper)}: {skillWords(r.skill!)} against {r.target}
              </span>
              <span className="die-marks">
                {(r.dice ?? [r.roll]).map((d, k) => (
                  <span key={k} className={`die-mark mark-${marks[k]}`} data-mark={marks[k]} title={marks[k]}>
                    {d}
                  </span>
                ))}
              </span>
            </div>
          );
        })}
        {last.saves.length > 0 && (
          <div className="die-line" data-testid="save-line">
            <span className="die-who">Saves</span>
            <span className="die-marks">
              {last.saves.map((s, k) => (
                <span key={k} className={`die-mark mark-${s.result === 'wound' ? 'wound' : 'saved'}`} data-mark={s.result} title={`${name(s.trooper)} against ${s.target}: ${s.result === 'wound' ? 'failed, a Wound' : 'saved'}`}>
                  {s.roll}
                </span>
              ))}
            </span>
          </div>
        )}
        {last.wounds.map((w) => (
          <span key={w.trooper} className="die-outcome">
            {name(w.trooper)}: {w.status === 'unconscious' ? 'Unconscious' : w.status === 'removed' ? 'Dead' : `${w.wounds} Wounds left`}
          </span>
        ))}
      </div>
      <button type="button" className="close" aria-label="Close" onClick={() => setClosed(count)}>
        ×
      </button>
    </div>
  );
}
