/**
 * What a tool may know: the game as the viewing player knows it, in the shape the core's queries take.
 *
 * The tools answer every question (how far, who sees whom, what a template touches) by asking the
 * core. The core's queries take a `GameState`; handing them the full state would let a secret (which
 * trooper a marker is, where a hidden trooper stands) shape an answer or leak into a label. So the
 * tools never see the full state: they get a `GameState` rebuilt from `viewFor(state, viewer)` alone,
 * in which
 * - the opponent's hidden and airborne troopers do not exist at all (HD-2, CJ-1);
 * - every marker is a trooper keyed by its marker id, the key the table selects it by, with only the
 *   silhouette the view gives it (TOC-9); for the opponent's markers nothing else is known;
 * - rosters hold only the profiles the viewer may read (`knownProfiles`).
 * Whatever a tool computes from it is, by construction, something the viewer may know.
 */
import type { GameState, PlayerId, TrooperProfile, TrooperState } from '../core/model/types';
import { type Cylinder, dict, type EngineContext, isOnTable, knownProfiles, lofFacing, markerProfile, type SilhouetteId, silhouetteOf, type StateView, type Viewer, viewFor } from '../core/api';

export interface TableKnowledge {
  /** the game as the viewer knows it (see above): the core's queries run on this */
  readonly state: GameState;
  /** the scenery queries (public: the terrain is part of the setup) */
  readonly ctx: EngineContext;
  readonly viewer: Viewer;
}

/** A piece the viewer knows of, as the tools see it: its key, owner, and silhouette where it stands. */
export interface KnownPiece {
  key: string;
  player: PlayerId;
  /** on the table (a model or marker): the only pieces measured, seen or hit (HD-2) */
  onTable: boolean;
  marker: boolean;
  /** degrees, or null for a marker (markers see all round) */
  facing: number | null;
  c: Cylinder;
}

const cache = new WeakMap<GameState, Map<Viewer, GameState>>();

/** The state as `viewer` knows it (null: solo, who knows everything), cached per (state, viewer). */
export function knownState(state: GameState, viewer: Viewer, view: StateView = viewFor(state, viewer)): GameState {
  let byViewer = cache.get(state);
  if (!byViewer) {
    byViewer = new Map();
    cache.set(state, byViewer);
  }
  let known = byViewer.get(viewer);
  if (!known) {
    known = build(state, viewer, view);
    byViewer.set(viewer, known);
  }
  return known;
}

function build(state: GameState, viewer: Viewer, view: StateView): GameState {
  const profiles = knownProfiles(state, viewer);
  const rosters: Record<PlayerId, TrooperProfile[]> = { A: [], B: [] };
  const troopers = dict<TrooperState>();
  for (const [id, t] of Object.entries(view.troopers)) {
    // A marker stands on the table under its marker id (below), never under its trooper's id.
    if (t.status === 'marker') continue;
    const p = profiles[id];
    if (!p) continue;
    troopers[id] = { player: t.player, status: t.status, x: t.x, y: t.y, z: t.z, facing: t.facing, prone: t.prone, fixed: t.fixed, wounds: t.wounds, group: t.group, ...(t.cover !== undefined ? { cover: t.cover } : {}) };
    rosters[t.player].push(p);
  }
  for (const [markerId, m] of Object.entries(view.markers)) {
    // The owner knows which trooper it is (and whether it lies Prone); the opponent knows its silhouette.
    const own = m.trooper ? view.troopers[m.trooper] : undefined;
    troopers[markerId] = { player: m.player, status: 'marker', x: m.x, y: m.y, z: m.z, facing: own?.facing ?? 0, prone: own?.prone ?? false, fixed: true, wounds: 1, group: m.group, markerId };
    rosters[m.player].push(markerProfile(markerId, m.s as SilhouetteId));
  }
  // CJ-4: the trooper that jumped in this Order has no Partial Cover; its landing was public.
  let orderJumper: string | null = null;
  if (state.orderJumper) {
    const j = state.orderJumper;
    if (troopers[j]) orderJumper = j;
    else {
      const mid = state.troopers[j]?.markerId;
      if (mid && troopers[mid]) orderJumper = mid;
    }
  }
  const setup = {
    ...state.setup,
    players: {
      A: { name: state.setup.players.A.name, troopers: rosters.A },
      B: { name: state.setup.players.B.name, troopers: rosters.B },
    },
  };
  return {
    setup,
    applied: state.applied,
    phase: view.phase,
    step: view.step,
    round: view.round,
    active: view.active,
    initiative: view.initiative,
    keptBack: view.keptBack,
    troopers,
    markerCount: { A: 0, B: 0 },
    dice: { mode: 'manual' },
    pendingFallback: null,
    reserveOf: {},
    discoverLocks: dict(),
    orderJumper,
    pool: state.pool,
    ordersGiven: state.ordersGiven,
    lieutenantKnown: state.lieutenantKnown,
    order: null,
  };
}

export function knowledgeOf(state: GameState, viewer: Viewer, ctx: EngineContext, view?: StateView): TableKnowledge {
  return { state: knownState(state, viewer, view), ctx, viewer };
}

const piecesCache = new WeakMap<GameState, KnownPiece[]>();

/** Every piece the viewer knows with a place on the table: models, markers, and its own hidden troopers. */
export function knownPieces(k: TableKnowledge): KnownPiece[] {
  let out = piecesCache.get(k.state);
  if (!out) {
    out = [];
    for (const [key, t] of Object.entries(k.state.troopers)) {
      const c = silhouetteOf(k.state, key);
      if (!c || t.status === 'removed') continue;
      out.push({ key, player: t.player, onTable: isOnTable(t), marker: t.status === 'marker', facing: lofFacing(t), c });
    }
    out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    piecesCache.set(k.state, out);
  }
  return out;
}

export function knownPiece(k: TableKnowledge, key: string | null): KnownPiece | null {
  if (key === null) return null;
  return knownPieces(k).find((p) => p.key === key) ?? null;
}

/** How close to a base edge the pointer snaps to that piece, inches. */
export const SNAP = 0.25;

/**
 * The piece under a point the pointer touched (on the mat, a roof, or a silhouette's side): the one
 * whose silhouette holds it, or whose base edge lies within `snap` of it; the nearest if several.
 */
export function pieceAt(k: TableKnowledge, x: number, y: number, z: number, snap = SNAP): string | null {
  let best: string | null = null;
  let bestGap = Infinity;
  for (const p of knownPieces(k)) {
    const gap = Math.hypot(x - p.c.x, y - p.c.y) - p.c.r;
    if (gap > snap) continue;
    if (z < p.c.z - snap || z > p.c.z + Math.max(p.c.h, 0.1) + snap) continue;
    if (gap < bestGap) {
      bestGap = gap;
      best = p.key;
    }
  }
  return best;
}
