/** `endTurn`. INI-4: turns follow the order chosen by the Initiative keeper; a round ends with the second turn. */
import { dict } from '../../dict';
import { otherPlayer } from '../../model/types';
import { Checks } from '../checks';
import { defineCommand } from '../command';
import { COMMAND_SCHEMAS } from '../../model/commands';
import { refuse } from '../context';
import { checkNoFallbackOwed } from '../deployment/common';
import { startTurn } from '../orders/count';
import { finishGame, scoreMoment, sideWipedOut } from '../missions/score';
import { scoreClassified } from '../missions/classified';

export const endTurn = defineCommand({
  do: 'endTurn',
  schema: COMMAND_SCHEMAS.endTurn,
  check(tx, cmd) {
    const d = tx.draft;
    const v = new Checks();
    v.check(() => {
      if (d.phase === 'end') refuse('out-of-turn', 'ORD-7', 'The game is over.');
      if (d.phase !== 'game') refuse('out-of-turn', 'INI-4', 'The game has not started: there is no turn to end.');
      if (d.active !== cmd.player) refuse('out-of-turn', 'INI-4', `It is Player ${d.active}'s turn, not Player ${cmd.player}'s.`);
    });
    v.check(() => checkNoFallbackOwed(tx, cmd.player));
    v.check(() => {
      // MIS-17: a turn in Loss of Lieutenant ends with a new Lieutenant named.
      if (d.score?.lieutenantOwed === cmd.player) refuse('lieutenant-owed', 'MIS-17', 'Name a new Lieutenant (in secret) before ending this turn.');
    });
    v.end();
  },
  effect(tx, cmd) {
    const d = tx.draft;
    const next = otherPlayer(cmd.player);
    d.discoverLocks = dict(); // TOC-6: a failed Discover may be tried again in the next turn
    const roundEnds = cmd.player !== d.initiative.firstTurn;
    // MIS-6: a mission scores at the end of each Game Round (nothing without a mission, MIS-1).
    if (roundEnds) scoreMoment(tx, 'round-end');
    // MIS-19: a round in which an army began a turn in Retreat! is the last; so is any turn after which a
    // side has no trooper standing.
    const retreatEnds = roundEnds && d.score?.retreatThisRound === true;
    if ((roundEnds && d.round >= tx.facts.rounds) || retreatEnds || sideWipedOut(d)) {
      // ORD-7: the game ends at the end of its last Game Round.
      d.phase = 'end';
      d.active = null;
      d.pool = null;
      d.order = null;
      scoreMoment(tx, 'game-end'); // MIS-6
      scoreClassified(tx); // MIS-12
      tx.emit({ type: 'gameEnd', round: d.round });
      finishGame(tx); // MIS-10
      return cmd;
    }
    if (roundEnds && d.score) d.score.retreatThisRound = false;
    // ORD-1: Orders not spent by the end of the turn are lost; the next turn counts its own.
    startTurn(tx, roundEnds ? d.round + 1 : d.round, next);
    return cmd;
  },
});
