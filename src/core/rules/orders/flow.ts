/**
 * The Order as a state machine (ORD-5): stages `aro1 -> second -> aro2 -> rolls -> saves`, the two ARO
 * windows (opened even when nobody may react), closing a window without AROs, and the resolution, a
 * pure function of the declarations and the dice.
 *
 * Dice, one source and one draw order (GAME-TURN.md): the active trooper's skills in declaration order,
 * then each ARO in the order declared (window 1, then window 2). Seeded games draw them from the stream
 * in that order; random games write every die drawn, in that order, as `dice` into the command that
 * closed the last window, and a replay takes them from there; manual games stop in stage `rolls` with
 * `needs`, and the `rolls` command gives them.
 */
import { cylinderGap, type Cylinder } from '../../geometry/shapes';
import type { Command, DeclaredAro, OrderState, PlayerId } from '../../model/types';
import { discoverRangeMod } from '../camouflage/discover';
import { otherPlayer } from '../../model/types';
import { dict } from '../../dict';
import { refuse, type Tx } from '../context';
import { cryptoD20, judgeRoll, successValue } from '../dice';
import { possibleReactors, Sight, type Reactor } from '../aros/sight';
import type { Place } from '../movement/path';
import { canAct, normaliseFacing, silhouetteAt } from '../placement';
import { giveMarkerId } from '../camouflage/markers';
import { seesFrom } from './sightChecks';
import { discoverValue } from './discover';
import { positionNow } from './skills';

export function currentOrder(tx: Tx): OrderState {
  const o = tx.draft.order;
  if (!o) throw new Error('no Order in progress');
  return o;
}

/** The points a window looks at: the path of the skill declared just before it, or where the trooper stands. */
export function windowPoints(tx: Tx, order: OrderState, window: 1 | 2): Place[] {
  const skill = order.skills[window - 1];
  // MOV-4: Cautious Movement gives AROs only where it ends.
  if (skill?.skill === 'cautious-move') return [skill.points.at(-1)!];
  if (skill) return skill.points;
  const p = positionNow(tx, order);
  return [{ x: p.x, y: p.y, z: p.z }];
}

export function windowSight(tx: Tx, order: OrderState, window: 1 | 2): Sight {
  return new Sight(tx.draft, tx.ctx, order.trooper, windowPoints(tx, order, window), tx.trooper(order.trooper).prone);
}

/** The reactors a window considers: hidden troopers never react to Cautious Movement (MOV-4). */
export function windowReactors(tx: Tx, order: OrderState): Reactor[] {
  const cautious = order.skills[0]?.skill === 'cautious-move';
  return possibleReactors(tx.draft, order.trooper, !cautious);
}

/** ARO-1, ARO-3: the troopers that may declare in a window. */
export function eligibleIn(tx: Tx, order: OrderState, window: 1 | 2): string[] {
  const sight = windowSight(tx, order, window);
  const reactors = windowReactors(tx, order);
  if (window === 1) return reactors.filter((r) => !order.aros[r.id] && sight.eligible(r)).map((r) => r.id);
  const first = order.eligible[0] ?? [];
  return reactors
    .filter((r) => {
      const a = order.aros[r.id];
      if (a) return a.skill === 'delay' && a.window === 1 && sight.eligible(r); // ARO-3: a delayed trooper declares again
      // A trooper eligible in window 1 that declared nothing may not declare in window 2.
      return !first.includes(r.id) && sight.eligible(r);
    })
    .map((r) => r.id);
}

/** Opens an ARO window to the reactive player, with the troopers that may react (maybe none). */
export function openWindow(tx: Tx, window: 1 | 2): void {
  const order = currentOrder(tx);
  const eligible = eligibleIn(tx, order, window);
  order.stage = window === 1 ? 'aro1' : 'aro2';
  order.eligible[window - 1] = eligible;
  tx.emit({ type: 'aroWindow', player: otherPlayer(order.player), window, eligible: [...eligible] });
}

/** After window 1 closes: the second skill is owed, or (an Entire Order) the Order resolves. */
export function afterWindowOne(tx: Tx, closing: Command): Command {
  const order = currentOrder(tx);
  if (order.entire) return resolveOrder(tx, closing);
  order.stage = 'second';
  return closing;
}

/**
 * `second` with `none`, given or implied: window 2 opens only for troopers that delayed (ARO-3),
 * else the Order resolves at once.
 */
export function declareNone(tx: Tx, closing: Command): Command {
  const order = currentOrder(tx);
  tx.emit({ type: 'declared', player: order.player, trooper: order.trooper, skill: 'none' });
  const delayed = Object.values(order.aros).some((a) => a.skill === 'delay' && a.window === 1);
  if (delayed) {
    openWindow(tx, 2);
    return closing;
  }
  return resolveOrder(tx, closing);
}

/**
 * GAME-TURN.md, "Closing without aros": a command of the active player other than `second` while the
 * second skill is owed first declares `none`; any command of theirs while window 2 is open closes it
 * with no AROs. The Order then resolves, and the command is applied, as one step. With manual dice
 * this is allowed only when the resolution needs no die.
 */
export function closeImplicitly(tx: Tx, cmd: Command): Command {
  let order = tx.draft.order;
  if (!order) return cmd;
  let recorded = cmd;
  if (order.stage === 'second' && cmd.do !== 'second') recorded = declareNone(tx, recorded);
  order = tx.draft.order;
  if (order && order.stage === 'aro2') recorded = resolveOrder(tx, recorded);
  order = tx.draft.order;
  if (order && (order.stage === 'rolls' || order.stage === 'saves')) {
    refuse('out-of-turn', 'ORD-5', 'The Order in progress needs dice first: give them with a rolls command.');
  }
  return recorded;
}

// ---------------------------------------------------------------- resolution

/** One roll the resolution makes: who rolls how many dice, and what the dice do. */
interface RollSpec {
  roller: string;
  count: number;
  apply(dice: number[]): void;
}

/** The rolls of the Order, in draw order: the active trooper's skills, then the AROs. */
function planRolls(tx: Tx, order: OrderState): RollSpec[] {
  const d = tx.draft;
  const specs: RollSpec[] = [];
  const active = order.trooper;
  for (const s of order.skills) {
    if (s.skill === 'discover' && !s.resolved) {
      const from = s.points.at(-1)!;
      const target = resolveMarker(tx, s.target, order.player);
      const sv = discoverValue(tx, active, silhouetteAt(d, active, from.x, from.y, from.z, d.troopers[active]!.prone), target);
      specs.push({ roller: active, count: 1, apply: (dice) => discoverResult(tx, active, target, dice, sv) });
    }
  }
  for (const a of order.aroList) {
    if (order.aros[a.trooper]?.window !== a.window) continue; // a delayed trooper's first declaration, replaced in window 2
    if (a.skill === 'discover') {
      const r = d.troopers[a.trooper]!;
      const at = atPlace(tx, order, a);
      const target = silhouetteAt(d, active, at.x, at.y, at.z, d.troopers[active]!.prone);
      const shooter = silhouetteAt(d, a.trooper, r.x!, r.y!, r.z!, r.prone);
      // The range is measured from the discoverer to the marker where it was seen (ARO-5).
      const sv = discoverValueBetween(tx, a.trooper, shooter, target);
      specs.push({ roller: a.trooper, count: 1, apply: (dice) => discoverResult(tx, a.trooper, active, dice, sv) });
    }
  }
  return specs;
}

/** The Success Value of a Discover from one silhouette to another (FACTS: Discover). */
function discoverValueBetween(tx: Tx, discoverer: string, from: Cylinder, target: Cylinder): number {
  const range = Math.max(0, cylinderGap(from, target));
  return successValue(tx.profile(discoverer).wip, [discoverRangeMod(range), -6]);
}

function resolveMarker(tx: Tx, ref: string, player: PlayerId): string {
  for (const [id, t] of Object.entries(tx.draft.troopers)) if (id === ref || (t.markerId === ref && t.player !== player)) return id;
  throw new Error(`no marker ${ref}`);
}

/** Where an ARO was taken: its `at` point of the window's path, or the one point of the window. */
export function atPlace(tx: Tx, order: OrderState, a: DeclaredAro): Place {
  const points = windowPoints(tx, order, a.window);
  if (a.at) {
    const i = points.findIndex((p) => Math.hypot(p.x - a.at!.x, p.y - a.at!.y) <= 1e-6);
    if (i >= 0) return points[i]!;
  }
  return points.at(-1)!;
}

/** TOC-5, TOC-6, TOC-12: a Discover roll's outcome. */
function discoverResult(tx: Tx, by: string, target: string, dice: number[], sv: number): void {
  const d = tx.draft;
  const it = d.troopers[target]!;
  const die = dice[0]!;
  const { result } = judgeRoll(die, sv);
  const me = d.troopers[by]!;
  tx.emit({ type: 'roll', player: me.player, trooper: by, roll: die, target: sv, result, skill: 'discover', dice: [...dice], against: target });
  const markerId = it.markerId!;
  if (it.status !== 'marker') return; // revealed meanwhile: nothing left to Discover
  if (result !== 'failure') {
    it.status = 'model';
    tx.emit({ type: 'discovered', player: it.player, marker: markerId, trooper: target, by });
  } else {
    d.discoverLocks[by] = [...(d.discoverLocks[by] ?? []), markerId];
    tx.emit({ type: 'discoverFailed', player: it.player, marker: markerId, by });
  }
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
      return seesFrom(d, tx, a.trooper, { x: r.x!, y: r.y!, z: r.z! }, r.status === 'marker' ? null : (r.facing ?? 0), id);
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

/** Where every die of the resolution comes from, in draw order. */
class OrderDice {
  readonly drawn: number[] = [];
  private carried: number[];
  private readonly given: Record<string, number[]>;

  constructor(
    private readonly tx: Tx,
    closing: Command,
    order: OrderState,
  ) {
    this.carried = 'dice' in closing && Array.isArray(closing.dice) ? [...closing.dice] : [];
    this.given = dict<number[]>();
    for (const [k, v] of Object.entries(order.given)) this.given[k] = [...v];
  }

  take(roller: string, count: number): number[] {
    const out: number[] = [];
    const mode = this.tx.draft.dice.mode;
    for (let i = 0; i < count; i++) {
      if (mode === 'manual') {
        const die = this.given[roller]?.shift();
        if (die === undefined) throw new Error(`no die given for ${roller}`);
        out.push(die);
      } else if (this.carried.length > 0) out.push(this.carried.shift()!);
      else if (mode === 'random') {
        const die = (this.tx.ctx.randomD20 ?? cryptoD20)();
        this.drawn.push(die);
        out.push(die);
      } else out.push(this.tx.d20(undefined).die);
    }
    return out;
  }
}

/**
 * Once the last window closes: movement first, then every roll, then saves, then Wounds and states.
 * Returns the closing command as recorded (random dice written in).
 */
export function resolveOrder(tx: Tx, closing: Command): Command {
  const d = tx.draft;
  const order = currentOrder(tx);
  const specs = planRolls(tx, order);
  if (d.dice.mode === 'manual' && specs.length > 0 && Object.keys(order.given).length === 0) {
    // ORD-5: manual dice: the Order waits in stage `rolls` for every die it needs.
    order.stage = 'rolls';
    order.needs = dict<number>();
    for (const s of specs) order.needs[s.roller] = (order.needs[s.roller] ?? 0) + s.count;
    return closing;
  }
  // Movement first (MOV-1, MOV-5): the trooper ends where its last Move put it.
  const t = d.troopers[order.trooper]!;
  for (const s of order.skills) {
    if (s.skill !== 'move' && s.skill !== 'cautious-move') continue;
    const end = s.points.at(-1)!;
    t.x = end.x;
    t.y = end.y;
    t.z = end.z;
    t.facing = normaliseFacing(s.facing);
    tx.emit({ type: 'moved', player: order.player, trooper: order.trooper, path: s.points.map((p) => ({ ...p })), x: end.x, y: end.y, z: end.z, facing: t.facing });
  }
  const dice = new OrderDice(tx, closing, order);
  for (const s of specs) s.apply(dice.take(s.roller, s.count));
  if (order.skills[0]?.skill === 'camouflage') backToCamouflage(tx, order);
  d.order = null;
  if (dice.drawn.length > 0) return { ...closing, dice: [...(('dice' in closing && closing.dice) || []), ...dice.drawn] } as Command;
  return closing;
}

