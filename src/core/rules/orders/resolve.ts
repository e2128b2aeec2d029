/**
 * The resolution of an Order (GAME-TURN.md, "Resolution and dice"): movement first, then every roll,
 * then saves, then Wounds and states; a pure function of the declarations and the dice.
 *
 * Draw order: the active trooper's skills in declaration order (a BS Attack's targets in `targets`
 * order), then each ARO in the order declared (window 1, then window 2); every declared roll is drawn,
 * even a Dodge nothing attacks, but an attack on a marker gated on a Discover of the same Order draws
 * nothing when the Discover fails. Then saves: troopers in JavaScript's string order of their ids, a
 * trooper's hits in the draw order of their attackers, each hit's saves together, a critical's extra
 * save right after its hit's.
 */
import { dict } from '../../dict';
import { cylinderGap, type Cylinder } from '../../geometry/shapes';
import { ZONES } from '../../data/facts';
import type { TemplatePlacement } from '../../geometry/templates';
import type { Command, DeclaredAro, DeclaredSkill, OrderState, PendingHit, RollResult, Weapon } from '../../model/types';
import { discoverRangeMod } from '../camouflage/discover';
import { giveMarkerId } from '../camouflage/markers';
import type { Tx } from '../context';
import { cryptoD20, judgeRoll, successValue } from '../dice';
import { bestResult, counting, dodgedTemplate, judgeDice, savesPerHit, type Judged } from '../attacks/burst';
import { bodyAt, circleOn, rangeMod, shot, templateReach, teardropFrom, facingTowards, type Body } from '../attacks/shot';
import { revealSpot } from '../hidden/spot';
import type { Place } from '../movement/path';
import { canAct, lofFacing, normaliseFacing, silhouetteAt, silhouetteOf } from '../placement';
import { seesFrom } from './sightChecks';
import { positionAfter } from './skills';

/** One hit to save against (DMG-1, DMG-2); `cover`: -3 to the Attack Damage (never for a template, TPL-3). */
type Hit = PendingHit;

interface Spec {
  roller: string;
  count: number;
  kind: 'discover' | 'attack' | 'impact' | 'aro-attack' | 'dodge' | 'sensor';
  skill: string;
  sv: number;
  against: string | null;
  target?: string;
  weapon?: Weapon;
  cover?: boolean;
  /** the marker a Discover of this Order must reveal before this attack is made */
  gate?: string;
  /** a direct template an ARO lays (TPL-1): pointed at the mover at its `at` */
  teardrop?: TemplatePlacement;
  facing?: number;
  /** the ARO this spec comes from */
  aro?: DeclaredAro;
  dice?: number[];
}

const cap = (attribute: number, mods: number[]) => successValue(attribute, mods);

/** Where the active trooper stands for an ARO taken at `at` (ARO-5), or where its skills left it. */
function activeAt(tx: Tx, order: OrderState, a: DeclaredAro): Place {
  const skill = order.skills[a.window - 1];
  const points = skill ? (skill.skill === 'cautious-move' ? [skill.points.at(-1)!] : skill.points) : [positionAfter(tx, order, order.skills.length)];
  if (a.at) {
    const p = points.find((q) => Math.hypot(q.x - a.at!.x, q.y - a.at!.y) <= 1e-6);
    if (p) return p;
  }
  return points.at(-1)!;
}

/** The active trooper's body where a skill acts from (`from`, else where the skills before it left it). */
function attackerBody(tx: Tx, order: OrderState, s: DeclaredSkill): Body {
  const p = s.points.at(-1)!;
  return bodyAt(tx.draft, order.trooper, p, s.facing);
}

/** Every roll of the Order, in draw order, with its Success Value and what it is against. */
function plan(tx: Tx, order: OrderState): { specs: Spec[]; directs: { skill: DeclaredSkill; placement: TemplatePlacement; by: string; weapon: Weapon }[] } {
  const d = tx.draft;
  const active = order.trooper;
  const specs: Spec[] = [];
  const directs: { skill: DeclaredSkill; placement: TemplatePlacement; by: string; weapon: Weapon }[] = [];
  const aroOf = (id: string) => {
    const a = order.aros[id];
    return a && (a.skill === 'bs-attack' || a.skill === 'dodge') ? a : null;
  };
  // ATK-4: a Surprise Attack: the attacker began the Order as a marker or hidden, in its own Active Turn.
  const surprise = order.began !== 'model' ? d.setup.players[order.player].troopers.find((t) => t.id === active)!.surpriseAttack : 0;
  const targetsOfActive = new Set<string>();
  for (const s of order.skills) {
    if (s.skill === 'discover' && !s.resolved) {
      const target = markerOf(tx, s.target, order.player);
      const from = attackerBody(tx, order, s);
      const sv = cap(tx.profile(active).wip, [discoverRangeMod(shot(tx, from, bodyAt(d, target)).distance), -6]);
      specs.push({ roller: active, count: 1, kind: 'discover', skill: 'discover', sv, against: target, target });
    } else if (s.skill === 'sensor') {
      // ATK-6: a Normal WIP+6 roll, no range MOD, no Line of Fire needed.
      specs.push({ roller: active, count: 1, kind: 'sensor', skill: 'sensor', sv: cap(tx.profile(active).wip, [6]), against: null });
    } else if (s.skill === 'dodge') {
      specs.push({ roller: active, count: 1, kind: 'dodge', skill: 'dodge', sv: cap(tx.profile(active).ph, []), against: null, facing: s.facing });
    } else if (s.skill === 'bs-attack') {
      const weapon = tx.profile(active).weapons.find((w) => w.id === s.weapon)!;
      const bs = tx.profile(active).bs;
      if (weapon.kind === 'direct') {
        directs.push({ skill: s, placement: s.placement!, by: active, weapon });
        for (const id of s.affected ?? []) targetsOfActive.add(id);
        continue;
      }
      for (const t of s.targets ?? []) {
        const target = resolveTarget(tx, t.target, order.player);
        targetsOfActive.add(target);
        const reply = aroOf(target);
        // A Face to Face with a reactor uses the active trooper at that reactor's `at`.
        const me = reply ? bodyAt(d, active, activeAt(tx, order, reply), s.facing) : attackerBody(tx, order, s);
        const sh = shot(tx, me, bodyAt(d, target));
        const mod = rangeMod(weapon, sh.distance) ?? 0;
        const sv = cap(bs, [mod, sh.cover ? -3 : 0]);
        const gate = s.gate === target ? target : undefined;
        specs.push({ roller: active, count: weapon.kind === 'impact' ? 1 : t.burst, kind: weapon.kind === 'impact' ? 'impact' : 'attack', skill: 'bs-attack', sv, against: target, target, weapon, cover: sh.cover, ...(gate ? { gate } : {}) });
      }
    }
  }
  for (const a of order.aroList) {
    if (order.aros[a.trooper]?.window !== a.window) continue; // a delayed trooper's first declaration
    const r = a.trooper;
    const rt = d.troopers[r]!;
    if (!canAct(rt)) continue;
    const moverAt = activeAt(tx, order, a);
    const mover = bodyAt(d, active, moverAt);
    const me = bodyAt(d, r);
    const mod = targetsOfActive.has(r) ? surprise : 0;
    if (a.skill === 'discover') {
      const sv = cap(tx.profile(r).wip, [discoverRangeMod(shot(tx, me, mover).distance), -6]);
      specs.push({ roller: r, count: 1, kind: 'discover', skill: 'discover', sv, against: active, target: active, aro: a });
    } else if (a.skill === 'dodge') {
      // ATK-5: PH, -3 without Line of Fire to the attacker.
      const sees = seesFrom(d, tx, r, { x: me.c.x, y: me.c.y, z: me.c.z }, me.facing, active);
      specs.push({ roller: r, count: 1, kind: 'dodge', skill: 'dodge', sv: cap(tx.profile(r).ph, [sees ? 0 : -3, mod]), against: active, ...(a.facing !== undefined ? { facing: a.facing } : {}), aro: a });
    } else if (a.skill === 'bs-attack') {
      const weapon = tx.profile(r).weapons.find((w) => w.id === a.weapon)!;
      if (weapon.kind === 'direct') {
        directs.push({ skill: order.skills[0]!, placement: teardropFrom(me.c, weapon.template as 'small-teardrop' | 'large-teardrop', facingTowards(me.c, mover.c)), by: r, weapon });
        continue;
      }
      const sh = shot(tx, me, mover);
      const sv = cap(tx.profile(r).bs, [rangeMod(weapon, sh.distance) ?? 0, sh.cover ? -3 : 0, mod]);
      specs.push({ roller: r, count: 1, kind: 'aro-attack', skill: 'bs-attack', sv, against: active, target: active, weapon, cover: sh.cover, aro: a });
    }
  }
  return { specs, directs };
}

function markerOf(tx: Tx, ref: string, player: string): string {
  for (const [id, t] of Object.entries(tx.draft.troopers)) if (id === ref || (t.markerId === ref && t.player !== player)) return id;
  throw new Error(`no marker ${ref}`);
}

function resolveTarget(tx: Tx, ref: string, player: string): string {
  if (Object.hasOwn(tx.draft.troopers, ref)) return ref;
  return markerOf(tx, ref, player);
}

/** Who is Face to Face with whom (ATK-2): the ARO that answers an attack on `target` (its BS Attack or its Dodge). */
export function replyTo<T extends { roller: string; kind: string }>(rolls: readonly T[], target: string): T | undefined {
  return rolls.find((s) => s.roller === target && (s.kind === 'aro-attack' || s.kind === 'dodge'));
}

/** ...and the attacks (a template's impact too) that an ARO by `roller` answers. */
export function attacksAgainst<T extends { kind: string; target?: string | null }>(rolls: readonly T[], roller: string): T[] {
  return rolls.filter((s) => (s.kind === 'attack' || s.kind === 'impact') && s.target === roller);
}

/** A roll the resolution would make, for the odds a player sees before the dice (TOOL-8). */
export interface PlannedRoll {
  roller: string;
  kind: 'discover' | 'attack' | 'impact' | 'aro-attack' | 'dodge' | 'sensor';
  sv: number;
  dice: number;
  target: string | null;
  ammo: Weapon['ammo'] | null;
  damage: number | null;
  cover: boolean;
}

/**
 * The rolls an Order would make as it stands, with the Success Values the resolution would use (the
 * same plan, so the odds shown are the engine's). Reads the state; changes nothing.
 */
export function plannedRolls(tx: Tx, order: OrderState): PlannedRoll[] {
  return plan(tx, order).specs.map((s) => ({
    roller: s.roller,
    kind: s.kind,
    sv: s.sv,
    dice: s.count,
    target: s.target ?? null,
    ammo: s.weapon?.ammo ?? null,
    damage: s.weapon ? s.weapon.damage : null,
    cover: s.cover ?? false,
  }));
}

/** Where every die comes from, in draw order (see the header). */
export class OrderDice {
  readonly drawn: number[] = [];
  private carried: number[];
  private readonly given: Record<string, number[]>;

  constructor(
    private readonly tx: Tx,
    closing: Command,
    given: Record<string, number[]>,
  ) {
    this.carried = 'dice' in closing && Array.isArray(closing.dice) ? [...closing.dice] : [];
    this.given = dict<number[]>();
    for (const [k, v] of Object.entries(given)) this.given[k] = [...v];
  }

  /** With manual dice, whether `count` more dice of this trooper are given. */
  has(roller: string, count: number): boolean {
    return this.tx.draft.dice.mode !== 'manual' || (this.given[roller]?.length ?? 0) >= count;
  }

  take(roller: string, count: number): number[] {
    const out: number[] = [];
    const mode = this.tx.draft.dice.mode;
    for (let i = 0; i < count; i++) {
      if (mode === 'manual') out.push(this.given[roller]!.shift()!);
      else if (this.carried.length > 0) out.push(this.carried.shift()!);
      else if (mode === 'random') {
        const die = (this.tx.ctx.randomD20 ?? cryptoD20)();
        this.drawn.push(die);
        out.push(die);
      } else out.push(this.tx.d20(undefined).die);
    }
    return out;
  }
}

/** The dice the rolls still owe, by trooper, counting only those whose need is known (gates decided). */
function drawRolls(specs: Spec[], dice: OrderDice): Record<string, number> {
  const needs = dict<number>();
  const gateOpen = (marker: string): boolean | null => {
    const disc = specs.find((s) => s.kind === 'discover' && s.target === marker);
    if (!disc || !disc.dice) return disc ? null : false;
    return judgeRoll(disc.dice[0]!, disc.sv).result !== 'failure';
  };
  for (const s of specs) {
    if (s.gate) {
      const open = gateOpen(s.gate);
      if (open === null) continue; // decided by a Discover whose die is not given yet
      if (!open) continue; // the Discover failed: the attack is not made and draws nothing
    }
    if (!dice.has(s.roller, s.count)) {
      needs[s.roller] = (needs[s.roller] ?? 0) + s.count;
      continue;
    }
    s.dice = dice.take(s.roller, s.count);
  }
  return needs;
}

/** One `roll` event: the best die, every die, the skill, and who it was against. */
function emitRoll(tx: Tx, s: Spec, j: Judged): void {
  const me = tx.draft.troopers[s.roller]!;
  const best = bestResult(j);
  tx.emit({ type: 'roll', player: me.player, trooper: s.roller, roll: best.roll, target: s.sv, result: best.result as RollResult, skill: s.skill, dice: [...j.dice], against: s.against });
}

/**
 * Once the last window closes. Returns the closing command as recorded (random dice written in); with
 * manual dice it may leave the Order in stage `rolls` or `saves`, waiting for the dice it needs.
 */
export function resolve(tx: Tx, order: OrderState, closing: Command): Command {
  const d = tx.draft;
  const dice = new OrderDice(tx, closing, order.given);
  if (order.stage !== 'saves') {
    const { specs, directs } = plan(tx, order);
    const needs = drawRolls(specs, dice);
    if (Object.keys(needs).length > 0) {
      // ORD-5: manual dice: the Order waits in stage `rolls` for every die whose need is known.
      order.stage = 'rolls';
      order.needs = needs;
      return closing;
    }
    move(tx, order);
    order.hits = judge(tx, order, specs, directs);
  }
  const hits = order.hits ?? [];
  if (!saveAll(tx, order, hits, dice, closing)) return closing;
  if (order.skills[0]?.skill === 'camouflage') backToCamouflage(tx, order);
  d.order = null;
  if (dice.drawn.length > 0) return { ...closing, dice: [...(('dice' in closing && closing.dice) || []), ...dice.drawn] } as Command;
  return closing;
}

/** Movement first (MOV-1, MOV-5): the trooper ends where its last Move put it. */
function move(tx: Tx, order: OrderState): void {
  const t = tx.draft.troopers[order.trooper]!;
  for (const s of order.skills) {
    if (s.skill !== 'move' && s.skill !== 'cautious-move') continue;
    const end = s.points.at(-1)!;
    t.x = end.x;
    t.y = end.y;
    t.z = end.z;
    t.facing = normaliseFacing(s.facing);
    tx.emit({ type: 'moved', player: order.player, trooper: order.trooper, path: s.points.map((p) => ({ ...p })), x: end.x, y: end.y, z: end.z, facing: t.facing });
  }
}

/** Every roll judged, in draw order: Discovers and Sensor take effect; attacks give hits (ATK-2, TPL-1, TPL-2). */
function judge(tx: Tx, order: OrderState, specs: Spec[], directs: ReturnType<typeof plan>['directs']): Hit[] {
  const d = tx.draft;
  const active = order.trooper;
  const hits: Hit[] = [];
  const judged = new Map<Spec, Judged>();
  for (const s of specs) if (s.dice) judged.set(s, judgeDice(s.dice, s.sv));
  const rolled = specs.filter((s) => s.dice);
  const reply = (target: string) => replyTo(rolled, target);
  const attacksOn = (roller: string) => attacksAgainst(rolled, roller);
  const tally = new Map<string, { by: string; target: string; hits: number; criticals: number }>();
  const count = (by: string, target: string, critical: boolean) => {
    const k = `${by}\u0000${target}`;
    const e = tally.get(k) ?? { by, target, hits: 0, criticals: 0 };
    if (critical) e.criticals++;
    else e.hits++;
    tally.set(k, e);
  };
  const templates: { shape: TemplatePlacement['kind']; placement: TemplatePlacement; hits: string[] }[] = [];
  for (const s of specs) {
    const j = judged.get(s);
    if (!j) continue;
    emitRoll(tx, s, j);
    if (s.kind === 'discover') discoverResult(tx, s.roller, s.target!, j);
    else if (s.kind === 'sensor') sensorResult(tx, order, j);
    else if (s.kind === 'dodge') {
      // ATK-5: a successful Dodge may turn the trooper to face as it chooses.
      if (j.best && s.facing !== undefined && s.roller !== active) d.troopers[s.roller]!.facing = normaliseFacing(s.facing);
    } else if (s.kind === 'attack') {
      const r = reply(s.target!);
      const other = r ? judged.get(r)! : null;
      const t = counting(j, other);
      for (let i = 0; i < t.hits; i++) hits.push({ by: s.roller, target: s.target!, critical: false, weapon: s.weapon!, cover: s.cover! });
      for (let i = 0; i < t.criticals; i++) hits.push({ by: s.roller, target: s.target!, critical: true, weapon: s.weapon!, cover: s.cover! });
      for (let i = 0; i < t.hits; i++) count(s.roller, s.target!, false);
      for (let i = 0; i < t.criticals; i++) count(s.roller, s.target!, true);
    } else if (s.kind === 'impact') {
      // TPL-2: the roll against the main target; on a hit the circle is centred on it, and each affected
      // trooper's ARO roll is compared with the impact roll on its own. Only the main target's may be a critical.
      const r = reply(s.target!);
      const main = counting(j, r ? judged.get(r)! : null);
      if (main.hits + main.criticals === 0) continue;
      const placement = circleOn(silhouetteOf(d, s.target!)!);
      const reach = tmplTargets(tx, templateReach(tx, placement, s.roller, (id) => silhouetteOf(d, id)!), (id) => {
        if (id === s.target) return true;
        const dodge = specs.find((x) => x.roller === id && x.kind === 'dodge' && x.dice);
        return !dodge || counting(j, judged.get(dodge)!).hits + counting(j, judged.get(dodge)!).criticals > 0;
      });
      for (const id of reach) {
        const critical = id === s.target && main.criticals > 0;
        hits.push({ by: s.roller, target: id, critical, weapon: s.weapon!, cover: false });
        count(s.roller, id, critical);
      }
      templates.push({ shape: 'circular', placement, hits: reach });
    } else if (s.kind === 'aro-attack') {
      // A BS Attack back at the active trooper: Face to Face if the active trooper attacks this reactor
      // or Dodges, else a Normal roll.
      const theirs = attacksOn(s.roller).find((x) => x.kind === 'attack' || x.kind === 'impact');
      const mine = specs.find((x) => x.roller === active && x.kind === 'dodge' && x.dice);
      const other = theirs ? judged.get(theirs)! : mine ? judged.get(mine)! : null;
      const t = counting(j, other);
      for (let i = 0; i < t.hits + t.criticals; i++) {
        const critical = i >= t.hits;
        hits.push({ by: s.roller, target: active, critical, weapon: s.weapon!, cover: s.cover! });
        count(s.roller, active, critical);
      }
    }
  }
  // TPL-1, TPL-3: direct templates need no roll; a Dodge avoids them with any success.
  for (const t of directs) {
    const moverAt = (id: string): Cylinder => silhouetteOf(d, id)!;
    const candidates = t.by === active ? (t.skill.affected ?? []) : templateReach(tx, t.placement, t.by, (id) => (id === active ? silhouetteOf(d, id)! : moverAt(id)));
    const reach = tmplTargets(tx, candidates, (id) => {
      const dodge = specs.find((x) => x.roller === id && x.kind === 'dodge' && x.dice);
      return !dodge || !dodgedTemplate(judged.get(dodge)!);
    });
    for (const id of reach) {
      hits.push({ by: t.by, target: id, critical: false, weapon: t.weapon, cover: false });
      count(t.by, id, false);
    }
    templates.push({ shape: t.placement.kind, placement: t.placement, hits: reach });
  }
  for (const e of [...tally.values()]) tx.emit({ type: 'hits', by: e.by, target: e.target, hits: e.hits, criticals: e.criticals });
  for (const t of templates) {
    tx.emit({ type: 'template', shape: t.shape, x: t.placement.x, y: t.placement.y, z: t.placement.z, facing: t.shape === 'circular' ? null : t.placement.rotation, hits: t.hits });
  }
  return hits;
}

/**
 * TOC-14: of the troopers a template reaches and that do not avoid it, camouflage markers are affected
 * only when a trooper that is not camouflaged is affected too.
 */
export function tmplTargets(tx: Pick<Tx, 'draft'>, reached: readonly string[], stays: (id: string) => boolean): string[] {
  const kept = reached.filter(stays);
  const open = kept.filter((id) => tx.draft.troopers[id]!.status !== 'marker');
  return (open.length > 0 ? kept : []).sort();
}

/** TOC-5, TOC-6, TOC-12: a Discover roll's outcome. */
function discoverResult(tx: Tx, by: string, target: string, j: Judged): void {
  const d = tx.draft;
  const it = d.troopers[target]!;
  if (it.status !== 'marker') return; // revealed meanwhile: nothing left to Discover
  const markerId = it.markerId!;
  if (j.best) {
    it.status = 'model';
    tx.emit({ type: 'discovered', player: it.player, marker: markerId, trooper: target, by });
  } else {
    d.discoverLocks[by] = [...(d.discoverLocks[by] ?? []), markerId];
    tx.emit({ type: 'discoverFailed', player: it.player, marker: markerId, by });
  }
}

/**
 * ATK-6, HD-9: on a success, every enemy TO Camouflage marker and hidden trooper inside the user's Zone
 * of Control is Discovered; a hidden one is placed on its recorded spot as a model (HD-17).
 */
function sensorResult(tx: Tx, order: OrderState, j: Judged): void {
  if (!j.best) return;
  const d = tx.draft;
  const user = order.trooper;
  const s = order.skills.find((k) => k.skill === 'sensor')!;
  const me = silhouetteAt(d, user, s.points.at(-1)!.x, s.points.at(-1)!.y, s.points.at(-1)!.z, d.troopers[user]!.prone);
  for (const [id, t] of Object.entries(d.troopers).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (t.player === order.player || (t.status !== 'marker' && t.status !== 'hidden')) continue;
    // A hidden trooper with no recorded spot is the other machine's ghost (commit/knowing.ts): its owner's machine judges it.
    if (t.x === null || t.y === null || t.z === null) continue;
    const c = silhouetteAt(d, id, t.x!, t.y!, t.z!, t.prone);
    if (Math.max(0, cylinderGap(c, me)) > ZONES.zoneOfControl + 1e-6) continue;
    if (t.status === 'marker') {
      t.status = 'model';
      tx.emit({ type: 'discovered', player: t.player, marker: t.markerId!, trooper: id, by: user });
    } else {
      const spot = revealSpot(tx, id);
      t.status = 'model';
      t.x = spot.x;
      t.y = spot.y;
      t.z = spot.z;
      t.facing = normaliseFacing(t.facing ?? 0);
      delete t.cover;
      tx.emit({ type: 'revealed', player: t.player, trooper: id, as: 'model', x: spot.x, y: spot.y, z: spot.z, facing: t.facing });
    }
  }
}

/**
 * DMG-1 to DMG-4: the saves of every hit, and the Wounds they take. Returns false when, with manual
 * dice, the Order must wait in stage `saves` for them.
 */
function saveAll(tx: Tx, order: OrderState, hits: Hit[], dice: OrderDice, _closing: Command): boolean {
  const d = tx.draft;
  const byTarget = new Map<string, Hit[]>();
  for (const h of hits) byTarget.set(h.target, [...(byTarget.get(h.target) ?? []), h]);
  const targets = [...byTarget.keys()].sort();
  const savesOf = (h: Hit) => savesPerHit(h.weapon.ammo) + (h.critical ? 1 : 0);
  if (d.dice.mode === 'manual') {
    const needs = dict<number>();
    for (const id of targets) needs[id] = byTarget.get(id)!.reduce((n, h) => n + savesOf(h), 0);
    if (order.stage !== 'saves' && targets.length > 0) {
      order.stage = 'saves';
      order.needs = needs;
      order.given = dict();
      return false;
    }
  }
  for (const id of targets) {
    const t = d.troopers[id]!;
    const p = tx.profile(id);
    let lost = 0;
    // DMG-4, TOC-11: a marker hit without having been Discovered is revealed when it must save.
    if (t.status === 'marker') {
      t.status = 'model';
      tx.emit({ type: 'revealed', player: t.player, trooper: id, as: 'model', x: t.x!, y: t.y!, z: t.z!, facing: t.facing ?? 0 });
    }
    for (const h of byTarget.get(id)!) {
      const ad = h.weapon.damage - (h.weapon.save === 'bts' ? p.bts : p.arm) - (h.cover ? 3 : 0);
      for (const die of dice.take(id, savesOf(h))) {
        // DMG-2: a save is lost when the d20 is at most the Attack Damage.
        const wound = die <= ad;
        tx.emit({ type: 'save', player: t.player, trooper: id, roll: die, target: ad, result: wound ? 'wound' : 'saved', by: h.by });
        if (wound) lost++;
      }
    }
    if (lost > 0) takeWounds(tx, id, lost);
  }
  return true;
}

/** DMG-3: each lost save takes one Wound; at 0 Unconscious (Prone, acting and reacting no more), below 0 Dead. */
export function takeWounds(tx: Tx, id: string, lost: number): void {
  const t = tx.draft.troopers[id]!;
  t.wounds -= lost;
  if (t.wounds < 0) {
    t.status = 'removed';
    t.x = t.y = t.z = t.facing = null;
    t.prone = false;
  } else if (t.wounds === 0) {
    t.status = 'unconscious';
    t.prone = true;
  }
  tx.emit({ type: 'wounds', player: t.player, trooper: id, wounds: t.wounds, status: t.status });
}

/**
 * TOC-1, HD-14: the trooper goes back to its TO Camouflage marker (its marker id kept, or given the
 * first time), unless a hidden trooper that appeared in ARO to this Order has Line of Fire to it.
 */
function backToCamouflage(tx: Tx, order: OrderState): void {
  const d = tx.draft;
  const id = order.trooper;
  const t = d.troopers[id]!;
  if (t.status !== 'model') return;
  const stoppers = order.aroList
    .filter((a) => a.wasHidden && canAct(d.troopers[a.trooper]!))
    .filter((a) => {
      const r = d.troopers[a.trooper]!;
      return seesFrom(d, tx, a.trooper, { x: r.x!, y: r.y!, z: r.z! }, lofFacing(r), id);
    })
    .map((a) => a.trooper)
    .sort();
  if (stoppers.length > 0) {
    tx.emit({ type: 'camouflageFailed', player: order.player, trooper: id, by: stoppers });
    return;
  }
  t.status = 'marker';
  const marker = giveMarkerId(tx, id);
  tx.emit({ type: 'camouflaged', player: order.player, trooper: id, marker });
}

