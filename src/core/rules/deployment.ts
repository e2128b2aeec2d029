/**
 * The Deployment Phase (DEP-1 to DEP-6, DEP-8) and the turns that follow it: `deploy`, `fallback`
 * after a failed Infiltration roll (HD-4), `endStep` and `endTurn`.
 */
import { CONTACT } from '../data/facts';
import { discRectProtrusion } from '../geometry/shapes';
import { otherPlayer, type CommandOf, type GameState, type PlayerId, type Rect, type TrooperProfile } from '../model/types';
import { isSuccess } from './dice';
import { refuse, type Tx } from './context';
import {
  checkContacts,
  checkOnTable,
  checkRoom,
  deploymentZoneOf,
  gapToBoundingEdge,
  growTowardsCentre,
  inches,
  normaliseFacing,
  overCentreLine,
  silhouetteAt,
  trooperName,
} from './placement';

/** A trooper named by its id, or by its marker id where its opponent only knows the marker. */
export function resolveTrooper(state: GameState, ref: string): string | null {
  if (state.troopers[ref]) return ref;
  for (const [id, t] of Object.entries(state.troopers)) {
    if (t.markerId === ref && t.status === 'marker') return id;
  }
  return null;
}

export function requireTrooper(state: GameState, ref: string): string {
  const id = resolveTrooper(state, ref);
  if (id === null) refuse('unknown-trooper', null, `There is no trooper or marker "${ref}".`);
  return id;
}

export function has(p: TrooperProfile, skill: TrooperProfile['skills'][number]): boolean {
  return p.skills.includes(skill);
}

/** The inches Forward Deployment grows a trooper's zone by. */
function forwardDeployment(p: TrooperProfile): number {
  return has(p, 'forward-deployment-8') ? 8 : has(p, 'forward-deployment-4') ? 4 : 0;
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
  if (has(p, 'infiltration')) {
    if (overCentreLine(state, player, x, y, r) <= CONTACT.contain) return { roll: false };
    const enemy = deploymentZoneOf(state, otherPlayer(player));
    const into = Math.min(
      x + r - enemy.x,
      enemy.x + enemy.w - (x - r),
      y + r - enemy.y,
      enemy.y + enemy.d - (y - r),
    );
    if (into > CONTACT.contain) {
      refuse('outside-deployment-zone', 'DEP-3', `Infiltration cannot reach into the enemy Deployment Zone: the base is ${inches(into)} inside it.`);
    }
    return { roll: true };
  }
  const where = forwardDeployment(p) > 0 ? 'your Forward Deployment area' : 'your Deployment Zone';
  refuse('outside-deployment-zone', 'DEP-3', `The base sticks out of ${where} by ${inches(out)}.`);
}

/** DEP-1: deployment commands come from the player whose step it is. */
export function checkTurn(tx: Tx, player: PlayerId, what: string): void {
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

export function checkNoFallbackOwed(tx: Tx, player: PlayerId): void {
  const owed = tx.draft.pendingFallback;
  if (owed && owed.player === player) {
    const rule = owed.reason === 'combat-jump' ? 'CJ-7' : 'HD-4';
    refuse('awaiting-fallback', rule, `${trooperName(tx.draft, owed.trooper)} failed its roll: place it with a fallback first.`);
  }
}

export function deploy(tx: Tx, cmd: CommandOf<'deploy'>): CommandOf<'deploy'> {
  const d = tx.draft;
  const id = requireTrooper(d, cmd.trooper);
  checkTurn(tx, cmd.player, 'deploy');
  const t = tx.trooper(id);
  const p = tx.profile(id);
  if (t.player !== cmd.player) refuse('not-your-trooper', null, `${p.name} belongs to Player ${t.player}.`);
  // DEP-1: the last step places only the trooper kept back.
  if (d.step === 'last' && d.reserveOf[cmd.player] !== id) {
    if (t.fixed) refuse('position-fixed', 'DEP-8', `${p.name} was placed in your main step; its position is fixed.`);
    refuse('wrong-status', null, `In your last step you place only the trooper you kept back.`);
  }
  const placeable = ['undeployed', 'reserve', 'model', 'marker', 'hidden'];
  if (!placeable.includes(t.status)) refuse('wrong-status', null, `${p.name} cannot be deployed: it is ${t.status}.`);
  checkNoFallbackOwed(tx, cmd.player);
  if (cmd.as === 'hidden' && !has(p, 'hidden-deployment')) refuse('no-skill', 'HD-1', `${p.name} lacks Hidden Deployment.`);
  if (cmd.as === 'marker' && !has(p, 'to-camouflage')) refuse('no-skill', 'TOC-1', `${p.name} lacks TO Camouflage.`);
  // DEP-8: placed again freely until a roll or the end of the step fixes it.
  if (t.fixed) refuse('position-fixed', 'DEP-8', `${p.name}'s position is fixed: it made a roll or its step has ended.`);

  const prone = cmd.prone ?? false; // DEP-5: a trooper may deploy Prone
  const zWanted = cmd.at.z ?? 0;
  const { x, y } = cmd.at;
  const r = silhouetteAt(d, id, x, y, zWanted, prone).r;
  // The zone (and whether Infiltration needs a roll) is judged first, so a missing roll is reported first.
  let zoneResult: { roll: boolean } | null = null;
  let zoneError: unknown = null;
  try {
    zoneResult = checkDeploymentZone(d, cmd.player, p, x, y, r);
  } catch (e) {
    zoneError = e;
  }
  const needsRoll = zoneResult?.roll ?? false;
  if (needsRoll && cmd.roll === undefined && d.dice.mode === 'manual') {
    refuse('missing-roll', null, `${p.name} deploys in the enemy's half with Infiltration: give its PH roll.`);
  }
  checkOnTable(d, 'DEP-6', x, y, r);
  if (zoneError) throw zoneError;
  const opts = { roomRule: 'DEP-6', contactRule: 'DEP-4', ignore: id };
  const z = checkRoom(tx, id, x, y, zWanted, prone, opts);
  checkContacts(tx, cmd.player, silhouetteAt(d, id, x, y, z, prone), opts);

  let recorded = cmd;
  if (needsRoll) {
    // HD-4, DEP-3: the Infiltration roll, against PH; DEP-8: a roll fixes the trooper's position.
    const { die, fresh } = tx.d20(cmd.roll);
    if (fresh) recorded = { ...cmd, roll: die };
    const roll = tx.roll(cmd.player, id, die, p.ph);
    t.fixed = true;
    if (!isSuccess(roll.result)) {
      t.status = 'awaiting-fallback';
      t.x = t.y = t.z = t.facing = null;
      t.prone = false;
      delete t.cover;
      d.pendingFallback = { player: cmd.player, trooper: id, reason: 'infiltration' };
      tx.emit({ type: 'awaitingFallback', player: cmd.player, trooper: id });
      return recorded;
    }
  }
  t.status = cmd.as;
  t.x = x;
  t.y = y;
  t.z = z;
  t.facing = normaliseFacing(cmd.facing);
  t.prone = prone;
  if (cmd.as === 'hidden') t.cover = cmd.cover ?? false; // HD-1: the private record
  else delete t.cover;
  if (cmd.as === 'marker' && !t.markerId) {
    d.markerCount[cmd.player] += 1;
    t.markerId = `${cmd.player}-m${d.markerCount[cmd.player]}`;
  }
  tx.emit({ type: 'placed', player: cmd.player, trooper: id, as: cmd.as, x, y, z, facing: t.facing, prone });
  return recorded;
}

/**
 * HD-4 (and CJ-7 in the game): after a failed roll the trooper is placed as a model, totally inside its
 * own Deployment Zone and touching a table edge that bounds it.
 */
export function fallbackPlacement(tx: Tx, cmd: CommandOf<'fallback'>, id: string, edgeRule: string, roomRule: string, contactRule: string): void {
  const d = tx.draft;
  const t = tx.trooper(id);
  const zWanted = cmd.at.z ?? 0;
  const { x, y } = cmd.at;
  const r = silhouetteAt(d, id, x, y, zWanted, false).r;
  checkOnTable(d, roomRule, x, y, r);
  const zone: Rect = deploymentZoneOf(d, cmd.player);
  const out = discRectProtrusion(zone, x, y, r);
  if (out > CONTACT.contain) refuse('not-at-table-edge', edgeRule, `The base sticks out of your Deployment Zone by ${inches(out)}.`);
  const gap = gapToBoundingEdge(d, zone, x, y, r);
  if (gap === null || gap > CONTACT.touch) {
    refuse('not-at-table-edge', edgeRule, gap === null ? 'Your Deployment Zone touches no table edge.' : `The base is ${inches(gap)} away from the table edge.`);
  }
  const opts = { roomRule, contactRule, ignore: id };
  const z = checkRoom(tx, id, x, y, zWanted, false, opts);
  checkContacts(tx, cmd.player, silhouetteAt(d, id, x, y, z, false), opts);
  t.status = 'model';
  t.x = x;
  t.y = y;
  t.z = z;
  t.facing = normaliseFacing(cmd.facing);
  t.prone = false;
  t.fixed = true;
  delete t.cover;
  d.pendingFallback = null;
  tx.emit({ type: 'placed', player: cmd.player, trooper: id, as: 'model', x, y, z, facing: t.facing, prone: false });
}

/**
 * DEP-1: main steps, then last steps, in the order of the deployment choice; DEP-2: the number kept
 * back is announced; airborne troopers stay off the table unannounced (CJ-1); DEP-8: the step's end fixes
 * every trooper placed so far.
 */
export function endStep(tx: Tx, cmd: CommandOf<'endStep'>): CommandOf<'endStep'> {
  const d = tx.draft;
  checkTurn(tx, cmd.player, 'ending a step');
  checkNoFallbackOwed(tx, cmd.player);
  const player = cmd.player;
  const mine = Object.entries(d.troopers).filter(([, t]) => t.player === player);
  const first = d.initiative.firstDeployer!;
  const second = otherPlayer(first);

  if (d.step === 'main') {
    const undeployed = mine.filter(([, t]) => t.status === 'undeployed').map(([id]) => id);
    let kept: string;
    if (cmd.keep !== undefined) {
      const id = requireTrooper(d, cmd.keep);
      const t = tx.trooper(id);
      if (t.player !== player) refuse('not-your-trooper', null, `${trooperName(d, id)} belongs to Player ${t.player}.`);
      if (t.status !== 'undeployed') refuse('wrong-status', null, `${trooperName(d, id)} is already placed: only an undeployed trooper can be kept back.`);
      kept = id;
    } else {
      const walkers = undeployed.filter((id) => !tx.profile(id).skills.includes('combat-jump'));
      if (walkers.length !== 1) {
        refuse(
          'reserve-count',
          'DEP-1',
          walkers.length === 0
            ? 'Keep exactly one trooper back: name it with keep.'
            : `Keep exactly one trooper back: ${walkers.length} troopers without Combat Jump are still to be placed.`,
        );
      }
      kept = walkers[0]!;
    }
    const left = undeployed.filter((id) => id !== kept);
    const grounded = left.find((id) => !tx.profile(id).skills.includes('combat-jump'));
    if (grounded) refuse('reserve-count', 'DEP-1', `${trooperName(d, grounded)} must be placed before the step ends: only one trooper may be kept back.`);
    tx.trooper(kept).status = 'reserve';
    for (const id of left) tx.trooper(id).status = 'off-table'; // CJ-1: airborne, waiting
    for (const [, t] of mine) if (t.status === 'model' || t.status === 'marker' || t.status === 'hidden') t.fixed = true;
    d.reserveOf[player] = kept;
    d.keptBack[player] = 1;
    tx.emit({ type: 'keptBack', player, count: 1 });
    if (player === first) {
      d.active = second;
      tx.emit({ type: 'step', step: 'main', active: second });
    } else {
      d.step = 'last';
      d.active = first;
      tx.emit({ type: 'step', step: 'last', active: first });
    }
    return cmd;
  }

  const reserve = d.reserveOf[player];
  if (reserve !== undefined && tx.trooper(reserve).status === 'reserve') {
    refuse('reserve-count', 'DEP-1', `Place ${trooperName(d, reserve)}, the trooper you kept back, before ending your step.`);
  }
  if (reserve !== undefined) tx.trooper(reserve).fixed = true;
  if (player === first) {
    d.active = second;
    tx.emit({ type: 'step', step: 'last', active: second });
  } else {
    d.phase = 'game';
    d.step = null;
    d.round = 1;
    d.active = d.initiative.firstTurn!;
    tx.emit({ type: 'turn', round: 1, active: d.active });
  }
  return cmd;
}

/** INI-4: turns follow the order chosen by the Initiative keeper; a round ends with the second turn. */
export function endTurn(tx: Tx, cmd: CommandOf<'endTurn'>): CommandOf<'endTurn'> {
  const d = tx.draft;
  if (d.phase !== 'game') refuse('out-of-turn', 'INI-4', 'The game has not started: there is no turn to end.');
  if (d.active !== cmd.player) refuse('out-of-turn', 'INI-4', `It is Player ${d.active}'s turn, not Player ${cmd.player}'s.`);
  checkNoFallbackOwed(tx, cmd.player);
  const next = otherPlayer(cmd.player);
  if (cmd.player !== d.initiative.firstTurn) d.round += 1;
  d.discoverLocks = {}; // TOC-6: a failed Discover may be tried again in the next turn
  d.active = next;
  tx.emit({ type: 'turn', round: d.round, active: next });
  return cmd;
}
