/**
 * PRIV-5 (docs/rules/private-info.md): a list in the New game dialog once its player has chosen it, in
 * Hotseat with PINs: only its open part (PRIV-1, the core's `openArmy`), so the other player at the
 * screen learns nothing private from it. The own view (the picker, the tally) comes back with "Choose
 * again", for that player's eyes.
 */
import type { OpenArmy } from '../../core/apiFiles';
import type { PlayerId } from '../../core/model/types';

export function OpenList({ side, army, onAgain }: { side: PlayerId; army: OpenArmy; onAgain: () => void }) {
  const groups = [...new Set(army.troopers.map((t) => t.group))].sort((x, y) => x - y);
  return (
    <div className="pick-open" data-testid={`pick-open-${side}`}>
      <p>
        <b>Player {side}</b>: {army.name}, chosen. What the other player may know of it:
      </p>
      <ul>
        {groups.map((g) => (
          <li key={g}>
            Combat Group {g}:{' '}
            {army.troopers
              .filter((t) => t.group === g)
              .map((t) => t.name)
              .join(', ')}
          </li>
        ))}
        {groups.length === 0 && <li>no trooper that is sure to be on the table as a model</li>}
      </ul>
      <p className="muted">
        {army.lieutenantWip !== null ? `The Lieutenant's WIP: ${army.lieutenantWip} (open, for the initiative roll). ` : ''}
        The rest is private until the game shows it: who the Lieutenant is, every trooper that may deploy hidden, as a marker or in the air (even how many),
        and what each trooper costs.
      </p>
      <button type="button" className="link" onClick={onAgain} data-testid={`pick-again-${side}`}>
        Choose again (Player {side} only)
      </button>
    </div>
  );
}
