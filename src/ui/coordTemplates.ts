/**
 * COORD-13: a Coordinated Order on the table: the first skills the picker offers, the group's dry run
 * before any path is drawn, and the template each participant aims. The engine judges every one of them.
 */
import type { GameState, PlayerId, SkillFields } from '../core/model/types';
import { knownProfiles } from '../core/api';

/**
 * COORD-3, COORD-4 on the table: the direct template each participant aims when the Spearhead aims
 * `weapon`: the same weapon where its profile has it, else its first direct template weapon (any other
 * one names a target, which a template does not: the engine would refuse the mix, COORD-4).
 */
export function coordTemplates(state: GameState, player: PlayerId, members: readonly string[], weapon: string): Record<string, string> {
  const known = knownProfiles(state, player);
  return Object.fromEntries(
    members.map((id) => {
      const list = (known[id]?.weapons ?? []).filter((w) => w.kind === 'direct');
      return [id, list.find((w) => w.id === weapon)?.id ?? list[0]?.id ?? weapon];
    }),
  );
}

/** COORD-4: the first skills a Coordinated Order may share, as the picker offers them (the engine judges each). */
export type SharedSkill = 'move' | 'cautious-move' | 'jump' | 'climb' | 'attack' | 'discover' | 'dodge' | 'idle';
export const SHARED: [SharedSkill, string][] = [
  ['move', 'Move'],
  ['cautious-move', 'Cautious Move (Entire Order)'],
  ['jump', 'Jump'],
  ['climb', 'Climb (Entire Order)'],
  ['attack', 'BS Attack or CC Attack'],
  ['discover', 'Discover (one marker for all)'],
  ['dodge', 'Dodge'],
  ['idle', 'Idle'],
];

/**
 * The shared skill with each participant standing still (a Move of no length, a Jump or Climb to its
 * own spot): the engine's dry run of the group (COORD-1, COORD-2) before any path is drawn. An attack
 * is judged on its form, a Discover on its marker's button; the group alone is judged here as Idle.
 */
export function standingStill(state: GameState, skill: SharedSkill, id: string): SkillFields {
  const t = state.troopers[id];
  const at = { x: t?.x ?? 0, y: t?.y ?? 0, z: t?.z ?? 0 };
  if (skill === 'move' || skill === 'cautious-move') return { skill, path: [] };
  if (skill === 'jump' || skill === 'climb') return { skill, to: at };
  return { skill: skill === 'dodge' ? 'dodge' : 'idle' };
}
