/**
 * TOC-14: of the troopers a template reaches and that do not avoid it, camouflage markers are affected
 * only when a trooper that is not camouflaged is affected too.
 */
import type { Tx } from '../context';
import { closeCombatOf } from '../closeCombat/engaged';

/** `by`: the trooper whose template it is (CC-11: a close combat it reaches is affected whole, never its attacker). */
export function tmplTargets(tx: Pick<Tx, 'draft'>, reached: readonly string[], stays: (id: string) => boolean, by?: string): string[] {
  const all = new Set(reached);
  // CC-11: a template that affects an Engaged trooper affects every trooper of its close combat.
  for (const id of reached) if (tx.draft.troopers[id]!.engaged) for (const o of closeCombatOf(tx.draft, id)) if (o !== by) all.add(o);
  const kept = [...all].filter(stays);
  const open = kept.filter((id) => tx.draft.troopers[id]!.status !== 'marker');
  return (open.length > 0 ? kept : []).sort();
}
