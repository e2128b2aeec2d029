/**
 * CJ-10: the Combat Jump (Explosion), and CJ-8: the enemies that may react to a jumper where it ended.
 */
import { CONTACT } from '../../data/facts';
import { cylinderGap, type Cylinder } from '../../geometry/shapes';
import type { CommandOf, PlayerId } from '../../model/types';
import { dict } from '../../dict';
import { refuse, type Tx } from '../context';
import { judgeRoll } from '../dice';
import { canAct, isOnTable, silhouetteOf } from '../placement';
import { SightLines } from '../queries/lineOfFire';
import { hasLineOfFire } from '../../geometry/lof';
import { takeWounds } from '../orders/resolution/damage';
import { tmplTargets } from '../orders/templateTargets';

/** Damage of the Combat Jump (Explosion) template attack (CJ-10). */
const EXPLOSION_DAMAGE = 12;

/**
 * CJ-10: the Circular Template centred on the jumper's base (FACTS: a vertical cylinder of the template's
 * radius, from half its height below the base to half above), Damage 12 against ARM, sparing the jumper
 * and everything off the table. TOC-14: it hits a camouflage marker only when it also hits a trooper that
 * is not camouflaged; TOC-11: such a marker becomes its model, keeping the marker's facing.
 * Returns the command as recorded: saves drawn from the random source are written into it, so the saved
 * game replays them; a seeded game's saves are not, so its replay draws them from the stream again.
 */
export function explode<C extends CommandOf<'combatJump'> | CommandOf<'fallback'>>(tx: Tx, jumper: string, cmd: C): C {
  const d = tx.draft;
  const carried = cmd.saves;
  const j = silhouetteOf(d, jumper)!;
  const half = tx.facts.explosionHalfHeight;
  const template: Cylinder = { x: j.x, y: j.y, z: j.z - half, r: tx.facts.circularTemplateDiameter / 2, h: 2 * half };
  // TPL-3 (GAME-TURN.md, Changed): the explosion is a Circular Template: it affects only what its Blast
  // Focus, the centre of the jumper's base, has Line of Fire to; TPL-4, TOC-14 for camouflage markers.
  const focus: Cylinder = { x: j.x, y: j.y, z: j.z, r: 0, h: 0 };
  const touched = Object.entries(d.troopers)
    .filter(([id, t]) => id !== jumper && isOnTable(t) && cylinderGap(template, silhouetteOf(d, id)!) <= CONTACT.touch)
    .filter(([id]) => hasLineOfFire({ shooter: focus, facing: null, target: silhouetteOf(d, id)!, blockers: [], patch: tx.facts.lofPatch }, tx.ctx.scenery))
    .map(([id]) => id);
  const hits = tmplTargets(tx, touched, () => true);
  tx.emit({ type: 'template', shape: 'circular', x: j.x, y: j.y, z: j.z, hits });
  const fresh = dict<number>();
  /** markers the hit turns into models, with where they stood (a failed save may remove them) */
  const revealed: { id: string; player: PlayerId; x: number; y: number; z: number; facing: number }[] = [];
  for (const id of hits) {
    const t = tx.trooper(id);
    const named = t.markerId && carried && Object.hasOwn(carried, t.markerId) ? t.markerId : id;
    const given = carried && Object.hasOwn(carried, named) ? carried[named] : undefined;
    if (given === undefined && d.dice.mode === 'manual') refuse('missing-roll', null, `Give the saving roll of ${t.status === 'marker' ? t.markerId : id}.`);
    const { die, fresh: drawn } = tx.d20(given);
    if (drawn) fresh[id] = die;
    if (t.status === 'marker') {
      // TOC-11: a hit that forces a saving roll ends the TO Camouflaged state.
      t.status = 'model';
      revealed.push({ id, player: t.player, x: t.x!, y: t.y!, z: t.z!, facing: t.facing ?? 0 });
    }
    const target = EXPLOSION_DAMAGE - tx.profile(id).arm;
    const wound = judgeRoll(die, target).result !== 'failure';
    tx.emit({ type: 'save', player: t.player, trooper: id, roll: die, target, result: wound ? 'wound' : 'saved', by: jumper });
    // DMG-3 (GAME-TURN.md, Changed): a lost save takes a Wound; at 0 Unconscious, below 0 Dead.
    if (wound) takeWounds(tx, id, 1);
  }
  for (const r of revealed) {
    tx.emit({ type: 'revealed', player: r.player, trooper: r.id, as: 'model', x: r.x, y: r.y, z: r.z, facing: r.facing });
  }
  return Object.keys(fresh).length > 0 ? { ...cmd, saves: Object.assign(dict<number>(), carried, fresh) } : cmd;
}

/** CJ-8: the enemy troopers that may react: those with Line of Fire to the jumper where it ended up. */
export function aroList(tx: Tx, jumper: string): void {
  const d = tx.draft;
  const owner = tx.trooper(jumper).player;
  const lines = new SightLines(d, tx.ctx);
  const by = Object.entries(d.troopers)
    .filter(([id, t]) => t.player !== owner && canAct(t) && lines.has(id, jumper))
    .map(([id]) => id)
    .sort();
  tx.emit({ type: 'aro', player: owner, trooper: jumper, by });
}
