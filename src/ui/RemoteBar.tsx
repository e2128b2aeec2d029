import { useRemote } from '../state/remoteStore';
import { useGame } from '../state/gameStore';
import { PLAYER_COLOURS } from '../scene/palette';
import { playerLabel } from './labels';

/**
 * A game across two machines, over the table: this screen's player, whose machine gives the next
 * command (the other's screen is theirs: nothing is handed over), a shared roll under way, a refusal.
 */
export function RemoteBar() {
  const seat = useRemote((s) => s.seat);
  const speaker = useRemote((s) => s.speaker);
  const busy = useRemote((s) => s.busy);
  const error = useRemote((s) => s.error);
  const online = useRemote((s) => s.online);
  const setup = useGame((s) => s.setup);
  if (seat === null) return null;
  const mine = speaker === seat;
  const turn = speaker === null ? 'The game is over.' : mine ? 'Your move.' : `Waiting for ${playerLabel(setup, speaker)} on their machine…`;
  return (
    <div className="remote-bar" data-testid="remote-bar" data-seat={seat} data-speaker={speaker ?? ''} style={{ borderColor: PLAYER_COLOURS[seat] }}>
      <span>
        Two machines · you are <b style={{ color: PLAYER_COLOURS[seat] }}>{playerLabel(setup, seat)}</b>
        {!online && <span className="muted"> · offline: what you do is kept and sent on reconnect</span>}
      </span>
      <span data-testid="remote-turn" className={mine ? 'remote-mine' : 'muted'}>
        {busy ?? turn}
      </span>
      {error && (
        <span className="error" role="alert" data-testid="remote-error">
          {error}
        </span>
      )}
    </div>
  );
}
