/** Cautious Movement (MOV-4): an Entire Order, so only as a first skill; its path drawn on the table. */
import { defineUiSkill } from './skill';

export const cautiousMove = defineUiSkill({
  skill: 'cautious-move',
  buttons: (c) =>
    c.second ? [] : [{ key: 'cautious-move', label: 'Cautious Move', testId: 'skill-cautious-move', judge: { skill: 'cautious-move', path: [] }, act: { kind: 'path', skill: 'cautious-move' } }],
});
