/**
 * The mission file and the game file's `mission` (docs/rules/missions.md §3): their schemas, written
 * once. This file imports nothing but zod and the format's primitives, so the model's types and the
 * game file's schema can be made from it without an import circle.
 */
import { z } from 'zod';
import { id, name, num } from '../../schema';

/** A zone of a mission (MIS-3): a rectangle, `x`, `y` its south-west corner, `w` along x, `d` along y. */
const zone = z.object({ id, name, x: num, y: num, w: num.positive(), d: num.positive() });

/** Who may act on an objective (MIS-13). */
export const objectiveBy = z.enum(['specialists', 'any']);
const mod = z.number().int().min(-12).max(12);

const band = z.object({ atLeast: z.number().min(0).max(100), points: z.number().int().min(0).max(100) });

/** A scoring rule (MIS-6, MIS-7). */
export const scoringRuleSchema = z
  .object({
    id,
    label: name,
    when: z.enum(['round-end', 'game-end']),
    kind: z.enum(['dominate', 'dominate-more', 'activated', 'activated-more', 'enemy-lost']),
    points: z.number().int().min(0).max(100).default(0),
    zones: z.array(id).optional(),
    objectives: z.array(id).optional(),
    bands: z.array(band).min(1).optional(),
  })
  .superRefine((r, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    if (r.kind === 'enemy-lost' && !r.bands) issue(['bands'], 'missing: an "enemy-lost" rule needs its bands');
    if (r.kind !== 'enemy-lost' && r.bands) issue(['bands'], `only an "enemy-lost" rule has bands`);
    if (r.bands) {
      for (let i = 1; i < r.bands.length; i++) {
        if (r.bands[i]!.atLeast <= r.bands[i - 1]!.atLeast) issue(['bands', i, 'atLeast'], 'expected a share above the band before it');
      }
    }
  });

/** MIS-12: a classified objective of the mission's deck: what the engine checks at the game's end. */
export const classifiedSchema = z.object({
  id,
  label: name,
  kind: z.enum(['activate-any', 'treat-friend', 'enemy-lieutenant-down', 'hold-any-zone']),
  points: z.number().int().min(0).max(100),
});
export type ClassifiedObjective = z.infer<typeof classifiedSchema>;

const common = {
  id,
  name,
  maxPoints: z.number().int().min(1).max(100).default(10),
  unconsciousStands: z.boolean().default(false),
  retreat: z.boolean().default(true),
  lossOfLieutenant: z.boolean().default(true),
  scoring: z.array(scoringRuleSchema).min(1),
  /** MIS-12: the deck each player chooses one from, in secret; absent: none */
  classified: z.array(classifiedSchema).min(1).optional(),
};

/** Rules of a mission that name what it holds: unique ids, zones and objectives that exist. */
function checkNames(m: { zones: { id: string }[]; scoring: z.infer<typeof scoringRuleSchema>[] }, objectiveIds: string[] | null, ctx: z.RefinementCtx): void {
  const zoneIds = new Set<string>();
  m.zones.forEach((zn, i) => {
    if (zoneIds.has(zn.id)) ctx.addIssue({ code: 'custom', path: ['zones', i, 'id'], message: `duplicate zone id "${zn.id}"` });
    zoneIds.add(zn.id);
  });
  const ruleIds = new Set<string>();
  m.scoring.forEach((r, i) => {
    if (ruleIds.has(r.id)) ctx.addIssue({ code: 'custom', path: ['scoring', i, 'id'], message: `duplicate scoring rule id "${r.id}"` });
    ruleIds.add(r.id);
    r.zones?.forEach((zid, j) => {
      if (!zoneIds.has(zid)) ctx.addIssue({ code: 'custom', path: ['scoring', i, 'zones', j], message: `no zone "${zid}"` });
    });
    if ((r.kind === 'dominate' || r.kind === 'dominate-more') && m.zones.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['scoring', i, 'kind'], message: 'the mission has no zone to dominate' });
    }
    if (objectiveIds) {
      r.objectives?.forEach((oid, j) => {
        if (!objectiveIds.includes(oid)) ctx.addIssue({ code: 'custom', path: ['scoring', i, 'objectives', j], message: `no objective "${oid}"` });
      });
    }
  });
}

/** The mission file under assets/missions/ (missions.md §3.1): zones relative to the table's centre. */
export const missionFileSchema = z
  .object({
    format: z.literal('infinity-mission/1'),
    ...common,
    summary: z.string().max(300).default(''),
    rounds: z.number().int().min(1).max(10).optional(),
    zones: z.array(zone).default([]),
    objectives: z.object({ use: z.literal('table'), by: objectiveBy.default('specialists'), mod: mod.default(0) }).optional(),
  })
  .superRefine((m, ctx) => checkNames(m, null, ctx));
export type MissionFile = z.infer<typeof missionFileSchema>;

/** A mission objective as laid: an objective of the setup, who may act on it, its MOD (MIS-13, MIS-14). */
const laidObjective = z.object({ id, by: objectiveBy.default('specialists'), mod: mod.default(0) });

/** The game file's `mission` (missions.md §3.2): the mission laid on the game's table, zones absolute. */
export const missionSetupSchema = z
  .object({ ...common, zones: z.array(zone).default([]), objectives: z.array(laidObjective).default([]) })
  .superRefine((m, ctx) => checkNames(m, m.objectives.map((o) => o.id), ctx));
export type MissionSetup = z.infer<typeof missionSetupSchema>;
export type ScoringRule = MissionSetup['scoring'][number];
export type MissionZone = MissionSetup['zones'][number];
