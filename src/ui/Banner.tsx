import type { PlayerId } from '../core/model/types';
import { gameStore, selectView, useGame } from '../state/gameStore';
import { useMatch } from '../state/matchStore';
import { actingPlayer } from '../state/turn';
import { PLAYER_COLOURS } from '../scene/palette';
import { playerLabel, playerPossessive } from './labels';

/**
 * Whose step or turn it is, over the top of the table: during deployment what the step asks for and
 * the kept-back counts announced (DEP-2); in the game the round, the active player and "End turn".
 */
export function Banner() {
  const view = useGame(selectView);
  const setup = useGame((s) => s.setup);
  const mode = useMatch((s) => s.mode);
  const seat = useMatch((s) => s.seat);
  if (view.phase !== 'deployment' && view.phase !== 'game') return null;
  const active = actingPlayer(view);
  if (!active) return null;
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
    else if (o) detail = 'Declare the second skill of the Order, or none.';
    else detail = 'Select a trooper and give it an Order; end the turn when you are done.';
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
      {canEndTurn && (
        <button type="button" className="primary" data-testid="end-turn" onClick={() => gameStore.getState().dispatch({ do: 'endTurn', player: active })}>
          End turn
        </button>
      )}
    </div>
  );
}
