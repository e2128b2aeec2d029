/** `reveal`: HD-10, HD-11, HD-13, HD-17, TOC-1: a hidden trooper appears, as its model or its marker. */
import { Checks } from '../checks';
import { defineCommand } from '../command';
import { COMMAND_SCHEMAS } from '../../model/commands';
import { refuse } from '../context';
import { checkNoFallbackOwed } from '../deployment/common';
import { trooperName } from '../placement';
import { checkOwner, requireTrooper } from '../refs';
import { hasSkill } from '../skills';
import { appearAt, revealSpot } from './spot';
import type { DeclaredAro } from '../../model/types';
import { openOwnOrder } from '../orders/open';
import { openWindow } from '../orders/flow';
import { windowOf } from '../orders/stages';
import { REVEAL_FORMS } from '../skills/reveal/skill';

/**
 * `reveal` as GAME-TURN.md places it in Orders. In the owner's Active Turn it is that trooper's `order`
 * on its own Order with `idle` (HD-3): it appears, and window 1 opens. In the opponent's turn it is taken
 * only while an ARO window is open to its player, and is that trooper's ARO: `delay` for `delay-aro`,
 * the HD-14 stop for `stop-marker-state`, or an ARO that does nothing but appear.
 */
export const reveal = defineCommand({
  do: 'reveal',
  schema: COMMAND_SCHEMAS.reveal,
  check(tx, cmd) {
    const d = tx.draft;
    const id = requireTrooper(d, cmd.trooper, cmd.player);
    const own = d.active === cmd.player;
    const v = new Checks();
    v.check(() => {
      if (d.phase !== 'game') refuse('out-of-turn', 'HD-10', 'A hidden trooper appears only during the game.');
      // HD-10: in the opponent's turn a hidden trooper appears only as an ARO, while a window is open to it.
      if (!own && windowOf(d.order) === null) {
        refuse('out-of-turn', 'HD-10', 'In the opponent\'s turn a hidden trooper appears only as an ARO, while an ARO window is open.');
      }
    });
    // HD-10: what it declares must be what the turn allows: a skill in its own Active Turn, an ARO in the other's.
    v.check(() => {
      if (!(own ? REVEAL_FORMS[cmd.declares].active : REVEAL_FORMS[cmd.declares].aro)) {
        refuse(
          'not-active-player',
          'HD-10',
          own ? `"${cmd.declares}" is an ARO: it cannot be declared in your own Active Turn.` : `"${cmd.declares}" cannot be declared as an ARO in Player ${d.active}'s turn.`,
        );
      }
    });
    v.check(() => checkOwner(d, cmd.player, id));
    v.check(() => {
      if (tx.trooper(id).status !== 'hidden') refuse('wrong-status', null, `${trooperName(d, id)} is not in Hidden Deployment.`);
    });
    v.check(() => checkNoFallbackOwed(tx, cmd.player));
    v.end();
    if (!own) {
      const o = d.order!;
      const window = windowOf(o)!;
      // ARO-1: one ARO per Order, from a trooper eligible in this window.
      if (!(o.eligible[window - 1] ?? []).includes(id) || (o.aros[id] && o.aros[id]!.skill !== 'delay')) {
        refuse('not-eligible', 'ARO-1', `${trooperName(d, id)} may not react in this window.`);
      }
      if (cmd.declares === 'delay-aro') {
        if (window === 2) refuse('skill-not-allowed', 'ARO-3', 'An ARO is delayed in window 1 only.');
        if (d.troopers[o.trooper]!.status !== 'marker') refuse('skill-not-allowed', 'ARO-3', 'An ARO is delayed only against a marker.');
      }
    }
    return { id, spot: revealSpot(tx, id), own };
  },
  effect(tx, cmd, { id, spot, own }) {
    const d = tx.draft;
    // HD-11, TOC-1: a trooper that can be a marker stays one when what it declares does not reveal it.
    const as = hasSkill(tx.profile(id), 'to-camouflage') && REVEAL_FORMS[cmd.declares].keepsMarker ? 'marker' : 'model';
    appearAt(tx, id, spot, as, cmd.facing);
    if (own) {
      // HD-3: the trooper's own Order, spent as its reveal: an Idle, and window 1.
      openOwnOrder(tx, id, { skill: 'idle' }, 'own');
      tx.emit({ type: 'declared', player: cmd.player, trooper: id, skill: 'idle', from: 'own' });
      openWindow(tx, 1);
      return cmd;
    }
    const o = d.order!;
    const window = windowOf(o)!;
    const aro: DeclaredAro = cmd.declares === 'delay-aro' ? { trooper: id, skill: 'delay', window, wasHidden: true } : { trooper: id, skill: 'appear', declares: cmd.declares, window, wasHidden: true };
    o.aros[id] = aro;
    o.aroList.push(aro);
    tx.emit({ type: 'declared', player: cmd.player, trooper: id, skill: aro.skill, window, ...(aro.skill === 'appear' ? { declares: cmd.declares } : {}) } as never);
    return cmd;
  },
});
