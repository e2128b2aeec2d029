/**
 * `endStep`. DEP-1: main steps, then last steps, in the order of the deployment choice; DEP-2: the
 * number kept back is announced; airborne troopers stay off the table unannounced (CJ-1); DEP-8: the
 * step's end fixes every trooper placed so far.
 */
import { otherPlayer } from '../../model/types';
import { Checks } from '../checks';
import { defineCommand } from '../command';
import { COMMAND_SCHEMAS } from '../../model/commands';
import { refuse } from '../context';
import { trooperName } from '../placement';
import { checkOwner, requireTrooper } from '../refs';
import { hasSkill } from '../skills';
import { startTurn } from '../orders/count';
import { checkNoFallbackOwed, checkStep } from './common';

export const endStep = defineCommand({
  do: 'endStep',
  schema: COMMAND_SCHEMAS.endStep,
  check(tx, cmd) {
    const d = tx.draft;
    const player = cmd.player;
    const keep = cmd.keep === undefined ? null : requireTrooper(d, cmd.keep, player);
    const v = new Checks();
    v.check(() => checkStep(tx, player, 'ending a step'));
    // `keep` means something only at the end of a main step.
    if (keep !== null && d.step === 'main') {
      v.check(() => checkOwner(d, player, keep));
      v.check(() => {
        if (tx.trooper(keep).status !== 'undeployed') refuse('wrong-status', null, `${trooperName(d, keep)} is already placed: only an undeployed trooper can be kept back.`);
      });
    }
    v.check(() => checkNoFallbackOwed(tx, player));
    v.end();

    const mine = Object.entries(d.troopers).filter(([, t]) => t.player === player);
    if (d.step === 'last') {
      const reserve = d.reserveOf[player];
      if (reserve !== undefined && tx.trooper(reserve).status === 'reserve') {
        refuse('reserve-count', 'DEP-1', `Place ${trooperName(d, reserve)}, the trooper you kept back, before ending your step.`);
      }
      return { kept: null, airborne: [] as string[] };
    }
    const undeployed = mine.filter(([, t]) => t.status === 'undeployed').map(([id]) => id);
    const jumps = (id: string) => hasSkill(tx.profile(id), 'combat-jump');
    let kept = keep;
    if (kept === null) {
      const walkers = undeployed.filter((id) => !jumps(id));
      if (walkers.length !== 1) {
        refuse(
          'reserve-count',
          'DEP-1',
          walkers.length === 0
            ? 'Keep exactly one trooper back: choose the trooper you keep for your last step.'
            : `Keep exactly one trooper back: ${walkers.length} troopers without Combat Jump are still to be placed.`,
        );
      }
      kept = walkers[0]!;
    }
    const airborne = undeployed.filter((id) => id !== kept);
    const grounded = airborne.find((id) => !jumps(id));
    if (grounded) refuse('reserve-count', 'DEP-1', `${trooperName(d, grounded)} must be placed before the step ends: only one trooper may be kept back.`);
    return { kept, airborne };
  },
  effect(tx, cmd, { kept, airborne }) {
    const d = tx.draft;
    const player = cmd.player;
    const first = d.initiative.firstDeployer!;
    const second = otherPlayer(first);
    if (d.step === 'main') {
      tx.trooper(kept!).status = 'reserve';
      for (const id of airborne) tx.trooper(id).status = 'off-table'; // CJ-1: airborne, waiting
      for (const id of Object.keys(d.troopers)) {
        const t = d.troopers[id]!;
        if (t.player === player && (t.status === 'model' || t.status === 'marker' || t.status === 'hidden')) tx.trooper(id).fixed = true;
      }
      tx.own('reserveOf')[player] = kept!;
      tx.own('keptBack')[player] = 1;
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
    if (reserve !== undefined) tx.trooper(reserve).fixed = true;
    if (player === first) {
      d.active = second;
      tx.emit({ type: 'step', step: 'last', active: second });
    } else {
      d.phase = 'game';
      d.step = null;
      startTurn(tx, 1, d.initiative.firstTurn!);
    }
    return cmd;
  },
});
