/**
 * TOOL-6 for an Order: every die of its rolls thrown together in the dice tray, then its saves, each
 * die marked hit, critical, cancelled or failed (a Face to Face judged die by die against the other
 * side's best, FACTS.md), with the Wounds and states that followed. It shows the last Order resolved,
 * as the viewer may see it, and goes when the next command comes.
 *
 * Hotseat: the dice of an ARO are often thrown on the active player's screen, after the hand-back. When
 * the screen comes back to a player, the last Order thrown while they were away in which dice of theirs
 * were rolled (their ARO, their saves) is thrown again for them, marked "While you were away".
 */
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import type { GameEvent, PlayerId } from '../core/model/types';
import { gameStore, selectLogEntries, useGame } from '../state/gameStore';
import { matchStore, useMatch } from '../state/matchStore';
import { DiceTray, type DieSpec } from '../scene/DiceTray';
import { PLAYER_COLOURS } from '../scene/palette';
import { skillWords } from './labels';
import { knownProfiles, markDice } from '../core/api';
import { useSession } from '../state/sessionStore';
import { tableInput } from '../tools/pageInput';
import { tableTools } from '../tools/page';
import { deployTool, orderTool } from '../tools/pageTools';
import { jumpTool } from '../tools/jumpPage';

const subscribeTools = (l: () => void) => {
  const offs = [tableTools.store.subscribe(l), deployTool.subscribe(l), orderTool.subscribe(l), jumpTool.store.subscribe(l)];
  return () => offs.forEach((off) => off());
};

/** The tool holding the table's pointer (`select` when none), kept up to date. */
function useTool(): string {
  return useSyncExternalStore(subscribeTools, () => tableInput.path.split('.')[0] ?? 'select');
}

type Roll = Extract<GameEvent, { type: 'roll' }>;

/** Each die of a roll, marked against the other side's best die (or alone, for a Normal roll): the engine's marks (api.markDice). */
export { markDice, type DieMark } from '../core/api';


/**
 * Hotseat: how long the game's history was when the screen last went from each seat (a hand-over went
 * up), and when it came back (`back`): the dice are thrown again only until the player's first command.
 */
const leftAt = createStore<{ left: Partial<Record<PlayerId, number>>; back: Partial<Record<PlayerId, number>> }>()(() => ({ left: {}, back: {} }));
matchStore.subscribe((m, prev) => {
  const at = gameStore.getState().history.length;
  const { left, back } = leftAt.getState();
  if (m.gameSeq !== prev.gameSeq) leftAt.setState({ left: {}, back: {} });
  else if (m.handOverTo !== null && prev.handOverTo === null && m.seat !== null) leftAt.setState({ left: { ...left, [m.seat]: at } });
  else if (m.handOverTo === null && prev.handOverTo !== null && m.seat !== null) leftAt.setState({ back: { ...back, [m.seat]: at } });
});

/** The rolls, saves and Wounds of one command as the viewer sees them; null when it threw no die. */
function diceOf(events: readonly GameEvent[], index: number | undefined) {
  const rolls = events.filter((e): e is Roll => e.type === 'roll' && !!e.skill);
  const saves = events.filter((e): e is Extract<GameEvent, { type: 'save' }> => e.type === 'save');
  const wounds = events.filter((e): e is Extract<GameEvent, { type: 'wounds' }> => e.type === 'wounds');
  return rolls.length || saves.length ? { rolls, saves, wounds, index } : null;
}

export function OrderDice() {
  const entries = useGame(selectLogEntries);
  const state = useGame((s) => s.state);
  const viewer = useGame((s) => s.viewer);
  const count = useGame((s) => s.history.length);
  const gameSeq = useMatch((s) => s.gameSeq);
  const mode = useMatch((s) => s.mode);
  const remote = useMatch((s) => s.remote);
  const away = useStore(leftAt, (s) => (viewer ? s.left[viewer] : undefined));
  const back = useStore(leftAt, (s) => (viewer ? s.back[viewer] : undefined));
  const [closed, setClosed] = useState<number | null>(null);
  const selected = useSession((s) => s.selected);
  const tool = useTool();
  const last = useMemo(() => {
    // The last command the viewer sees anything of (an opponent's private command shows nothing).
    const lastEntry = [...entries].reverse().find((e) => e.events.length > 0);
    const now = lastEntry ? diceOf(lastEntry.events, lastEntry.events[0]?.index) : null;
    if (now || mode !== 'hotseat' || remote !== null || !viewer || away === undefined || back !== entries.length) return now ? { ...now, replayed: false } : null;
    // The screen came back: the last Order thrown while this player was away with dice of theirs in it.
    for (let i = entries.length - 1; i >= away; i--) {
      const d = diceOf(entries[i]!.events, entries[i]!.events[0]?.index);
      if (d && (d.rolls.some((r) => r.player === viewer) || d.saves.some((x) => x.player === viewer))) return { ...d, replayed: true };
    }
    return null;
  }, [entries, mode, remote, viewer, away, back]);
  // The card steps aside once the player's next step starts: a tool taken up on the table (a Move's path,
  // a template, the ruler); the dice thrown again after a hand-over, also a trooper selected. The log keeps
  // every die.
  const shownAt = useRef<{ card: string; tool: string; selected: string | null } | null>(null);
  const card = last ? `${count}:${last.index}:${last.replayed}` : '';
  useEffect(() => {
    const was = shownAt.current;
    if (!last || closed === count) {
      shownAt.current = null;
      return;
    }
    if (!was || was.card !== card) {
      shownAt.current = { card, tool, selected };
      return;
    }
    if ((tool !== was.tool && tool !== 'select') || (last.replayed && selected !== was.selected)) setClosed(count);
  }, [card, tool, selected, last, closed, count]);
  if (!last || closed === count) return null;
  const names = knownProfiles(state, viewer);
  const name = (id: string | null | undefined) => (id ? (names[id]?.name ?? id) : '');
  const dice: DieSpec[] = [
    ...last.rolls.flatMap((r) => (r.dice ?? [r.roll]).map((value) => ({ value, colour: PLAYER_COLOURS[r.player] }))),
    ...last.saves.map((s) => ({ value: s.roll, colour: PLAYER_COLOURS[s.player] })),
  ];
  return (
    <div className={`roll-overlay order-dice${last.replayed ? ' away' : ''}`} data-testid="order-dice" data-replayed={last.replayed ? 'true' : 'false'}>
      <DiceTray throwKey={`order:${gameSeq}:${last.index}:${last.replayed ? `again-${viewer}-${away}` : ''}`} dice={dice.slice(0, 12)} className="small" />
      <div className="roll-caption">
        {last.replayed && (
          <span className="die-away" data-testid="dice-replayed">
            While you were away: your dice, thrown again
          </span>
        )}
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
