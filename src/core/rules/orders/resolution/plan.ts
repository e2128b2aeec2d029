/**
 * The rolls of an Order, planned in draw order (GAME-TURN.md, "Resolution and dice"): the active
 * trooper's skills in declaration order (a BS Attack's targets in `targets` order), then each ARO in the
 * order declared (window 1, then window 2). Each skill's module says which rolls it makes, with which
 * Success Value and against whom (rules/skills/); this file walks the Order and gives them what they ask.
 */
import type { DeclaredAro, DeclaredSkill, OrderState, Weapon } from '../../../model/types';
import { bodyAt, type Body } from '../../attacks/shot';
import type { Tx } from '../../context';
import { pointIndexAt, type Place } from '../../movement/path';
import { canAct } from '../../placement';
import { SKILL_MODULES } from '../../skills/registry';
import type { AnySkillName, DeclaredOf, Direct, KeptAroOf, Planner, RollKind, Spec } from '../../skills/skill';
import { facingInWindow, positionAfter } from '../skills';
import { participants, viewAs } from '../participants';

/** Where the active trooper stands for an ARO taken at `at` (ARO-5), or where its skills left it. */
function activeAt(tx: Tx, order: OrderState, a: DeclaredAro): Place {
  const skill = order.skills[a.window - 1];
  const points = skill ? (skill.skill === 'cautious-move' ? [skill.points.at(-1)!] : skill.points) : [positionAfter(tx, order, order.skills.length)];
  if (a.at) {
    const i = pointIndexAt(points, a.at);
    if (i >= 0) return points[i]!;
  }
  return points.at(-1)!;
}

/** A trooper named in a declaration: its id, or the enemy marker of that marker id. */
function resolveRef(tx: Tx, ref: string, player: string): string {
  if (Object.hasOwn(tx.draft.troopers, ref)) return ref;
  for (const [id, t] of Object.entries(tx.draft.troopers)) if (t.markerId === ref && t.player !== player) return id;
  throw new Error(`no marker ${ref}`);
}

function planSkill<N extends AnySkillName>(p: Planner, name: N, s: DeclaredOf<N>): void {
  SKILL_MODULES[name].plan?.(p, s);
}

function planAro<N extends AnySkillName>(p: Planner, name: N, a: KeptAroOf<N>, reactor: Body, mover: Body): void {
  SKILL_MODULES[name].planAro?.(p, a, reactor, mover);
}

/**
 * Every roll of the Order, in draw order, with its Success Value and what it is against; and its direct
 * templates. COORD-9: a Coordinated Order's participants' skills in listed order (the Spearhead first),
 * each seen as its own Order (participants.ts), then each ARO against the participant it names.
 */
export function plan(tx: Tx, order: OrderState): { specs: Spec[]; directs: Direct[] } {
  const d = tx.draft;
  const specs: Spec[] = [];
  const directs: Direct[] = [];
  // ATK-4: a Surprise Attack: the attacker began the Order as a marker or hidden, in its own Active Turn.
  // COORD-10: several participants attacking one target by surprise give it one MOD, not one each.
  const attacked = new Map<string, number>();
  const plannerFor = (view: OrderState): Planner => {
    const active = view.trooper;
    const surprise = view.began !== 'model' ? d.setup.players[view.player].troopers.find((t) => t.id === active)!.surpriseAttack : 0;
    return {
      tx,
      order: view,
      roll: (spec) => void specs.push(spec),
      direct: (t) => void directs.push(t),
      attacked: (id) => void attacked.set(id, Math.min(attacked.get(id) ?? 0, surprise)),
      surpriseOn: (id) => attacked.get(id) ?? 0,
      replyOf: (id) => {
        const a = order.aros[id];
        // COORD-6: a reactor's BS Attack faces only the participant it named; its Dodge faces every attack.
        // CC-6: a CC Attack answers too.
        if (a && (a.skill === 'bs-attack' || a.skill === 'cc-attack') && (a.against ?? order.trooper) === active) return a;
        return a && a.skill === 'dodge' && (a.against ?? order.trooper) === active ? a : null;
      },
      activeAt: (a) => activeAt(tx, view, a),
      attackerBody: (s: DeclaredSkill) => bodyAt(d, active, s.points.at(-1)!, s.facing),
      resolveRef: (ref) => resolveRef(tx, ref, order.player),
    };
  };
  for (const p of participants(order)) {
    const view = viewAs(order, p);
    const planner = plannerFor(view);
    // COORD-5: a participant doing Idle in a skill's place makes none of that skill's rolls.
    for (const s of view.skills) if (!s.idleInstead) planSkill(planner, s.skill, s);
  }
  for (const a of order.aroList) {
    if (order.aros[a.trooper]?.window !== a.window) continue; // a delayed trooper's first declaration
    if (!canAct(d.troopers[a.trooper]!)) continue;
    const view = viewAs(order, a.against ?? order.trooper);
    // LOF-1: the active trooper at the ARO's point, facing as the window saw it (it looks back).
    const mover = bodyAt(d, view.trooper, activeAt(tx, view, a), facingInWindow(tx, view, a.window));
    planAro(plannerFor(view), a.skill, a, bodyAt(d, a.trooper), mover);
  }
  return { specs, directs };
}

/** A roll the resolution would make, for the odds a player sees before the dice (TOOL-8). */
export interface PlannedRoll {
  roller: string;
  kind: RollKind;
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

/**
 * Who is Face to Face with whom (ATK-2): the ARO that answers an attack by `attacker` on `target`: its
 * Dodge, or its BS Attack when that is against this attacker (COORD-6: a reactor's attack faces only
 * the participant it named; the others' attacks on it are Normal rolls).
 */
export function replyTo<T extends { roller: string; kind: string; against?: string | null }>(rolls: readonly T[], target: string, attacker: string): T | undefined {
  return rolls.find((s) => s.roller === target && (s.kind === 'dodge' || (s.kind === 'aro-attack' && s.against === attacker)));
}

/** ...and the attacks (a template's impact too) that an ARO by `roller` answers. */
export function attacksAgainst<T extends { kind: string; target?: string | null }>(rolls: readonly T[], roller: string): T[] {
  return rolls.filter((s) => (s.kind === 'attack' || s.kind === 'impact') && s.target === roller);
}
