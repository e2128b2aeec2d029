/**
 * The attack form's targets (ATK-1), sorted by the engine's answer: each enemy the viewer knows of is
 * tried as the attack's one target with one die (a dry run of the declaration, `preview`), so the ones
 * the engine takes come first and the others fold into one short line, each with the engine's reason.
 * The page judges nothing itself: a target the engine refuses alone stays offered (its Burst may still
 * be typed in), only shown smaller.
 */
import type { ApplyResult, StateView } from '../core/api';
import type { Command, PlayerId, Rejection } from '../core/model/types';

export interface TargetRow {
  /** the target's key as the viewer names it: a trooper id, or a marker id */
  key: string;
  name: string;
  /** why the engine refuses one die on it alone; null: taken */
  refusal: Rejection | null;
}

/** The enemies on the table the viewer may name as targets: models (Unconscious too) and markers. */
export function enemyTargets(view: StateView, player: PlayerId, names: Record<string, { name: string } | undefined>): { key: string; name: string }[] {
  return [
    ...Object.entries(view.troopers)
      .filter(([, t]) => t.player !== player && (t.status === 'model' || t.status === 'unconscious'))
      .map(([id]) => ({ key: id, name: names[id]?.name ?? id })),
    ...Object.entries(view.markers)
      .filter(([, m]) => m.player !== player)
      .map(([id]) => ({ key: id, name: `Marker ${id}` })),
  ];
}

/**
 * Each enemy judged as the one target of the attack `command` builds (one die on it): `open` those the
 * engine takes, in the listed order, `folded` the rest. Where the engine takes none (a refusal that is
 * not the target's: no Order left, a weapon it lacks), every enemy is `open`: there is nothing to sort by.
 */
export function sortTargets(enemies: readonly { key: string; name: string }[], command: (target: string) => Command, preview: (c: Command) => ApplyResult): { open: TargetRow[]; folded: TargetRow[] } {
  const rows = enemies.map((e) => {
    const r = preview(command(e.key));
    return { ...e, refusal: r.ok ? null : r.rejection };
  });
  const open = rows.filter((r) => r.refusal === null);
  if (open.length === 0) return { open: rows, folded: [] };
  return { open, folded: rows.filter((r) => r.refusal !== null) };
}
