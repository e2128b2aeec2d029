/**
 * What the deployment commands share: whose step it is (DEP-1), a fallback owed (CJ-7, HD-4), and the
 * zone a trooper may deploy in (DEP-3, Forward Deployment, Infiltration).
 */
import { CONTACT } from '../../data/facts';
import { discRectProtrusion } from '../../geometry/shapes';
import { otherPlayer, type GameState, type PlayerId, type TrooperProfile } from '../../model/types';
import { refuse, type Tx } from '../context';
import { deploymentZoneOf, growTowardsCentre, inches, overCentreLine, trooperName } from '../placement';
import { hasSkill } from '../skills';

/** The inches Forward Deployment grows a trooper's zone by. */
function forwardDeployment(p: TrooperProfile): number {
  return hasSkill(p, 'forward-deployment-8') ? 8 : hasSkill(p, 'forward-deployment-4') ? 4 : 0;
}

/**
 * DEP-3: the base totally inside the zone the trooper may use: its Deployment Zone, grown by Forward
 * Deployment; with Infiltration, anywhere wholly on its own side of the centre line, or in the other
 * half wholly outside the enemy Deployment Zone, which takes a PH roll. Returns whether a roll is due.
 */
export function checkDeploymentZone(state: GameState, player: PlayerId, p: TrooperProfile, x: number, y: number, r: number): { roll: boolean } {
  const zone = growTowardsCentre(state, player, forwardDeployment(p));
  const out = discRectProtrusion(zone, x, y, r);
  if (out <= CONTACT.contain) return { roll: false };
  if (hasSkill(p, 'infiltration')) {
    if (overCentreLine(state, player, x, y, r) <= CONTACT.contain) return { roll: false };
    const enemy = deploymentZoneOf(state, otherPlayer(player));
    const into = Math.min(x + r - enemy.x, enemy.x + enemy.w - (x - r), y + r - enemy.y, enemy.y + enemy.d - (y - r));
    if (into > CONTACT.contain) {
      refuse('outside-deployment-zone', 'DEP-3', `Infiltration cannot reach into the enemy Deployment Zone: the base is ${inches(into)} inside it.`);
    }
    return { roll: true };
  }
  const where = forwardDeployment(p) > 0 ? 'your Forward Deployment area' : 'your Deployment Zone';
  refuse('outside-deployment-zone', 'DEP-3', `The base sticks out of ${where} by ${inches(out)}.`);
}

/** DEP-1: deployment commands come from the player whose step it is. */
export function checkStep(tx: Tx, player: PlayerId, what: string): void {
  const d = tx.draft;
  if (d.phase !== 'deployment') {
    if (d.phase === 'game' && what === 'deploy') {
      // HD-8: once the game has begun no command places a trooper, and none hides one again.
      refuse('out-of-turn', 'DEP-1', 'The Deployment Phase is over: troopers can no longer be deployed, or hidden again.');
    }
    refuse('out-of-turn', 'DEP-1', `There is no deployment step now, so ${what} is not possible.`);
  }
  if (d.active !== player) refuse('out-of-turn', 'DEP-1', `It is Player ${d.active}'s deployment step, not Player ${player}'s.`);
}

/** CJ-7, HD-4: a player who owes a fallback gives it before anything else. */
export function checkNoFallbackOwed(tx: Tx, player: PlayerId): void {
  const owed = tx.draft.pendingFallback;
  if (owed && owed.player === player) {
    const rule = owed.reason === 'combat-jump' ? 'CJ-7' : 'HD-4';
    refuse('awaiting-fallback', rule, `${trooperName(tx.draft, owed.trooper)} failed its roll: place it with a fallback first.`);
  }
}
