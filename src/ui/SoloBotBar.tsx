/**
 * Solo against the table, above the table: which side the table plays and at what level, what it is
 * deciding now, its last steps as the person's log tells them (only what the person's side may see:
 * the lines come from the person's own view of each command), and "What would the table do?" on the
 * person's own Order: the bot's Order for their side, with the exact odds of its rolls, as advice.
 * Loaded lazily, with the first game against the table.
 */
import { useMemo } from 'react';
import { knownProfiles } from '../core/api';
import type { Command, GameState, PlayerId, Setup, TrooperProfile } from '../core/model/types';
import type { RollOdds } from '../core/api';
import { askAdvice, momentFor, retryBot, useBot, type Advice } from '../state/botStore';
import { selectLogEntries, selectView, useGame } from '../state/gameStore';
import { useMatch } from '../state/matchStore';
import { logLines, playerLabel, skillWords } from './labels';
import { PLAYER_COLOURS } from '../scene/palette';
import './solobot.css';

const MOMENT_WORDS: Record<string, string> = {
  keep: 'what it keeps',
  deploymentChoice: 'who deploys first',
  turnOrder: 'who plays first',
  deploy: 'its deployment',
  fallback: 'where its trooper falls back',
  order: 'its next Order',
  second: 'its second skill',
  aros: 'its AROs',
  dodgeMove: 'where its trooper moves after dodging',
};

const pct = (p: number) => `${Math.round(p * 100)}%`;

function trooperName(id: string, known: Record<string, TrooperProfile>): string {
  return known[id]?.name ?? (/^[AB]-m\d+$/.test(id) ? `Marker ${id}` : id);
}

/** The advice in words: the trooper, the skill, its target; then each roll's odds. */
function adviceWords(cmd: Command, known: Record<string, TrooperProfile>): string {
  if (cmd.do === 'endTurn') return 'End the turn: no Order is worth giving now.';
  if (cmd.do !== 'order' && cmd.do !== 'second') return `${cmd.do}`;
  const c = cmd as Command & { trooper?: string; skill: string; path?: unknown[]; targets?: { target: string }[]; target?: string };
  const who = c.trooper ? `${trooperName(c.trooper, known)}: ` : '';
  const target = c.targets?.length ? ` at ${c.targets.map((t) => trooperName(t.target, known)).join(', ')}` : c.target ? ` ${trooperName(c.target, known)}` : '';
  const path = c.path ? ` (${c.path.length} waypoint${c.path.length === 1 ? '' : 's'})` : '';
  return `${who}${skillWords(c.skill)}${target}${path}`;
}

function oddsWords(o: RollOdds, known: Record<string, TrooperProfile>): string {
  const who = trooperName(o.roller, known);
  const at = o.target ? ` at ${trooperName(o.target, known)}` : '';
  const face = o.against ? `, ${trooperName(o.against.roller, known)} succeeds ${pct(o.theirs ?? 0)}` : '';
  const wounds = o.wounds ? `, at least one Wound ${pct(1 - (o.wounds[0] ?? 1))}` : '';
  return `${who}${at}: SV ${o.sv}, ${o.dice} ${o.dice === 1 ? 'die' : 'dice'}: succeeds ${pct(o.hit)} (critical ${pct(o.critical)})${face}${wounds}`;
}

function AdviceBox({ advice, state, known }: { advice: Advice | 'thinking' | null; state: GameState; known: Record<string, TrooperProfile> }) {
  if (advice === null) return null;
  if (advice === 'thinking') return <p className="muted">The table is thinking about your Order…</p>;
  if (advice.state !== state) return null;
  if (advice.error || !advice.command) return <p className="error">{advice.error ?? 'No advice'}</p>;
  return (
    <div className="solobot-advice" data-testid="solobot-advice">
      <p>
        The table would give: <b>{adviceWords(advice.command, known)}</b>
      </p>
      {advice.odds.length > 0 ? (
        <ul>
          {advice.odds.map((o, i) => (
            <li key={i}>{oddsWords(o, known)}</li>
          ))}
        </ul>
      ) : (
        advice.command.do === 'order' && <p className="muted">No roll with this skill: the table would choose its second skill after the AROs.</p>
      )}
    </div>
  );
}

export default function SoloBotBar() {
  const bot = useMatch((s) => s.bot);
  const seat = useMatch((s) => s.seat);
  const setup: Setup = useGame((s) => s.setup);
  const state = useGame((s) => s.state);
  const view = useGame(selectView);
  const entries = useGame(selectLogEntries);
  const level = useBot((s) => s.level);
  const thinking = useBot((s) => s.thinking);
  const error = useBot((s) => s.error);
  const advice = useBot((s) => s.advice);
  const known = useMemo(() => knownProfiles(state, seat), [state, seat]);
  // The table's last three commands, read from the log itself (so a reloaded page tells them too).
  const told = useMemo(() => {
    const theirs: number[] = [];
    for (let i = entries.length - 1; i >= 0 && theirs.length < 3; i--) if (bot !== null && (entries[i]!.command as { player?: PlayerId }).player === bot) theirs.unshift(i);
    return theirs.map((i) => {
      // Its turn's end is told as such (the log tells it by the events it causes: the other side's new turn and pool).
      if (entries[i]!.command.do === 'endTurn') return { i, text: 'ends its turn' };
      const lines = logLines([entries[i]!], setup, known).map((l) => l.text);
      return { i, text: lines.length ? lines.join('; ') : 'it acts out of your sight' };
    });
  }, [bot, entries, setup, known]);
  if (bot === null || seat === null) return null;
  const mine = momentFor(view, seat as PlayerId);
  const canAsk = mine === 'order' || mine === 'second';
  return (
    <section className="solobot-bar" data-testid="solobot-bar" aria-label="Solo against the table" style={{ borderColor: PLAYER_COLOURS[bot] }}>
      <p className="solobot-head">
        <b>Against the table</b> · it plays {playerLabel(setup, bot)} ({level}) ·{' '}
        <span data-testid="solobot-status" aria-live="polite">
          {thinking ? `deciding ${MOMENT_WORDS[thinking] ?? thinking}…` : view.phase === 'end' ? 'the game is over' : canAsk ? 'your turn' : 'waiting for you'}
        </span>
      </p>
      {told.length > 0 && (
        <ol className="solobot-told" data-testid="solobot-told" aria-live="polite">
          {told.map((t) => (
            <li key={t.i}>The table: {t.text}</li>
          ))}
        </ol>
      )}
      {error && (
        <p className="error" role="alert">
          The table's command was refused ({error}).{' '}
          <button type="button" onClick={retryBot}>
            Ask it again
          </button>
        </p>
      )}
      {canAsk && (
        <button type="button" onClick={askAdvice} data-testid="solobot-ask" disabled={advice === 'thinking'}>
          What would the table do?
        </button>
      )}
      {canAsk && <AdviceBox advice={advice} state={state} known={known} />}
    </section>
  );
}
