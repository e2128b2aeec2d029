/**
 * Move (MOV-1 to MOV-3, MOV-5, MOV-17 to MOV-19): a Short Movement Skill along a path of up to its MOV value (the first
 * value, or the second for the Order's second Move), on the surface it stands on, touching no enemy and
 * no TO Camouflage marker on the way; it ends facing as its player chooses, and keeps a marker a marker.
 */
import type { DeclaredSkill, OrderState } from '../../../model/types';
import type { Tx } from '../../context';
import { checkLength, checkPath, type Place } from '../../movement/path';
import { normaliseFacing } from '../../placement';
import { defineSkill, type SkillOf } from '../skill';

/** The checks of a path from where the skills before it left the trooper: its length, then every point of it. */
export function declareMove(tx: Tx, order: OrderState, skill: SkillOf<'move'> | SkillOf<'cautious-move'>, here: Place & { facing: number }): DeclaredSkill {
  const id = order.trooper;
  // MOV-12: a Move after a short Jump takes the second value.
  const second = order.skills.some((s) => s.skill === 'move' || s.skill === 'jump');
  const t = tx.trooper(id);
  // MOV-17: `prone` sets the state at the start of the movement (a Move of no length does it in place);
  // from there on the Order's checks, windows and rolls see the Prone silhouette.
  const prone = skill.prone ?? t.prone;
  checkLength(tx, id, here, skill.path, second, prone);
  const climbed = { height: 0 };
  // CC-1: a Move may end in contact with enemy models (Cautious Movement never reaches one, MOV-4).
  const engage = skill.skill === 'move' ? { contact: [] as string[] } : undefined;
  const points = checkPath(tx, id, here, skill.path, prone, climbed, engage);
  // MOV-9: a ladder counts its height too (checked once the path is placed: its ends give the height).
  if (climbed.height > 0) checkLength(tx, id, here, skill.path, second, prone, climbed.height);
  t.prone = prone;
  // MOV-5, MOV-19: a Move ends facing as its player chooses; the declared facing holds along the whole
  // path. A Move of no length is how a trooper turns in place (N4 has no Change Facing).
  const facing = skill.facing === undefined ? here.facing : normaliseFacing(skill.facing);
  const contact = engage && engage.contact.length > 0 ? { contact: engage.contact.sort() } : {};
  return { ...skill, points, facing, ...(prone ? { prone: true } : {}), ...contact };
}

export const move = defineSkill({
  name: 'move',
  words: { name: 'Move' },
  kind: 'short-movement',
  keepsMarker: true,
  moves: true,
  declare: declareMove,
});
