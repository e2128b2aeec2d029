import type { Command } from '../../core/model/types';
import { DODGE_MOVE, knownProfiles, type StateView } from '../../core/api';
import { gameStore, useGame } from '../../state/gameStore';
import { orderTool, orderingPlayer } from '../../tools/pageTools';
import { playerPossessive } from '../labels';

/**
 * MOV-20 on the screen: after a successful Dodge the Order waits for each dodger's move, in the order
 * the engine gives. The dodger's player draws it with the path tool (up to 2", 1" Prone; the end
 * facing by its arrow), or declines it; the other player waits.
 */
export function DodgeMovePanel({ view }: { view: StateView }) {
  const state = useGame((s) => s.state);
  const setup = useGame((s) => s.setup);
  const o = view.order;
  const next = o?.dodgeMoves?.[0];
  if (!o || o.stage !== 'dodge-moves' || !next || !o.dodgePlayer) return null;
  const player = orderingPlayer();
  const name = knownProfiles(state, o.dodgePlayer)[next]?.name ?? next;
  if (player !== o.dodgePlayer) {
    return (
      <p className="hint" data-testid="waiting-dodge-move">
        Waiting for {playerPossessive(setup, o.dodgePlayer)} Dodge move ({name}).
      </p>
    );
  }
  const none = () => gameStore.getState().dispatch({ do: 'dodgeMove', player, trooper: next, path: [] } as Command);
  return (
    <div className="dodge-move" data-testid="dodge-move-panel">
      <p>
        <b>{name}</b> dodged: it may move up to {DODGE_MOVE}&quot; ({DODGE_MOVE / 2}&quot; Prone), drawing no ARO.
      </p>
      <div className="row">
        <button type="button" className="primary" data-testid="dodge-move-draw" onClick={() => orderTool.send({ type: 'start', trooper: next, skill: 'dodge-move' })}>
          Draw its move
        </button>
        <button type="button" data-testid="dodge-move-none" onClick={none}>
          No move
        </button>
      </div>
    </div>
  );
}
