import { useEffect, useState } from 'react';
import type { PlayerId } from '../core/model/types';
import type { PoolView } from '../core/api';
import { gameStore, selectView, useGame } from '../state/gameStore';
import { useMatch } from '../state/matchStore';
import { actingPlayer } from '../state/turn';
import { PLAYER_COLOURS } from '../scene/palette';
import { playerLabel, playerPossessive } from './labels';

/** The Orders left in a pool as its own player sees it (ORD-6: they are lost when the turn ends). */
export function ordersLeft(pool: PoolView | null): { total: number; regular: number; irregular: number; lieutenant: number } {
  if (!pool) return { total: 0, regular: 0, irregular: 0, lieutenant: 0 };
  const sum = (r: Record<string, number>) => Object.values(r).reduce((n, k) => n + k, 0);
  const regular = sum(pool.groups);
  const irregular = sum(pool.irregular) + (pool.markersIrregular ?? 0);
  const lieutenant = pool.lieutenant ?? 0;
  return { total: regular + irregular + lieutenant, regular, irregular, lieutenant };
}

/**
 * Whose step or turn it is, over the top of the table: during deployment what the step asks for and
 * the kept-back counts announced (DEP-2); in the game the round, the active player and "End turn",
 * which asks first when Orders are left unspent (they are lost, ORD-6).
 */
export function Banner() {
  const view = useGame(selectView);
  const setup = useGame((s) => s.setup);
  const mode = useMatch((s) => s.mode);
  const seat = useMatch((s) => s.seat);
  const bot = useMatch((s) => s.bot);
  const [asking, setAsking] = useState(false);
  const turnKey = `${view.round}-${view.active}-${view.order ? 'o' : ''}`;
  // A new turn, or an Order begun, puts the question away.
  useEffect(() => setAsking(false), [turnKey]);
  const active = actingPlayer(view);
  // Before the game and after it, the banner stays with a line of its own: the table below it keeps its
  // height, so the first turn's banner does not resize the canvas (issue 41: a new drawing buffer and one
  // more frame on the first turn's hand-over).
  if ((view.phase !== 'deployment' && view.phase !== 'game') || !active) return <QuietBanner phase={view.phase} />;
  const name = playerLabel(setup, active);
  const colour = PLAYER_COLOURS[active];
  const announced = (['A', 'B'] as PlayerId[]).filter((p) => view.keptBack[p] !== undefined);
  // ORD-6: the turn ends between Orders, by the active player.
  const canEndTurn = view.phase === 'game' && !view.order && active === view.active && (mode !== 'hotseat' || seat === active);

  let title: string;
  let detail: string;
  if (view.phase === 'deployment') {
    title = `${name} · ${view.step === 'main' ? 'main' : 'last'} deployment step`;
    detail =
      view.step === 'main'
        ? 'Place all your troopers but one. Airborne troopers may stay off the table.'
        : 'Place the trooper you kept back, then end your step.';
  } else {
    title = `Round ${view.round} · ${playerPossessive(setup, view.active ?? active)} turn`;
    const o = view.order;
    if (o && (o.stage === 'aro1' || o.stage === 'aro2')) detail = `${playerLabel(setup, o.player)} declared; ${name} may react (ARO window ${o.stage === 'aro1' ? 1 : 2}).`;
    else if (o && (o.stage === 'rolls' || o.stage === 'saves')) detail = 'The Order waits for its dice.';
    // MOV-20: after the saves, each successful dodger's player moves it (or not) before the Order ends.
    else if (o && o.stage === 'dodge-moves') detail = `A successful Dodge: ${playerLabel(setup, o.dodgePlayer ?? o.player)} may move the dodger up to 2", drawing no ARO.`;
    else if (o) detail = 'Declare the second skill of the Order, or none.';
    else detail = 'Select a trooper and give it an Order; end the turn when you are done.';
    // Solo against the table: its turn is not the person's to play (issue 40).
    if (bot !== null && view.active === bot && (!o || (o.player === bot && o.stage !== 'aro1' && o.stage !== 'aro2' && o.stage !== 'dodge-moves'))) detail = 'The table plays its turn: its Orders are told in the bar above and drawn on the table.';
  }
  // The demo is for looking around: say so, so nobody takes it for a game of their own.
  if (mode === 'demo') detail = 'The demo: look around and try the tools. New game (top left) starts a game of your own.';
  return (
    <div className="banner" role="region" aria-label="Where the game stands" data-testid="banner" data-player={active} style={{ borderColor: colour }}>
      <span className="banner-dot" style={{ background: colour }} />
      <div className="banner-text">
        <strong style={{ color: colour }}>{title}</strong>
        <span className="banner-detail">{detail}</span>
      </div>
      {announced.length > 0 && view.phase === 'deployment' && (
        <span
          className="banner-kept"
          data-testid="kept-back"
          title={`Kept back (announced at the end of each main step, DEP-2): ${announced.map((p) => `${playerLabel(setup, p)} ${view.keptBack[p]}`).join(' · ')}`}
        >
          Kept back
          {announced.map((p) => (
            <span key={p} className="kept" data-player={p}>
              <span className="dot" style={{ background: PLAYER_COLOURS[p] }} />
              {view.keptBack[p]}
            </span>
          ))}
        </span>
      )}
      {canEndTurn && !asking && (
        <button
          type="button"
          className="primary"
          data-testid="end-turn"
          onClick={() => {
            if (ordersLeft(view.pool).total > 0) setAsking(true);
            else gameStore.getState().dispatch({ do: 'endTurn', player: active });
          }}
        >
          End turn
        </button>
      )}
      {canEndTurn && asking && <EndTurnQuestion left={ordersLeft(view.pool)} onKeep={() => setAsking(false)} onEnd={() => gameStore.getState().dispatch({ do: 'endTurn', player: active })} />}
    </div>
  );
}

/** The banner's line where no player is to act: before the first deployment, or once the game is over. */
function QuietBanner({ phase }: { phase: string }) {
  const [title, detail] =
    phase === 'end'
      ? ['The game is over', 'Both armies as they ended are in the side panel.']
      : phase === 'initiative'
        ? ['Before the game · the initiative roll', 'Both players watch the roll; its winner chooses first.']
        : phase === 'choices'
          ? ['Before the game · the keepers choose', 'Who deploys first, and who takes the first turn.']
          : ['Where the game stands', 'Waiting for the next step.'];
  return (
    <div className="banner banner-quiet" role="region" aria-label="Where the game stands" data-testid="banner">
      <span className="banner-dot" style={{ background: 'var(--border)' }} />
      <div className="banner-text">
        <strong>{title}</strong>
        <span className="banner-detail">{detail}</span>
      </div>
    </div>
  );
}

/** End turn with Orders left: how many, and that they are lost; the focus starts on the safe answer. */
function EndTurnQuestion({ left, onKeep, onEnd }: { left: ReturnType<typeof ordersLeft>; onKeep: () => void; onEnd: () => void }) {
  const parts = [left.regular ? `${left.regular} Regular` : '', left.irregular ? `${left.irregular} Irregular` : '', left.lieutenant ? `${left.lieutenant} Lieutenant` : ''].filter(Boolean);
  return (
    <div className="end-turn-ask" role="alertdialog" aria-labelledby="end-turn-ask-text" data-testid="end-turn-ask">
      <span id="end-turn-ask-text">
        {left.total} Order{left.total === 1 ? '' : 's'} left ({parts.join(', ')}): they are lost when the turn ends.
      </span>
      <button type="button" autoFocus onClick={onKeep} data-testid="end-turn-keep">
        Keep playing
      </button>
      <button type="button" className="primary" onClick={onEnd} data-testid="end-turn-confirm">
        End turn anyway
      </button>
    </div>
  );
}
