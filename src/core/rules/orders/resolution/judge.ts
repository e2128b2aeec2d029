/**
 * The judging of an Order's rolls (ATK-2, TPL-1 to TPL-3): each roll emitted and handed to its skill's
 * module, which says what it does (a Discover shows a model, an attack gives hits against the other
 * side's best die, Face to Face); then the direct templates, which need no roll and which a Dodge avoids
 * with any success; then the hits and templates, as events.
 */
import type { TemplatePlacement } from '../../../geometry/templates';
import type { Cylinder } from '../../../geometry/shapes';
import type { OrderState, PendingHit, RollResult } from '../../../model/types';
import { bestResult, dodgedTemplate, judgeDice, type Judged } from '../../attacks/burst';
import { templateReach } from '../../attacks/shot';
import type { Tx } from '../../context';
import { silhouetteOf } from '../../placement';
import { SKILL_MODULES } from '../../skills/registry';
import type { Direct, Judge, Spec } from '../../skills/skill';
import { tmplTargets } from '../templateTargets';
import { attacksAgainst, replyTo } from './plan';
import { participants } from '../participants';

/** One `roll` event: the best die, every die, the skill, and who it was against. */
function emitRoll(tx: Tx, s: Spec, j: Judged): void {
  const me = tx.draft.troopers[s.roller]!;
  const best = bestResult(j);
  tx.emit({ type: 'roll', player: me.player, trooper: s.roller, roll: best.roll, target: s.sv, result: best.result as RollResult, skill: s.skill, dice: [...j.dice], against: s.against });
}

/** Every roll judged, in draw order, and the direct templates: the hits to save against. */
export function judge(tx: Tx, order: OrderState, specs: Spec[], directs: Direct[]): PendingHit[] {
  const d = tx.draft;
  const movers = participants(order);
  const hits: PendingHit[] = [];
  const judged = new Map<Spec, Judged>();
  for (const s of specs) if (s.dice) judged.set(s, judgeDice(s.dice, s.sv));
  const rolled = specs.filter((s) => s.dice);
  const tally = new Map<string, { by: string; target: string; hits: number; criticals: number }>();
  const templates: { shape: TemplatePlacement['kind']; placement: TemplatePlacement; hits: string[] }[] = [];
  const j: Judge = {
    tx,
    order,
    specs,
    judged: (s) => judged.get(s),
    reply: (target, attacker) => replyTo(rolled, target, attacker),
    attacksOn: (roller) => attacksAgainst(rolled, roller),
    hit(by, target, critical, weapon, cover) {
      hits.push({ by, target, critical, weapon, cover });
      const k = `${by}\u0000${target}`;
      const e = tally.get(k) ?? { by, target, hits: 0, criticals: 0 };
      if (critical) e.criticals++;
      else e.hits++;
      tally.set(k, e);
    },
    template(shape, placement, reached) {
      templates.push({ shape, placement, hits: reached });
    },
  };
  for (const s of specs) {
    const mine = judged.get(s);
    if (!mine) continue;
    emitRoll(tx, s, mine);
    SKILL_MODULES[s.skill].result?.(j, s, mine);
  }
  // TPL-1, TPL-3: direct templates need no roll; a Dodge avoids them with any success.
  for (const t of directs) {
    const moverAt = (id: string): Cylinder => silhouetteOf(d, id)!;
    // COORD-9: a participant's own template affects what it did when declared.
    const candidates = movers.includes(t.by) ? (t.skill.affected ?? []) : templateReach(tx, t.placement, t.by, moverAt);
    const reach = tmplTargets(tx, candidates, (id) => {
      const dodge = specs.find((x) => x.roller === id && x.kind === 'dodge' && x.dice);
      return !dodge || !dodgedTemplate(judged.get(dodge)!);
    }, t.by);
    for (const id of reach) j.hit(t.by, id, false, t.weapon, false);
    j.template(t.placement.kind, t.placement, reach);
  }
  for (const e of [...tally.values()]) tx.emit({ type: 'hits', by: e.by, target: e.target, hits: e.hits, criticals: e.criticals });
  for (const t of templates) {
    tx.emit({ type: 'template', shape: t.shape, x: t.placement.x, y: t.placement.y, z: t.placement.z, facing: t.shape === 'circular' ? null : t.placement.rotation, hits: t.hits });
  }
  return hits;
}
