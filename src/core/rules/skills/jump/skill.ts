/**
 * Jump (MOV-11, MOV-12, MOV-16, MOV-17, MOV-19): an Entire Order with no roll. The trooper goes through
 * the air to `to`, over the apexes `over`; its length, from the nearest point of its silhouette through
 * the apexes to the nearest point of the landing base's edge, reaches its first MOV value (with
 * Super-Jump and `entire`, both values added). At every 0.1" of the line the base rises onto anything
 * under it within its reach above the line (a parapet vaulted) and then meets no solid; it lands with
 * the whole base on one surface. A Prone trooper stands up to jump; it has no Partial Cover during the
 * whole Order (as a Combat Jumper, CJ-4); it ends facing as its player chooses.
 */
import { refuse } from '../../context';
import { inches, normaliseFacing, silhouetteAt } from '../../placement';
import { hasSkill } from '../../skills';
import type { Place } from '../../movement/path';
import { checkFlight, checkLanding, flightLength, samples3 } from '../../movement/vertical';
import { defineSkill } from '../skill';

export const jump = defineSkill({
  name: 'jump',
  words: { name: 'Jump' },
  kind: 'entire',
  // MOV-12: with Super-Jump, a Jump without `entire` is a Short Movement Skill.
  kindOf: (profile, skill) => (hasSkill(profile, 'super-jump') && !skill.entire ? 'short-movement' : 'entire'),
  keepsMarker: false,
  moves: true,
  declare(tx, order, skill, here) {
    const d = tx.draft;
    const id = order.trooper;
    const profile = tx.profile(id);
    const superJump = hasSkill(profile, 'super-jump');
    // MOV-12: the Entire Order reaching both MOV values is Super-Jump's.
    if (skill.entire && !superJump) refuse('no-skill', 'MOV-12', 'Only a trooper with Super-Jump jumps with both MOV values added.');
    // MOV-17: a Prone trooper stands up to jump.
    tx.trooper(id).prone = false;
    const c = silhouetteAt(d, id, here.x, here.y, here.z, false);
    const over = skill.over ?? [];
    // MOV-12: a short Jump reaches the first MOV value as the Order's first Movement skill, the second as its second.
    const short = superJump && !skill.entire;
    const second = short && order.skills.some((s) => s.skill === 'move' || s.skill === 'jump');
    const limit = skill.entire ? profile.mov[0] + profile.mov[1] : profile.mov[second ? 1 : 0];
    checkFlight(flightLength(c, over, skill.to), limit, skill.entire || short ? 'MOV-12' : 'MOV-11', 'Jump');
    const points = flight(tx, id, here, over, skill.to, c.h);
    checkLanding(tx, id, skill.to, 'MOV-11');
    // MOV-11: no Partial Cover during the whole Order (a short Super-Jump: see movement.md, built so far).
    if (!short) d.orderJumper = id;
    const facing = skill.facing === undefined ? here.facing : normaliseFacing(skill.facing);
    return { ...skill, points, facing };
  },
});

/**
 * MOV-11: the samples of the flight, each raised onto anything under the base within its reach above
 * the line (a parapet vaulted), each clear of every solid (`blocked-path`) and over the table
 * (`off-board`).
 */
function flight(tx: Parameters<NonNullable<typeof jump.declare>>[0], id: string, from: Place, over: readonly Place[], to: Place, v: number): Place[] {
  const d = tx.draft;
  const scenery = tx.ctx.scenery;
  const { width, depth } = d.setup.table;
  const line = samples3([{ x: from.x, y: from.y, z: from.z }, ...over, to]);
  return line.map((p, i) => {
    if (i === 0 || i === line.length - 1) return p;
    const r = silhouetteAt(d, id, p.x, p.y, p.z, false).r;
    if (p.x - r < -1e-6 || p.y - r < -1e-6 || p.x + r > width + 1e-6 || p.y + r > depth + 1e-6) refuse('off-board', 'MOV-2', `The Jump's flight leaves the table.`);
    let z = p.z;
    for (const s of scenery.stance.surfacesUnder(p.x, p.y, r)) if (s.height > z && s.height <= p.z + v) z = Math.max(z, s.height);
    const c = silhouetteAt(d, id, p.x, p.y, z, false);
    const solid = scenery.stance.solidsMeeting(c)[0];
    if (solid) refuse('blocked-path', 'MOV-11', `The Jump's flight meets the ${solid.part} of "${solid.id}" ${inches(z)} high.`);
    return { x: p.x, y: p.y, z };
  });
}
