/**
 * Saves and Wounds (DMG-1 to DMG-4): every hit's saves, troopers in JavaScript's string order of their
 * ids, a trooper's hits in the draw order of their attackers, each hit's saves together, a critical's
 * extra save right after its hit's; each lost save takes one Wound. Also used by the Combat Jump's
 * explosion (CJ-10).
 */
import { dict } from '../../../dict';
import type { Command, OrderState, PendingHit, TrooperProfile, Weapon } from '../../../model/types';
import { savesPerHit } from '../../attacks/burst';
import type { Tx } from '../../context';
import type { OrderDice } from './dice';
import { enterStage } from '../stages';

/**
 * The saves of every hit, and the Wounds they take. Returns false when, with manual dice, the Order
 * must wait in stage `saves` for them.
 */
export function saveAll(tx: Tx, order: OrderState, hits: PendingHit[], dice: OrderDice, _closing: Command): boolean {
  const d = tx.draft;
  const byTarget = new Map<string, PendingHit[]>();
  for (const h of hits) byTarget.set(h.target, [...(byTarget.get(h.target) ?? []), h]);
  const targets = [...byTarget.keys()].sort();
  const savesOf = (h: PendingHit) => savesPerHit(h.weapon.ammo) + (h.critical ? 1 : 0);
  if (d.dice.mode === 'manual') {
    const needs = dict<number>();
    for (const id of targets) needs[id] = byTarget.get(id)!.reduce((n, h) => n + savesOf(h), 0);
    if (order.stage !== 'saves' && targets.length > 0) {
      enterStage(order, 'saves');
      order.needs = needs;
      order.given = dict();
      return false;
    }
  }
  for (const id of targets) {
    const t = tx.trooper(id);
    const p = tx.profile(id);
    let lost = 0;
    // DMG-4, TOC-11: a marker hit without having been Discovered is revealed when it must save.
    if (t.status === 'marker') {
      t.status = 'model';
      tx.emit({ type: 'revealed', player: t.player, trooper: id, as: 'model', x: t.x!, y: t.y!, z: t.z!, facing: t.facing ?? 0 });
    }
    for (const h of byTarget.get(id)!) {
      const ad = attackDamage(p, h.weapon, h.cover);
      for (const die of dice.take(id, savesOf(h))) {
        // DMG-2: a save is lost when the d20 is at most the Attack Damage.
        const wound = die <= ad;
        tx.emit({ type: 'save', player: t.player, trooper: id, roll: die, target: ad, result: wound ? 'wound' : 'saved', by: h.by });
        if (wound) lost++;
      }
    }
    if (lost > 0) takeWounds(tx, id, lost);
  }
  return true;
}

/**
 * DMG-1: what a save rolls against: the weapon's Damage minus the target's ARM (or BTS), minus 3 more in
 * Partial Cover (which a template never gives, TPL-3). The table's odds use the same figure.
 */
export function attackDamage(target: Pick<TrooperProfile, 'arm' | 'bts'>, weapon: Pick<Weapon, 'damage' | 'save'>, cover: boolean): number {
  return weapon.damage - (weapon.save === 'bts' ? target.bts : target.arm) - (cover ? 3 : 0);
}

/** DMG-3: each lost save takes one Wound; at 0 Unconscious (Prone, acting and reacting no more), below 0 Dead. */
export function takeWounds(tx: Tx, id: string, lost: number): void {
  const t = tx.trooper(id);
  t.wounds -= lost;
  if (t.wounds < 0) {
    t.status = 'removed';
    t.x = t.y = t.z = t.facing = null;
    t.prone = false;
  } else if (t.wounds === 0) {
    t.status = 'unconscious';
    t.prone = true;
  }
  tx.emit({ type: 'wounds', player: t.player, trooper: id, wounds: t.wounds, status: t.status });
}
