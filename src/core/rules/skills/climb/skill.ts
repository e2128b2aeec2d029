/**
 * Climb (MOV-13, MOV-17, MOV-19): an Entire Order with no roll. The base starts touching a vertical face
 * (`not-at-wall`) and goes straight up or down it (sideways along the face by at most 0.05"), ending
 * wholly on the surface at the face's top touching its edge, or at its foot touching it
 * (`no-landing`; ending on the face itself, MOV-14, is not built yet). Its length is measured as a
 * Jump's, within the first MOV value. A Prone trooper stands up to climb; no Partial Cover while it
 * climbs; it ends facing as its player chooses.
 */
import { CONTACT } from '../../../data/facts';
import type { Cylinder } from '../../../geometry/shapes';
import type { SceneryIndex, ScenerySolid } from '../../../ports';
import { refuse } from '../../context';
import { normaliseFacing, silhouetteAt } from '../../placement';
import { Z_TOLERANCE } from '../../movement/path';
import { checkFlight, checkLanding, flightLength, samples3 } from '../../movement/vertical';
import { defineSkill } from '../skill';

/** The face of a solid nearest a point (x, y): its outward unit normal and its distance from the solid's centre. */
function faceOf(s: ScenerySolid, x: number, y: number): { nx: number; ny: number; half: number } {
  const rad = (s.rotation * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  // Into the solid's frame.
  const dx = x - s.x;
  const dy = y - s.y;
  const lx = dx * cos + dy * sin;
  const ly = -dx * sin + dy * cos;
  const ex = Math.abs(lx) - s.w / 2;
  const ey = Math.abs(ly) - s.d / 2;
  const [fx, fy] = ex > ey ? [Math.sign(lx), 0] : [0, Math.sign(ly)];
  return { nx: fx * cos - fy * sin, ny: fx * sin + fy * cos, half: fx !== 0 ? s.w / 2 : s.d / 2 };
}

/**
 * MOV-13: the solid whose vertical face the base touches: beside it (its side within touch), or from
 * its top, standing at the edge (a Climb down).
 */
function faceTouched(scenery: SceneryIndex, c: Cylinder, to: { x: number; y: number }): { s: ScenerySolid; onTop: boolean } | null {
  const side = scenery.nearestSide(c);
  if (side && side.gap <= CONTACT.touch) return { s: side.solid, onTop: false };
  for (const s of scenery.stance.solidsMeeting({ ...c, z: c.z - 0.05, h: 0.1 })) {
    if (Math.abs(s.z1 - c.z) > Z_TOLERANCE) continue;
    // On the top: the face it goes down is the one towards where it ends.
    const { nx, ny, half } = faceOf(s, to.x, to.y);
    if (half - ((c.x - s.x) * nx + (c.y - s.y) * ny) - c.r <= CONTACT.touch) return { s, onTop: true };
  }
  return null;
}

export const climb = defineSkill({
  name: 'climb',
  words: { name: 'Climb' },
  kind: 'entire',
  keepsMarker: false,
  moves: true,
  declare(tx, order, skill, here) {
    const d = tx.draft;
    const id = order.trooper;
    // MOV-17: a Prone trooper stands up to climb.
    tx.trooper(id).prone = false;
    const c = silhouetteAt(d, id, here.x, here.y, here.z, false);
    const to = skill.to;
    const touched = faceTouched(tx.ctx.scenery, c, to);
    if (!touched) refuse('not-at-wall', 'MOV-13', 'A Climb starts with the base touching a vertical face of scenery (beside it, or on its top at the edge).');
    const s = touched.s;
    const { nx, ny, half } = faceOf(s, touched.onTop ? to.x : here.x, touched.onTop ? to.y : here.y);
    // MOV-13: straight up or down: along the face it moves by at most 0.05".
    const along = Math.abs((to.x - here.x) * -ny + (to.y - here.y) * nx);
    if (along > Z_TOLERANCE) refuse('no-landing', 'MOV-13', `A Climb goes straight up or down the face; this one moves ${along.toFixed(2)}" along it.`);
    checkFlight(flightLength(c, [], to), tx.profile(id).mov[0], 'MOV-13', 'Climb');
    const top = Math.abs(to.z - s.z1) <= Z_TOLERANCE;
    const r = c.r;
    const held = tx.ctx.scenery.stance.supportShare(to.x, to.y, r, to.z - CONTACT.contain, to.z + CONTACT.contain) >= 1 - 1e-9;
    // MOV-14: or on the face itself, its underside in the air, between the face's foot and top.
    const onFace = !top && !held && to.z > s.z0 + Z_TOLERANCE && to.z < s.z1 - Z_TOLERANCE;
    if (!top && !held && !onFace) refuse('no-landing', 'MOV-13', 'A Climb ends on the surface at the face\u2019s top, at its foot, or on the face.');
    const landed = checkLanding(tx, id, to, 'MOV-13', onFace);
    // Touching the face's edge at the top (inside it), the face itself at the foot (outside it).
    const proj = (to.x - s.x) * nx + (to.y - s.y) * ny;
    const gap = top ? half - proj - landed.r : proj - half - landed.r;
    if (gap > CONTACT.touch || gap < -CONTACT.touch) refuse('no-landing', 'MOV-13', top ? 'At the top the base ends touching the face\u2019s edge.' : 'At the foot, or on the face, the base ends touching the face.');
    // The window sees it go up (or down) the face, then onto the top.
    const points = samples3([{ x: here.x, y: here.y, z: here.z }, { x: here.x, y: here.y, z: to.z }, to]);
    // MOV-14: no Partial Cover while climbing.
    d.orderJumper = id;
    const facing = skill.facing === undefined ? here.facing : normaliseFacing(skill.facing);
    return { ...skill, points, facing, ...(onFace ? { onWall: true } : {}) };
  },
});
