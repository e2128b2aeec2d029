/**
 * What a machine keeps of its own two-machine game, and what it owes the other (game.ts): the clear
 * commands behind its commitments, its private commands and the seals over them (a fixed number of
 * leaves each, core/commit/fixedSeal.ts), what it has opened; the openings the rules call for when one
 * of its troopers comes to light (its list's slot, PRIV-8; and its Lieutenant, GRP-4); and, at the game's end, every opening it
 * still holds (the closing audit). All of it lives in the session's storage, on this machine only.
 */
import type { Opening } from '../../core/commit/commit';
import { GAME_SEAL_LEAVES, openLeaf, sealFixed, type FixedSealKeep } from '../../core/commit/fixedSeal';
import type { HashPort } from '../../core/commit/hash';
import { names, PRIVATE_CHOICE, type KnownPrivate } from '../../core/commit/knowing';
import { otherPlayer, type Command, type GameState } from '../../core/model/types';
import { nameNow } from '../../core/view';
import { GAME_SEAL_LABEL, type Body } from './protocol';
import type { Session } from './session';

/** What this machine keeps of its own game to itself (in its session's storage). */
export interface GameSecrets {
  /** its sealed commands in the clear, by their link number: the opening of each commitment */
  clear: Record<number, Opening<Command>>;
  /** its private commands, in order */
  privates: KnownPrivate[];
  /** how many of them a seal covers already */
  sealed: number;
  /** its seals of private commands, by link number: what opens each leaf, and which private commands it holds, in order */
  seals: Record<number, { keep: FixedSealKeep<KnownPrivate>; privates: number[] }>;
  /** what it has opened already: sealed links, private commands, its Lieutenant */
  opened: { links: number[]; privates: number[]; lieutenant?: true };
  /** a command whose shared roll has been asked for and not yet used: its roll's label, and the command's opening */
  pending?: { label: string; opening: Opening<Command> };
}

const NO_SECRETS: GameSecrets = { clear: {}, privates: [], sealed: 0, seals: {}, opened: { links: [], privates: [] } };

/** What the game keeps, read from the session's store (none yet: empty). */
export function asSecrets(game: unknown): GameSecrets {
  const g = game as GameSecrets | undefined;
  return g && Array.isArray(g.privates) ? g : structuredClone(NO_SECRETS);
}

export function secretsOf(session: Session): GameSecrets {
  return asSecrets(session.store.getState().secrets.game);
}

/** How many private commands one step may hold: a seal's leaves. */
export const MAX_PRIVATES = GAME_SEAL_LEAVES;

/**
 * A seal over the private commands no seal covers yet (perhaps none): after a closing command
 * (`closes`: its link), or early, just before one of them is opened.
 */
export async function sealPrivates(hash: HashPort, session: Session, closes: number | null): Promise<number> {
  const g = secretsOf(session);
  const idx = g.privates.map((_, i) => i).slice(g.sealed);
  const keep = await sealFixed(hash, idx.map((i) => g.privates[i]!));
  const body: Body = { t: 'seal', seat: session.seat, label: GAME_SEAL_LABEL, root: keep.root, ...(closes === null ? { early: true as const } : { closes }) };
  return session.post(body, (n, game) => {
    const s = asSecrets(game);
    return { ...s, sealed: idx.length > 0 ? Math.max(s.sealed, idx.at(-1)! + 1) : s.sealed, seals: { ...s.seals, [n]: { keep, privates: idx } } };
  });
}

/** The closing command of this machine's that still lacks its seal (a reload between the two), or null. */
export function closeWithoutSeal(session: Session): number | null {
  const list = session.store.getState().net.logs[session.seat];
  for (let i = list.length - 1; i >= 0; i--) {
    const b = list[i]!.body;
    if (b.t === 'seal' && b.label === GAME_SEAL_LABEL && b.closes !== undefined) return null;
    if (b.t === 'cmd') return b.command.do === 'endStep' || b.command.do === 'endTurn' ? i : null;
  }
  return null;
}

/**
 * Opens every sealed and private command of this player's that names a trooper the other now knows,
 * and this player's Lieutenant once it has shown itself (GRP-4): before the command that shows them
 * travels, for the other machine takes that command only with its openings.
 */
export async function revealDuty(hash: HashPort, session: Session, state: GameState): Promise<void> {
  const seat = session.seat;
  const other = otherPlayer(seat);
  let g = secretsOf(session);
  const first = session.store.getState().secrets.lieutenant!.choice.lieutenant;
  const named = state.score?.lieutenants?.[seat];
  const down = (id: unknown) => typeof id === 'string' && (state.troopers[id]?.status === 'unconscious' || state.troopers[id]?.status === 'removed');
  // GRP-4: shown by the Lieutenant Special Order. MIS-16: shown by the Loss of Lieutenant its fall
  // brings, at a Tactical Phase the other machine's command may start: so opened as soon as it is down.
  // MIS-12: at a mission's end, for a classified objective may ask whether it is down.
  const over = !!state.score?.result;
  if (!g.opened.lieutenant && (state.lieutenantKnown[seat] || named !== undefined || down(first) || over)) {
    await session.post({ t: 'lieutenant', seat, opening: session.store.getState().secrets.lieutenant! } as Body, (_n, game) => ({ ...asSecrets(game), opened: { ...asSecrets(game).opened, lieutenant: true as const } }));
    g = secretsOf(session);
  }
  // The private choices (knowing.ts PRIVATE_CHOICE): a new Lieutenant (MIS-17) as the first one, once
  // it is shown, down or replaced, or the game is over; a classified objective (MIS-12) at the game's
  // end, when it scores (a missed one is then opened too: the closing audit opens everything).
  const choiceDue = (c: Command): boolean => {
    if (c.do === 'nameLieutenant') return c.trooper !== named || state.lieutenantKnown[seat] || down(c.trooper) || over;
    if (c.do === 'classified') return over;
    return false;
  };
  for (const [key, opening] of Object.entries(g.clear)) {
    const n = Number(key);
    if (g.opened.links.includes(n) || !PRIVATE_CHOICE[opening.choice.do] || !choiceDue(opening.choice)) continue;
    await session.post({ t: 'unseal', seat, of: n, opening } as Body, (_n, game) => {
      const s = asSecrets(game);
      return { ...s, opened: { ...s.opened, links: [...s.opened.links, n] } };
    });
    g = secretsOf(session);
  }
  const lit = Object.keys(state.troopers).filter((id) => state.troopers[id]!.player === seat && nameNow(state, id, other) === id);
  if (lit.length === 0) return;
  // PRIV-8: a private trooper of this list come to light: its slot opened first (once), for the other
  // machine takes the command that shows it only with that opening.
  const keep = session.store.getState().secrets.list;
  const net = session.store.getState().net;
  // One the other machine refused is not taken there: sent again.
  const refused = new Set(net.logs[other].flatMap((m) => (m.body.t === 'refused' ? [m.body.hash] : [])));
  const slotsSent = new Set(net.logs[seat].flatMap((m) => (m.body.t === 'slot' && !refused.has(m.hash) ? [m.body.opening.choice.slot] : [])));
  for (const id of lit) {
    const slot = keep?.slotOf[id];
    if (slot === undefined || slotsSent.has(slot)) continue;
    await session.post({ t: 'slot', seat, opening: keep!.openings[slot]! });
    slotsSent.add(slot);
  }
  const mine = Object.keys(state.troopers).filter((id) => state.troopers[id]!.player === seat);
  // A command is opened once every trooper of this player's it names is known to the other (one that
  // names two markers tells nothing of the second while only the first has come to light).
  const due = (c: unknown) => lit.some((id) => names(c, id)) && mine.every((id) => !names(c, id) || lit.includes(id));
  for (const [key, opening] of Object.entries(g.clear)) {
    const n = Number(key);
    if (g.opened.links.includes(n) || PRIVATE_CHOICE[opening.choice.do] || !due(opening.choice)) continue;
    await session.post({ t: 'unseal', seat, of: n, opening } as Body, (_n, game) => {
      const s = asSecrets(game);
      return { ...s, opened: { ...s.opened, links: [...s.opened.links, n] } };
    });
    g = secretsOf(session);
  }
  const toOpen = g.privates.map((p, i) => [p, i] as const).filter(([p, i]) => !g.opened.privates.includes(i) && due(p.command));
  if (toOpen.length === 0) return;
  // One not sealed yet (it came to light in the step it was made): the game places a seal now.
  if (toOpen.some(([, i]) => i >= g.sealed)) await sealPrivates(hash, session, null);
  g = secretsOf(session);
  for (const [, i] of toOpen) {
    const [n, s] = Object.entries(g.seals).find(([, x]) => x.privates.includes(i))!;
    const leaf = s.keep.places[s.privates.indexOf(i)]!;
    await session.post({ t: 'open', seat, seal: Number(n), opening: openLeaf(s.keep, leaf) }, (_n, game) => {
      const x = asSecrets(game);
      return { ...x, opened: { ...x.opened, privates: [...x.opened.privates, i] } };
    });
    g = secretsOf(session);
  }
}

/** Every opening this machine still holds, for the closing audit: its sealed commands, every leaf of its seals, its Lieutenant. */
export function disclosure(session: Session): Body {
  const g = secretsOf(session);
  const net = session.store.getState().net;
  const sent = new Set(net.logs[session.seat].map((m) => m.n));
  return {
    t: 'disclose',
    seat: session.seat,
    unseals: Object.entries(g.clear)
      .filter(([n]) => sent.has(Number(n)) && !g.opened.links.includes(Number(n)))
      .map(([n, opening]) => ({ of: Number(n), opening })),
    seals: Object.entries(g.seals).map(([n, s]) => ({ seal: Number(n), leaves: s.keep.leaves, openings: s.keep.openings })),
    lieutenant: session.store.getState().secrets.lieutenant!,
    list: { slots: session.store.getState().secrets.list?.openings ?? [], rest: session.store.getState().secrets.list?.rest as never },
  };
}
