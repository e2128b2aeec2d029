/** Discover (TOC-5): one button per enemy marker the player can see. */
import { defineUiSkill } from './skill';

export const discover = defineUiSkill({
  skill: 'discover',
  buttons: (c) =>
    Object.entries(c.view.markers)
      .filter(([, m]) => m.player !== c.player)
      .map(([id]) => ({ key: `d${id}`, label: `Discover ${id}`, testId: `skill-discover-${id}`, judge: { skill: 'discover' as const, target: id }, act: { kind: 'declare' as const, skill: { skill: 'discover' as const, target: id } } })),
});
