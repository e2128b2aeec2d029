/**
 * The closing audit (NET-2): at the game's end, or on a claim, each machine opens everything it still
 * holds (`disclose`: its sealed commands, every leaf of every seal of its private commands, padding
 * and all, and its Lieutenant), and each replays the other's whole game in the clear with those
 * openings: every command of theirs, every private one, each in its place, checked for its legality
 * when it was made and against the digests their machine sent then, their seals opened to the last
 * leaf (padding shown as padding, no leaf left to hide a second choice, every roll of a private
 * command accounted for), no trooper standing on a guess. The verdict goes to both players, with the
 * command that failed.
 */
import { buildKnown } from '../../core/commit/build';
import { realChoices } from '../../core/commit/fixedSeal';
import type { HashPort } from '../../core/commit/hash';
import type { KnownEntry, KnownPrivate } from '../../core/commit/knowing';
import { withLieutenants } from '../../core/commit/lieutenant';
import { otherPlayer, type PlayerId, type Setup } from '../../core/model/types';
import type { EngineContext } from '../../core/ports';
import { unsealedClose } from './judge';
import type { GameSecrets } from './mine';
import { GAME_SEAL_LABEL, type Body, type NetState } from './protocol';
import { sealSpans, theirPrivates } from './theirs';

export type Verdict = { ok: true; message: string } | { ok: false; message: string; failed?: { seat: PlayerId; n: number | null; command: unknown } };

export async function auditTheirs(opts: {
  hash: HashPort;
  blind: Setup;
  seat: PlayerId;
  net: NetState;
  mine: GameSecrets;
  /** this player's own Lieutenant */
  lieutenant: string;
  /** the game's commands in their order, as this machine took them: seat and link */
  order: { seat: PlayerId; n: number }[];
  ctx: EngineContext;
}): Promise<Verdict> {
  const { hash, blind, seat, net, mine, order, ctx } = opts;
  const other = otherPlayer(seat);
  const d = net.logs[other].map((m) => m.body).find((b): b is Extract<Body, { t: 'disclose' }> => b.t === 'disclose');
  if (!d) return { ok: false, message: `Player ${other}'s machine has not opened its seals.` };
  const fail = (message: string, at?: { n: number | null; command: unknown; seat?: PlayerId }): Verdict => ({ ok: false, message, ...(at ? { failed: { seat: other, ...at } } : {}) });
  const open = unsealedClose(net, other, (n) => Object.values(net.seals).find((s) => s.label === GAME_SEAL_LABEL && s.closes === n)?.n);
  if (open !== null) return fail(`Player ${other}'s closing command (message ${open}) has no seal.`);

  // Every command in the clear: this player's from its own keeping, theirs as given or opened.
  const unsealed: Record<number, unknown> = { ...(net.unsealed ?? {}) };
  for (const u of d.unseals) unsealed[u.of] = u.opening.choice;
  const entries: KnownEntry[] = [];
  for (const o of order) {
    const b = net.logs[o.seat][o.n]!.body as Extract<Body, { t: 'cmd' }>;
    const dice = b.roll ? (net.rolls[b.roll]?.dice ?? []) : [];
    const base = { by: o.seat, dice, ...(b.digest ? { digest: b.digest } : {}), ...(b.spots ? { spots: b.spots } : {}) };
    if (o.seat === seat) entries.push({ ...base, command: (b.sealed ? mine.clear[o.n]?.choice : b.command) as never });
    else if (!b.sealed) entries.push({ ...base, command: b.command as never });
    else {
      if (!Object.hasOwn(unsealed, o.n)) return fail(`Player ${other}'s sealed ${String(b.command.do)} (message ${o.n}) was never opened.`, { n: o.n, command: b.command });
      entries.push({ ...base, command: unsealed[o.n] as never, projection: b.command as never });
    }
  }

  // Every seal of theirs opened to its last leaf; the real leaves are their private commands.
  const theirSeals = Object.values(net.seals).filter((s) => s.label === GAME_SEAL_LABEL);
  const disclosed = new Map(d.seals.map((s) => [s.seal, s]));
  const leaves: { seal: number; leaf: number; choice: unknown }[] = [];
  for (const s of theirSeals) {
    const x = disclosed.get(s.n);
    if (!x) return fail(`Player ${other}'s seal at message ${s.n} was not opened.`);
    for (const r of realChoices(x)) leaves.push({ seal: s.n, leaf: r.leaf, choice: { leaf: r.leaf, choice: r.choice } });
  }
  const spans = sealSpans(net, other);
  const checked = await theirPrivates(hash, net, seat, spans, 'random' in blind.dice, leaves);
  const bad = checked.find((c) => !c.ok);
  if (bad && !bad.ok) return fail(`Player ${other}'s private command in leaf ${bad.leaf} of their seal at message ${bad.seal}: ${bad.why}`, { n: bad.seal, command: (leaves.find((l) => l.seal === bad.seal && l.leaf === bad.leaf)?.choice as { choice?: { command?: unknown } })?.choice?.command ?? null });
  const privates: KnownPrivate[] = [...mine.privates, ...checked.flatMap((c) => (c.ok ? [c.p] : []))];
  // Every roll their machine made for a private command is one of them: none thrown away.
  const rolledFor = new Set(checked.flatMap((c) => (c.ok && c.p.roll ? [c.p.roll] : [])));
  const lost = net.logs[other].find((m) => m.body.t === 'rolled' && !rolledFor.has(m.body.roll));
  if (lost) return fail(`Player ${other}'s machine rolled dice for a private command (message ${lost.n}) that none of its seals holds.`, { n: lost.n, command: null });

  const setup = withLieutenants(blind, { [seat]: opts.lieutenant, [other]: d.lieutenant.choice.lieutenant } as Record<PlayerId, string>);
  const built = await buildKnown(hash, setup, seat, entries, privates, ctx, undefined, 2000, { full: true, lieutenantOpen: true });
  if (!built.ok) {
    const at = order[built.entry];
    const priv = 'private' in built && built.private;
    return fail(`Player ${other}'s game does not replay: ${built.message}`, priv || !at ? { n: null, command: 'command' in built ? built.command : null } : { seat: at.seat, n: at.n, command: entries[built.entry]?.command ?? null });
  }
  return { ok: true, message: `Player ${other}'s whole game replays in the clear: every command, every private choice (${privates.length - mine.privates.length}) and their Lieutenant, each legal when it was made.` };
}
