/**
 * An army list as N4's Open and Private Information (docs/rules/private-info.md, PRIV-1 to PRIV-4):
 * what of a list the other player may know before anything of it is seen on the table.
 *
 * The open part is built by listing, field by field, what may be seen (never a copy with the secrets
 * taken out), so a field added to a profile later stays private until it is listed here on purpose.
 */
import type { PlayerId, PlayerSetup, Setup, TrooperProfile } from './model/types';
import { PLAYERS } from './model/types';
import { hasSkill } from './rules/skills';

/** A trooper's profile as the other player may know it from the list: no cost, no Lieutenant (PRIV-1). */
export interface OpenProfile {
  id: string;
  name: string;
  s: TrooperProfile['s'];
  mov: [number, number];
  cc: number;
  bs: number;
  ph: number;
  wip: number;
  arm: number;
  bts: number;
  w: number;
  structure?: boolean;
  orders: TrooperProfile['orders'];
  group: number;
  surpriseAttack: number;
  skills: TrooperProfile['skills'];
  weapons: TrooperProfile['weapons'];
}

/** The open part of a list (PRIV-1): its name, the troopers that can only be fielded as models, its Lieutenant's WIP. */
export interface OpenArmy {
  name: string;
  troopers: OpenProfile[];
  /** INI-6: the WIP the initiative roll is made against (null: the list has no Lieutenant) */
  lieutenantWip: number | null;
}

/** A setup as the other player (or a file read without the PINs) may see it: each army's open part only (PRIV-6). */
export type OpenSetup = Omit<Setup, 'players'> & { players: Record<PlayerId, OpenArmy> };

/**
 * PRIV-2: a trooper the list keeps private: one that may be fielded unseen (Hidden Deployment, TO
 * Camouflage: a marker, Combat Jump: in the air). Whether it will be is its player's choice at
 * deployment, so the list cannot show it, nor that it exists.
 */
export function mayBeUnseen(t: Pick<TrooperProfile, 'skills'>): boolean {
  return hasSkill(t, 'hidden-deployment') || hasSkill(t, 'to-camouflage') || hasSkill(t, 'combat-jump');
}

/** PRIV-1: a profile as the list shows it to the other player, listed field by field. */
export function openProfile(t: TrooperProfile): OpenProfile {
  const p: OpenProfile = {
    id: t.id,
    name: t.name,
    s: t.s,
    mov: [t.mov[0], t.mov[1]],
    cc: t.cc,
    bs: t.bs,
    ph: t.ph,
    wip: t.wip,
    arm: t.arm,
    bts: t.bts,
    w: t.w,
    orders: t.orders,
    group: t.group,
    surpriseAttack: t.surpriseAttack,
    // GRP-4: which trooper is the Lieutenant is private; every other skill of a seen profile is open.
    skills: t.skills.filter((s) => s !== 'lieutenant'),
    weapons: t.weapons.map((w) => structuredClone(w)),
  };
  if (t.structure) p.structure = true;
  return p;
}

/**
 * PRIV-2, PRIV-4: an opponent's trooper seen on the table, as its viewer may read it: listed field by
 * field (`openProfile`), its skills as the view already shows them (the Lieutenant's mark only where
 * GRP-4 allows), its close combat weapons, and its cost only once open (`costOpen`: removed as a
 * casualty, or the game over); until then `points` is 0, the same whatever the trooper cost.
 */
export function seenProfile(p: TrooperProfile, costOpen: boolean): TrooperProfile {
  const out: TrooperProfile = { ...openProfile(p), skills: [...p.skills], points: costOpen ? p.points : 0 };
  if (p.ccWeapons) out.ccWeapons = structuredClone(p.ccWeapons);
  return out;
}

/** Plain code-unit order: the same on every machine, whatever its language settings. */
const compare = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

/** PRIV-1, PRIV-2: the open part of a list. */
export function openArmy(list: PlayerSetup): OpenArmy {
  const lt = list.troopers.find((t) => t.skills.includes('lieutenant'));
  return {
    name: list.name,
    // Sorted (Combat Group, name, id): the order of a list is its player's, and could tell where a private
    // trooper or the Lieutenant stood in it.
    troopers: list.troopers
      .filter((t) => !mayBeUnseen(t))
      .map(openProfile)
      .sort((x, y) => x.group - y.group || compare(x.name, y.name) || compare(x.id, y.id)),
    lieutenantWip: lt ? lt.wip : null,
  };
}

/** PRIV-6: a setup with each army's open part only; the table, the mission and the dice are open. */
export function openSetup(setup: Setup): OpenSetup {
  const out: OpenSetup = {
    format: setup.format,
    rules: setup.rules,
    table: structuredClone(setup.table),
    zones: structuredClone(setup.zones),
    terrain: structuredClone(setup.terrain),
    objectives: structuredClone(setup.objectives),
    players: { A: openArmy(setup.players.A), B: openArmy(setup.players.B) },
    dice: structuredClone(setup.dice),
    facts: structuredClone(setup.facts),
  };
  if (setup.mission) out.mission = structuredClone(setup.mission);
  return out;
}

/** How many of a list's troopers the open part leaves out (for its own player's eyes only: the count is private too). */
export function privateCount(list: PlayerSetup): number {
  return list.troopers.filter(mayBeUnseen).length;
}

/**
 * PRIV-6: a whole setup from an open one and each seat's whole list (from its seal); an error when a
 * list does not make the open part the file shows (the file was changed by hand).
 */
export function joinSetup(open: OpenSetup, lists: Record<PlayerId, PlayerSetup>): { setup: Setup } | { error: string } {
  for (const p of PLAYERS) {
    if (JSON.stringify(openArmy(lists[p])) !== JSON.stringify(open.players[p])) {
      return { error: `Player ${p}'s army list in the clear is not the open part of their sealed list: the file was changed.` };
    }
  }
  const { players: _open, ...rest } = open;
  return { setup: { ...structuredClone(rest), players: { A: structuredClone(lists.A), B: structuredClone(lists.B) } } };
}
