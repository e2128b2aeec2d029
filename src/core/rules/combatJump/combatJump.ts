/** `combatJump`: CJ-1, CJ-2, CJ-6, CJ-10, CJ-11, the Combat Jump Entire Order. */
import { giveMarkerId } from '../camouflage/markers';
import { Checks } from '../checks';
import { defineCommand } from '../command';
import { COMMAND_SCHEMAS } from '../../model/commands';
import { profileOf, refuse } from '../context';
import type { GameState, PlayerId } from '../../model/types';
import { checkNoFallbackOwed } from '../deployment/common';
import { isSuccess, successValue } from '../dice';
import { canAct, isOnTable, normaliseFacing, trooperName } from '../placement';
import { checkOwner, nameFor, requireTrooper } from '../refs';
import { hasSkill } from '../skills';
import { aroList, explode } from './explosion';
import { checkLanding } from './landing';
import { jumpOrder } from './order';

/** CJ-11: a Controlled Jump program changes the PH roll: -3 from an enemy hacker, +3 from an allied one. */
export function controlledJumpMod(state: GameState, player: PlayerId, hacker: string | null): number {
  return hacker === null ? 0 : state.troopers[hacker]!.player === player ? 3 : -3;
}

/** CJ-6, CJ-11: the PH roll's Success Value of a Combat Jump, its Controlled Jump included. */
export function combatJumpValue(state: GameState, jumper: string, hacker: string | null): number {
  const t = state.troopers[jumper]!;
  return successValue(profileOf(state, jumper).ph, [controlledJumpMod(state, t.player, hacker)]);
}

export const combatJump = defineCommand({
  do: 'combatJump',
  schema: COMMAND_SCHEMAS.combatJump,
  check(tx, cmd) {
    const d = tx.draft;
    const id = requireTrooper(d, cmd.trooper, cmd.player);
    const hacker = cmd.controlledJump === undefined ? null : requireTrooper(d, cmd.controlledJump, cmd.player);
    const t = tx.trooper(id);
    const p = tx.profile(id);
    const v = new Checks();
    // CJ-1: only in the player's own Active Turn.
    v.check(() => {
      if (d.phase !== 'game') refuse('out-of-turn', 'CJ-1', 'A Combat Jump is an Order of the game: it cannot come before the game starts.');
    });
    v.check(() => {
      if (d.phase === 'game' && d.active !== cmd.player) refuse('not-active-player', 'CJ-1', `A Combat Jump comes only in its player's Active Turn; it is Player ${d.active}'s turn.`);
    });
    v.check(() => checkOwner(d, cmd.player, id));
    // CJ-1, CJ-10: only an airborne trooper waiting off the table jumps, and only once.
    v.check(() => {
      if (t.status !== 'off-table') refuse('wrong-status', null, `${p.name} is not waiting off the table: it cannot jump.`);
    });
    v.check(() => {
      if (hacker !== null && !isOnTable(tx.trooper(hacker))) refuse('wrong-status', null, 'The Controlled Jump hacker must stand on the table as a model or marker.');
      // DMG-3: an Unconscious hacker can neither act nor react.
      if (hacker !== null && !canAct(tx.trooper(hacker))) refuse('wrong-status', 'DMG-3', `${nameFor(d, hacker, cmd.player)} is Unconscious: it can neither act nor react.`);
    });
    v.check(() => checkNoFallbackOwed(tx, cmd.player));
    v.check(() => {
      if (!hasSkill(p, 'combat-jump')) refuse('no-skill', 'CJ-1', `${p.name} lacks Combat Jump.`);
      if (cmd.explosion && !hasSkill(p, 'combat-jump-explosion')) refuse('no-skill', 'CJ-10', `${p.name} lacks Combat Jump (Explosion).`);
      if ((cmd.as ?? 'model') === 'marker' && !hasSkill(p, 'to-camouflage')) refuse('no-skill', 'TOC-1', `${p.name} lacks TO Camouflage: it lands as a model.`);
    });
    v.check(() => {
      if (hacker !== null && !hasSkill(tx.profile(hacker), 'controlled-jump')) refuse('no-skill', 'CJ-11', `${nameFor(d, hacker, cmd.player)} lacks Controlled Jump.`);
    });
    v.check(() => {
      if (cmd.roll === undefined && d.dice.mode === 'manual') refuse('missing-roll', null, `Give the PH roll of ${trooperName(d, id)}'s Combat Jump.`);
    });
    v.end();
    const z = checkLanding(tx, cmd.player, id, cmd.at.x, cmd.at.y, cmd.at.z ?? 0, cmd.prone ?? false);
    const mod = controlledJumpMod(d, cmd.player, hacker);
    return { id, z, mod, hacker };
  },
  effect(tx, cmd, { id, z, mod, hacker }) {
    const d = tx.draft;
    const t = tx.trooper(id);
    // CJ-6: the trooper is placed, then the PH roll (Controlled Jump included).
    let recorded = cmd;
    const { die, fresh } = tx.d20(cmd.roll);
    if (fresh) recorded = { ...recorded, roll: die };
    const roll = tx.roll(cmd.player, id, die, successValue(tx.profile(id).ph, [mod]));
    d.orderJumper = id;
    if (!isSuccess(roll.result)) {
      // CJ-7: a failure lands it in its own zone, at the table edge, as a model: the fallback comes next.
      t.status = 'awaiting-fallback';
      d.pendingFallback = { player: cmd.player, trooper: id, reason: 'combat-jump', ...(cmd.explosion ? { explosion: true } : {}), ...(hacker !== null ? { hacker } : {}) };
      tx.emit({ type: 'awaitingFallback', player: cmd.player, trooper: id });
      return recorded;
    }
    const as = cmd.as ?? 'model';
    t.status = as;
    t.x = cmd.at.x;
    t.y = cmd.at.y;
    t.z = z;
    t.facing = normaliseFacing(cmd.facing);
    t.prone = false;
    t.fixed = true;
    if (as === 'marker') giveMarkerId(tx, id);
    tx.emit({ type: 'placed', player: cmd.player, trooper: id, as, x: t.x, y: t.y, z, facing: t.facing, prone: false });
    if (cmd.explosion) recorded = explode(tx, id, recorded);
    aroList(tx, id);
    jumpOrder(tx, id, hacker);
    return recorded;
  },
});
