/**
 * What a machine takes of the other's private information (NET-2), besides their commands: their
 * private commands as their opened seal leaves give them, and their Lieutenant. A leaf is taken only
 * as what the game could have placed there: a command of theirs, in the span of the game its seal
 * covers (after the commands the seal before it covered, up to the closing command it follows), its
 * dice from a roll their machine made for that very command, and no two of them in one place.
 */
import { commitTo } from '../../core/commit/commit';
import type { LeafChoice } from '../../core/commit/fixedSeal';
import type { HashPort } from '../../core/commit/hash';
import type { KnownPrivate } from '../../core/commit/knowing';
import { standInLieutenant, withLieutenants } from '../../core/commit/lieutenant';
import { commandSchema } from '../../core/model/commands';
import { otherPlayer, type PlayerId, type Setup } from '../../core/model/types';
import { GAME_ROLL, GAME_SEAL_LABEL, MAX_DICE, helloOf, type NetState } from './protocol';

/** The fields a command carries its own dice in (GAME-TURN.md): in a game with random dice, never from the other machine. */
const DICE_FIELDS = ['roll', 'rolls', 'dice', 'saves'];
export function carriesDice(cmd: unknown): boolean {
  return !!cmd && typeof cmd === 'object' && DICE_FIELDS.some((k) => Object.hasOwn(cmd, k));
}

/**
 * Where each game seal of `p`'s lets its private commands stand: the entries they may come after,
 * [lo, hi]. A closing command says its own place in the game (`at`; one that is not in its place is
 * refused, and so is every private command that leans on it at the audit): the seal after it covers
 * the private commands since the seal before, up to it. A seal placed early covers them up to the
 * player's next command.
 */
export function sealSpans(net: NetState, p: PlayerId): Record<number, [number, number]> {
  const out: Record<number, [number, number]> = {};
  const list = net.logs[p];
  const at = (b: unknown) => ((b as { t?: string; at?: unknown }).t === 'cmd' && Number.isInteger((b as { at?: unknown }).at) ? ((b as { at: number }).at as number) : undefined);
  const lastAt = Math.max(-1, ...(['A', 'B'] as PlayerId[]).flatMap((q) => net.logs[q].flatMap((m) => at(m.body) ?? [])));
  let lo = 0;
  list.forEach((m, i) => {
    const b = m.body;
    if (b.t !== 'seal' || b.label !== GAME_SEAL_LABEL) return;
    if (b.closes !== undefined) {
      const hi = at(list[b.closes]?.body) ?? -1;
      out[i] = [lo, hi];
      lo = hi + 1;
    } else {
      // Early, just before one is opened: up to the player's next command.
      const next = list.find((x, j) => j > i && at(x.body) !== undefined);
      out[i] = [lo, next ? at(next.body)! : lastAt + 1];
    }
  });
  return out;
}

/** A leaf's private command, checked for its shape, its place and its dice; the reason when it is not taken. */
export type TheirPrivate = { ok: true; seal: number; leaf: number; p: KnownPrivate } | { ok: false; seal: number; leaf: number; why: string };

export async function checkPrivate(hash: HashPort, net: NetState, other: PlayerId, seal: number, leaf: number, choice: unknown, span: [number, number] | undefined, random: boolean): Promise<TheirPrivate> {
  const no = (why: string): TheirPrivate => ({ ok: false, seal, leaf, why });
  const c = choice as LeafChoice<KnownPrivate> | null;
  if (!c || typeof c !== 'object' || !('choice' in c)) return no('it is padding.');
  const p = c.choice as Partial<KnownPrivate> | null;
  if (!p || typeof p !== 'object' || !Number.isInteger(p.after) || !Number.isInteger(p.seq) || (p.seq as number) < 0) return no('it is not a private command in its place.');
  const parsed = commandSchema.safeParse(p.command);
  if (!parsed.success || (p.command as { player?: unknown }).player !== other) return no(`it is not a command of Player ${other}'s.`);
  if (!span || p.after! < span[0] || p.after! > span[1]) return no(`its command is placed after command ${p.after} of the game, where its seal does not reach (its seal covers the commands ${span ? `${span[0]} to ${span[1]}` : 'of no step'}).`);
  const dice = p.dice;
  if (!Array.isArray(dice) || dice.length > MAX_DICE || !dice.every((d) => Number.isInteger(d) && d >= 1 && d <= 20)) return no('its dice are not d20s.');
  if (random && carriesDice(p.command)) return no('it brings its own dice, and in this game every die comes from both machines.');
  if (dice.length > 0 || p.roll !== undefined) {
    const roll = typeof p.roll === 'string' && Object.hasOwn(net.rolls, p.roll) ? net.rolls[p.roll] : undefined;
    if (!roll || roll.by !== other || !roll.dice || roll.dice.slice(0, dice.length).join() !== dice.join()) return no('its dice are not those of a roll their machine made.');
    const usedBy = net.used?.[p.roll!];
    const rolled = usedBy?.startsWith(other) ? net.logs[other][Number(usedBy.slice(1))]?.body : undefined;
    if (!rolled || rolled.t !== 'rolled') return no('its roll was not given for a private command.');
    if (typeof p.salt !== 'string' || (await commitTo(hash, p.command, p.salt).catch(() => null)) !== p.roll!.slice(GAME_ROLL.length)) return no('its roll was made for another command.');
  }
  return { ok: true, seal, leaf, p: { after: p.after!, seq: p.seq!, command: parsed.data as KnownPrivate['command'], dice, ...(p.roll ? { roll: p.roll } : {}), ...(p.salt ? { salt: p.salt } : {}) } };
}

/** The other's private commands as their opened seal leaves give them, each checked; two in one place: the second is not taken. */
export async function theirPrivates(hash: HashPort, net: NetState, seat: PlayerId, spans: Record<number, [number, number]>, random: boolean, leaves?: { seal: number; leaf: number; choice: unknown }[]): Promise<TheirPrivate[]> {
  const other = otherPlayer(seat);
  const opened = leaves ?? Object.values(net.seals).filter((s) => s.label === GAME_SEAL_LABEL).flatMap((s) => s.opened.map((o) => ({ seal: s.n, leaf: o.leaf, choice: o.choice })));
  const out: TheirPrivate[] = [];
  const places = new Set<string>();
  for (const o of opened) {
    const r = await checkPrivate(hash, net, other, o.seal, o.leaf, o.choice, spans[o.seal], random);
    if (r.ok) {
      const place = `${r.p.after}/${r.p.seq}`;
      if (places.has(place)) {
        out.push({ ok: false, seal: o.seal, leaf: o.leaf, why: `another of their private commands was opened in the same place (after command ${r.p.after}, number ${r.p.seq}).` });
        continue;
      }
      places.add(place);
    }
    out.push(r);
  }
  return out;
}

/** The other's Lieutenant as this machine knows it: opened (their `lieutenant` or disclosure), or null. */
export function theirLieutenant(net: NetState, seat: PlayerId): string | null {
  for (const m of net.logs[otherPlayer(seat)]) {
    const b = m.body;
    if (b.t === 'lieutenant' || b.t === 'disclose') return (b.t === 'lieutenant' ? b.opening : b.lieutenant).choice.lieutenant;
  }
  return null;
}

/** The setup this machine plays on: its own Lieutenant as it is, the other's opened or a stand-in with their announced WIP. */
export function knownSetup(blind: Setup, net: NetState, seat: PlayerId, own: string): Setup {
  const other = otherPlayer(seat);
  const hello = helloOf(net, other);
  const theirs = theirLieutenant(net, seat) ?? (hello ? standInLieutenant(blind, other, hello.wip) : null) ?? blind.players[other].troopers[0]!.id;
  return withLieutenants(blind, { [seat]: own, [other]: theirs } as Record<PlayerId, string>);
}
