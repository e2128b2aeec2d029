/**
 * INI-1: a Face to Face roll of the two Lieutenants' WIP, criticals included; the higher success wins.
 * INI-2: a tie, or both failing, is rolled again until someone wins.
 * INI-6: the WIP used is Open Information (each `roll` event carries it as `target`).
 */
import type { InitiativeAttempt, PlayerId } from '../../model/types';
import { Checks } from '../checks';
import { defineCommand } from '../command';
import { COMMAND_SCHEMAS } from '../../model/commands';
import { refuse, type Tx } from '../context';
import { faceToFace, judgeRoll } from '../dice';
import { lieutenantOf } from './lieutenant';

export function attemptsOf(rolls: InitiativeAttempt | InitiativeAttempt[] | undefined): InitiativeAttempt[] {
  return rolls === undefined ? [] : Array.isArray(rolls) ? rolls : [rolls];
}

/** INI-1: who wins one attempt of the initiative roll, given the two Lieutenants' WIP. */
export function attemptWinner(a: number, b: number, wipA: number, wipB: number): PlayerId | null {
  const w = faceToFace(judgeRoll(a, wipA), judgeRoll(b, wipB));
  return w === 'a' ? 'A' : w === 'b' ? 'B' : null;
}

export const initiative = defineCommand({
  do: 'initiative',
  schema: COMMAND_SCHEMAS.initiative,
  check(tx: Tx, cmd) {
    const d = tx.draft;
    const v = new Checks();
    // INI-1: the roll is made once, before the game, while nobody has won it.
    v.check(() => {
      if (d.phase !== 'initiative' || d.initiative.winner !== null) refuse('out-of-turn', 'INI-1', 'The initiative roll has already been won.');
    });
    const carried = attemptsOf(cmd.rolls);
    v.check(() => {
      if (d.dice.mode === 'manual' && carried.length === 0) refuse('missing-roll', null, 'This game uses manual dice: give both initiative rolls.');
    });
    v.end();
    return carried;
  },
  effect(tx, cmd, carried) {
    const d = tx.draft;
    const ltA = lieutenantOf(d, 'A');
    const ltB = lieutenantOf(d, 'B');
    const wipA = tx.profile(ltA).wip;
    const wipB = tx.profile(ltB).wip;
    const made: InitiativeAttempt[] = [];
    let winner: PlayerId | null = null;
    let wroteRolls = false;
    const roll = (a: number, b: number) => {
      tx.roll('A', ltA, a, wipA);
      tx.roll('B', ltB, b, wipB);
      made.push({ A: a, B: b });
      return attemptWinner(a, b, wipA, wipB);
    };
    for (let i = 0; i < carried.length; i++) {
      // A game file cannot list attempts after the winning one (exit 1); a command built in code is refused.
      if (winner !== null) refuse('bad-command', 'INI-2', `Attempt ${i + 1} of the initiative rolls comes after attempt ${i} was already won.`);
      winner = roll(carried[i]!.A, carried[i]!.B);
    }
    // INI-2: roll again until someone wins; with manual dice the next attempt comes in another command.
    if (d.dice.mode !== 'manual') {
      let guard = 0;
      while (winner === null) {
        const a = tx.d20(undefined);
        const b = tx.d20(undefined);
        wroteRolls ||= a.fresh || b.fresh;
        winner = roll(a.die, b.die);
        // A fair d20 ends this loop with probability 1; the guard only protects against a broken source.
        if (++guard > 10000) throw new Error('the dice never produced an initiative winner');
      }
    }
    tx.emit({ type: 'initiative', winner });
    if (winner !== null) {
      tx.own('initiative').winner = winner;
      d.active = winner;
    }
    return wroteRolls ? { ...cmd, rolls: made } : cmd;
  },
});
