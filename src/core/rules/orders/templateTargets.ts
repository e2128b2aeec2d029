/**
 * TOC-14: of the troopers a template reaches and that do not avoid it, camouflage markers are affected
 * only when a trooper that is not camouflaged is affected too.
 */
import type { Tx } from '../context';

export function tmplTargets(tx: Pick<Tx, 'draft'>, reached: readonly string[], stays: (id: string) => boolean): string[] {
  const kept = reached.filter(stays);
  const open = kept.filter((id) => tx.draft.troopers[id]!.status !== 'marker');
  return (open.length > 0 ? kept : []).sort();
}
