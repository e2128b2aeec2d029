/**
 * Dodge (ATK-5): a Short Skill, and an ARO with Line of Fire or Zone of Control (or against a template
 * of the Order that would affect the reactor): a PH roll, -3 without Line of Fire to the attacker, Face
 * to Face against the attack; a success avoids a direct template and may turn the trooper to face as it
 * chooses.
 */
import { counting } from '../../attacks/burst';
import { refuse } from '../../context';
import { successValue } from '../../dice';
import { normaliseFacing } from '../../placement';
import { seesFrom } from '../../orders/sightChecks';
import { defineSkill, stay } from '../skill';

export const dodge = defineSkill({
  name: 'dodge',
  words: { name: 'Dodge', roll: 'Dodge (PH)' },
  kind: 'short',
  keepsMarker: false,
  declare(_tx, _order, skill, here) {
    return { ...skill, points: [stay(here)], facing: skill.facing === undefined ? here.facing : normaliseFacing(skill.facing) };
  },
  aro: {
    allowed(c) {
      // ARO-3: against an undiscovered marker, every ARO but Discover waits as `delay`.
      if (c.marker) refuse('skill-not-allowed', 'ARO-3', 'Against a marker, a dodge ARO is declared as delay, and made against its second skill.');
      if (!c.sees && !c.sight.zoneAny(c.reactor) && !c.affected) refuse('skill-not-allowed', 'ARO-2', `${c.name} may not Dodge: it has neither Line of Fire nor Zone of Control.`);
    },
    takesAt: true,
  },
  plan(p, s) {
    const active = p.order.trooper;
    p.roll({ roller: active, count: 1, kind: 'dodge', skill: 'dodge', sv: successValue(p.tx.profile(active).ph, []), against: null, facing: s.facing });
  },
  planAro(p, a, me) {
    const active = p.order.trooper;
    // ATK-5: PH, -3 without Line of Fire to the attacker.
    const sees = seesFrom(p.tx.draft, p.tx, a.trooper, { x: me.c.x, y: me.c.y, z: me.c.z }, me.facing, active);
    const sv = successValue(p.tx.profile(a.trooper).ph, [sees ? 0 : -3, p.surpriseOn(a.trooper)]);
    p.roll({ roller: a.trooper, count: 1, kind: 'dodge', skill: 'dodge', sv, against: active, ...(a.facing !== undefined ? { facing: a.facing } : {}), aro: a });
  },
  result(j, s, mine) {
    // ATK-5: a successful Dodge may turn the trooper to face as it chooses.
    if (mine.best && s.facing !== undefined && s.aro) j.tx.trooper(s.roller).facing = normaliseFacing(s.facing);
    // MOV-20: a Dodge that succeeds (a Normal roll passed, a Face to Face whose best die counts against
    // every attack on the dodger; a direct template is avoided by any success) earns its 2" move.
    const against = j.specs.filter((x) => x.dice && x.target === s.roller && x.roller !== s.roller && (x.kind === 'attack' || x.kind === 'impact' || x.kind === 'aro-attack'));
    const counts = mine.best !== null && against.every((x) => {
      const t = counting(mine, j.judged(x)!);
      return t.hits + t.criticals > 0;
    });
    if (counts) (j.order.dodgers ??= []).push(s.roller);
  },
});
