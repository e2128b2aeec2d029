/**
 * Jump (MOV-11) and Climb (MOV-13): picked on the table with the Order tool, the pointer on the
 * surface where it would land, the end facing by the arrow there or Q/E; a click declares it. The
 * buttons are judged by the engine; a refusal that only waits for the landing does not close them.
 */
import type { Rejection } from '../../core/model/types';
import { defineUiSkill, lacksSkill } from './skill';

/** Refusals that depend on the landing not yet picked. */
const waitsForLanding = (r: Rejection) => ['too-far', 'no-landing', 'blocked-path', 'off-board'].includes(r.code);

export const jump = defineUiSkill({
  skill: 'jump',
  buttons: (c) => {
    const t = c.view.troopers[c.trooper];
    const to = { x: t?.x ?? 0, y: t?.y ?? 0, z: t?.z ?? 0 };
    return [{ key: 'jump', label: 'Jump', testId: 'skill-jump', judge: { skill: 'jump', to }, act: { kind: 'path', skill: 'jump' }, waits: waitsForLanding, hides: lacksSkill }];
  },
});

export const climb = defineUiSkill({
  skill: 'climb',
  buttons: (c) => {
    const t = c.view.troopers[c.trooper];
    const to = { x: t?.x ?? 0, y: t?.y ?? 0, z: t?.z ?? 0 };
    return [{ key: 'climb', label: 'Climb', testId: 'skill-climb', judge: { skill: 'climb', to }, act: { kind: 'path', skill: 'climb' }, waits: waitsForLanding, hides: lacksSkill }];
  },
});
