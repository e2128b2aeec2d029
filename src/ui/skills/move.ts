/** Move (MOV-1): draw the path on the table with the Order tool. */
import { defineUiSkill } from './skill';

export const move = defineUiSkill({
  skill: 'move',
  buttons: () => [{ key: 'move', label: 'Move', testId: 'skill-move', judge: { skill: 'move', path: [] }, act: { kind: 'path', skill: 'move' } }],
});
