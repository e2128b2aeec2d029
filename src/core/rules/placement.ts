/**
 * Where a base may stand: zones, the table, scenery, other bases, objectives. Shared by deployment,
 * fallback and (later) Combat Jump, each check citing the rule it serves for the command at hand.
 */
import { CONTACT } from '../data/facts';
import { cylinderGap, discRectProtrusion, type Cylinder } from '../geometry/shapes';
import type { GameState, PlayerId, Rect, TrooperState } from '../model/types';
import { factsOf, profileOf, refuse, type Tx } from './context';

/** How a number of inches reads in a message: one decimal, or two when smaller than a tenth. */
export function inches(n: number): string {
  const a = Math.abs(n);
  const s = a >= 0.095 ? a.toFixed(1) : a.toFixed(2);
  return `${s} ${s === '1.0' ? 'inch' : 'inches'}`;
}

export function normaliseFacing(f: number): number {
  const r = ((f % 360) + 360) % 360;
  return r === 360 ? 0 : r;
}

/** The silhouette cylinder of a trooper at a spot (Prone: only as tall as its base). */
export function silhouetteAt(state: GameState, id: string, x: number, y: number, z: number, prone: boolean): Cylinder {
  const facts = factsOf(state);
  const sil = facts.silhouettes[profileOf(state, id).s];
  return { x, y, z, r: sil.radius, h: prone ? facts.proneHeight : sil.height };
}

/** A trooper's silhouette where it stands, or null while it has no place on the table. */
export function silhouetteOf(state: GameState, id: string): Cylinder | null {
  const t = state.troopers[id]!;
  if (t.x === null || t.y === null || t.z === null) return null;
  return silhouetteAt(state, id, t.x, t.y, t.z, t.prone);
}

/** Where a trooper's Line of Fire faces, in degrees: a marker sees all round (TOC-8), null. */
export function lofFacing(t: TrooperState): number | null {
  return t.status === 'marker' ? null : (t.facing ?? 0);
}

/**
 * HD-2, CJ-1: only models and markers are on the table; hidden and airborne troopers are not. An
 * Unconscious trooper is a model for every purpose but acting (DMG-3): measured to, seen, hit, blocking.
 */
export function isOnTable(t: TrooperState): boolean {
  return t.status === 'model' || t.status === 'marker' || t.status === 'unconscious';
}

/** A model on the table, Unconscious or not: it blocks Line of Fire (FACTS: models block, markers do not). */
export function isModel(t: TrooperState): boolean {
  return t.status === 'model' || t.status === 'unconscious';
}

/** What `inPublicOrder` sorts a trooper by: the name it shows on the table, a marker its marker id. */
export function publicKey(id: string, t: TrooperState): string {
  return t.status === 'marker' && t.markerId ? t.markerId : id;
}

/**
 * The troopers in an order any player may know: by the name each shows on the table, a marker by its
 * marker id. Checks that name "the first" piece in the way go through them in this order, so a refusal
 * never tells where the trooper behind a marker sorts in its roster.
 */
export function inPublicOrder(state: GameState): [string, TrooperState][] {
  return Object.entries(state.troopers)
    .map(([id, t]) => [publicKey(id, t), id, t] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, id, t]) => [id, t]);
}

/** DMG-3: a trooper that can act or react: on the table as a model or marker, and not Unconscious. */
export function canAct(t: TrooperState): boolean {
  return t.status === 'model' || t.status === 'marker';
}

export function trooperName(state: GameState, id: string): string {
  return profileOf(state, id).name;
}

/** What the zone questions need: the setup and the zones chosen (a player's view has them too). */
export interface ZoneContext {
  setup: Pick<GameState['setup'], 'zones' | 'table'>;
  initiative: { zones: Record<PlayerId, string> | null };
}

/** The Deployment Zone a player was given (INI-5). */
export function deploymentZoneOf(state: ZoneContext, player: PlayerId): Rect {
  const zones = state.initiative.zones;
  if (!zones) throw new Error('zones not chosen');
  return state.setup.zones.deployment[zones[player]]!;
}

/** The axis the two zones face each other along, the centre line, and which side is the player's. */
export function centreLine(state: ZoneContext, player: PlayerId): { axis: 'x' | 'y'; at: number; ownBelow: boolean } {
  const own = deploymentZoneOf(state, player);
  const enemy = deploymentZoneOf(state, player === 'A' ? 'B' : 'A');
  const apartY = own.y + own.d <= enemy.y + CONTACT.contain || enemy.y + enemy.d <= own.y + CONTACT.contain;
  const axis = apartY ? 'y' : 'x';
  const o0 = axis === 'y' ? own.y : own.x;
  const o1 = axis === 'y' ? own.y + own.d : own.x + own.w;
  const e0 = axis === 'y' ? enemy.y : enemy.x;
  const e1 = axis === 'y' ? enemy.y + enemy.d : enemy.x + enemy.w;
  const ownBelow = o0 < e0;
  return { axis, at: ownBelow ? (o1 + e0) / 2 : (e1 + o0) / 2, ownBelow };
}

/** The zone grown towards the centre line by `by` inches, its width unchanged (Forward Deployment). */
export function growTowardsCentre(state: ZoneContext, player: PlayerId, by: number): Rect {
  const z = { ...deploymentZoneOf(state, player) };
  if (by === 0) return z;
  const { axis, ownBelow } = centreLine(state, player);
  if (axis === 'y') {
    if (ownBelow) z.d += by;
    else {
      z.y -= by;
      z.d += by;
    }
  } else if (ownBelow) z.w += by;
  else {
    z.x -= by;
    z.w += by;
  }
  return z;
}

/** How far a disc reaches over the centre line into the enemy's half (0 or less: wholly on its own side). */
export function overCentreLine(state: GameState, player: PlayerId, x: number, y: number, r: number): number {
  const { axis, at, ownBelow } = centreLine(state, player);
  const c = axis === 'y' ? y : x;
  return ownBelow ? c + r - at : at - (c - r);
}

/** DEP-6, CJ-4, HD-17: the base wholly on the table. */
export function checkOnTable(state: GameState, rule: string, x: number, y: number, r: number): void {
  const { width, depth } = state.setup.table;
  const out = discRectProtrusion({ x: 0, y: 0, w: width, d: depth }, x, y, r);
  if (out > CONTACT.contain) refuse('off-board', rule, `The base sticks out over the table edge by ${inches(out)}.`);
}

export interface PlacementChecks {
  /** the rule cited for no-room (DEP-6, CJ-4, HD-17) */
  roomRule: string;
  /** the rule cited for contact with objectives and enemies (DEP-4, CJ-3) */
  contactRule: string;
  /** troopers to leave out of the checks (the one being placed) */
  ignore: string;
}

/**
 * DEP-6: room for the whole base: supported by one surface at z, in no building's interior, overlapping
 * no scenery and no other base. Returns the exact height of the surface it stands on.
 */
export function checkRoom(tx: Tx, id: string, x: number, y: number, zWanted: number, prone: boolean, opts: PlacementChecks): number {
  const state = tx.draft;
  const c = silhouetteAt(state, id, x, y, zWanted, prone);
  const scenery = tx.ctx.scenery;
  const z = scenery.supportHeight(x, y, c.r, zWanted);
  if (z === null) {
    refuse(
      'no-room',
      opts.roomRule,
      zWanted === 0
        ? 'The base does not stand wholly on the table top here.'
        : `There is no surface at height ${zWanted} under the whole base: it needs a roof, block top or table top that fits it.`,
    );
  }
  const placed = { ...c, z };
  const inside = scenery.enclosing(x, y, c.r, z);
  if (inside !== null) refuse('no-room', opts.roomRule, `The base would be inside the building "${inside}".`);
  const solid = scenery.overlapping(placed);
  if (solid) refuse('no-room', opts.roomRule, `The base overlaps the ${solid.part} of "${solid.id}".`);
  for (const [other, t] of inPublicOrder(state)) {
    if (other === opts.ignore || !isOnTable(t)) continue;
    const oc = silhouetteOf(state, other)!;
    if (cylinderGap(placed, oc) < -CONTACT.overlap) {
      refuse('no-room', opts.roomRule, `The base overlaps ${describeOther(tx, other, t)}.`);
    }
  }
  return z;
}

/** How a message names another trooper: by marker id if it is a marker, so nothing secret is told. */
function describeOther(tx: Tx, id: string, t: TrooperState): string {
  if (t.status === 'marker') return `marker ${t.markerId ?? ''}`.trim();
  return trooperName(tx.draft, id);
}

/**
 * DEP-4, CJ-3: no contact with a mission objective, nor with an enemy model or marker;
 * TOC-3: nor with a TO Camouflage marker of one's own side.
 */
export function checkContacts(tx: Tx, player: PlayerId, c: Cylinder, opts: PlacementChecks): void {
  const state = tx.draft;
  for (const o of state.setup.objectives) {
    const oc: Cylinder = { x: o.x, y: o.y, z: 0, r: o.r, h: 0.1 };
    if (cylinderGap(c, oc) <= CONTACT.touch) refuse('contact-objective', opts.contactRule, `The base touches the objective "${o.id}".`);
  }
  const pieces = inPublicOrder(state);
  for (const [other, t] of pieces) {
    if (other === opts.ignore || t.player === player || !isOnTable(t)) continue;
    if (cylinderGap(c, silhouetteOf(state, other)!) <= CONTACT.touch) {
      refuse('contact-enemy', opts.contactRule, `The base touches the enemy ${describeOther(tx, other, t)}.`);
    }
  }
  for (const [other, t] of pieces) {
    if (other === opts.ignore || t.player !== player || t.status !== 'marker') continue;
    if (cylinderGap(c, silhouetteOf(state, other)!) <= CONTACT.touch) {
      refuse('marker-contact', 'TOC-3', `The base touches your own TO Camouflage ${describeOther(tx, other, t)}.`);
    }
  }
}

/** The gap from a base to the nearest table edge among those that bound a zone. */
export function gapToBoundingEdge(state: GameState, zone: Rect, x: number, y: number, r: number): number | null {
  const { width, depth } = state.setup.table;
  const e = CONTACT.contain;
  const gaps: number[] = [];
  if (Math.abs(zone.x) <= e) gaps.push(x - r);
  if (Math.abs(zone.y) <= e) gaps.push(y - r);
  if (Math.abs(zone.x + zone.w - width) <= e) gaps.push(width - (x + r));
  if (Math.abs(zone.y + zone.d - depth) <= e) gaps.push(depth - (y + r));
  return gaps.length ? Math.min(...gaps) : null;
}

