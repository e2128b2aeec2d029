/**
 * What stands on the table for one viewer, derived only from `viewFor`'s answer (never the raw
 * state): models, markers (by marker id; the trooper only where the viewer may know it) and, for
 * their owner, hidden troopers at their recorded spot. Sizes come from the game's facts.
 */
import { resolveFacts, type Facts, type SilhouetteId } from '../core/data/facts';
import type { PlayerId, Setup, TrooperProfile } from '../core/model/types';
import type { StateView } from '../core/view';

export type PieceKind = 'model' | 'marker' | 'hidden';

export interface Piece {
  /** selection key: the trooper id, or the marker id for a marker */
  key: string;
  kind: PieceKind;
  player: PlayerId;
  /** the trooper it is, where the viewer may know it (never for an enemy marker) */
  trooper: string | null;
  /** what a hover shows: the trooper's name, or for an enemy marker only its marker id */
  label: string;
  s: SilhouetteId;
  x: number;
  y: number;
  /** height of the underside of the base */
  z: number;
  /** degrees CCW from north; null for a marker (markers see all round) */
  facing: number | null;
  prone: boolean;
  /** CC-2, CC-17: in the Engaged state (ringed on the table) */
  engaged?: boolean;
  /** base radius, inches */
  radius: number;
  /** silhouette height, inches (only as tall as the base when Prone) */
  height: number;
}

const profileCache = new WeakMap<Setup, Map<string, TrooperProfile>>();

/** A trooper's profile by id (the rosters are part of the setup). */
export function profileIn(setup: Setup, id: string): TrooperProfile | undefined {
  let m = profileCache.get(setup);
  if (!m) {
    m = new Map();
    for (const p of ['A', 'B'] as const) for (const t of setup.players[p].troopers) m.set(t.id, t);
    profileCache.set(setup, m);
  }
  return m.get(id);
}

const factsCache = new WeakMap<Setup, Facts>();

export function factsFor(setup: Setup): Facts {
  let f = factsCache.get(setup);
  if (!f) {
    f = resolveFacts(setup.facts);
    factsCache.set(setup, f);
  }
  return f;
}

/** The pieces to draw for a view: sorted by key so instance order is stable. */
export function piecesOf(view: StateView, setup: Setup): Piece[] {
  const facts = factsFor(setup);
  const out: Piece[] = [];
  for (const [id, t] of Object.entries(view.troopers)) {
    // DMG-3: an Unconscious trooper stays on the table as a Prone model.
    if (t.status !== 'model' && t.status !== 'hidden' && t.status !== 'unconscious') continue;
    if (t.x === null || t.y === null || t.z === null) continue;
    const p = profileIn(setup, id);
    if (!p) continue;
    const sil = facts.silhouettes[p.s];
    out.push({
      key: id,
      kind: t.status === 'hidden' ? 'hidden' : 'model',
      player: t.player,
      trooper: id,
      label: t.status === 'unconscious' ? `${p.name} (Unconscious)` : t.engaged ? `${p.name} (Engaged)` : p.name,
      s: p.s,
      x: t.x,
      y: t.y,
      z: t.z,
      facing: t.facing,
      prone: t.prone,
      ...(t.engaged ? { engaged: true } : {}),
      radius: sil.radius,
      height: t.prone ? facts.proneHeight : sil.height,
    });
  }
  for (const [markerId, m] of Object.entries(view.markers)) {
    const s = m.s as SilhouetteId;
    const sil = facts.silhouettes[s];
    const p = m.trooper ? profileIn(setup, m.trooper) : undefined;
    out.push({
      key: markerId,
      kind: 'marker',
      player: m.player,
      trooper: m.trooper ?? null,
      label: p ? `${markerId} · ${p.name}` : markerId,
      s,
      x: m.x,
      y: m.y,
      z: m.z,
      facing: null,
      prone: false,
      radius: sil.radius,
      height: sil.height,
    });
  }
  out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return out;
}

const piecesCache = new WeakMap<StateView, Piece[]>();

/** `piecesOf`, computed once per view object. */
export function piecesFor(view: StateView, setup: Setup): Piece[] {
  let p = piecesCache.get(view);
  if (!p) {
    p = piecesOf(view, setup);
    piecesCache.set(view, p);
  }
  return p;
}

/** A terrain piece as a player reads it in an answer: its id and what it is ("nexus (building)"). */
export function sceneryName(setup: Pick<Setup, 'terrain'>, id: string): string {
  const t = setup.terrain.find((p) => p.id === id);
  if (!t) return id;
  const what = t.kind === 'building' ? (t.roof ? 'building' : 'ruin') : 'block';
  return `${id} (${what}, ${t.h}")`;
}
