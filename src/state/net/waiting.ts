/**
 * What one machine waits for from the other's (NET-4): a command of the player the game waits for,
 * the dice of a shared roll, the opening of a trooper that came to light, the openings of the closing
 * audit. Each is named for the screen; how long it has lasted is measured on this machine's own clock
 * (game.ts), and once it is past the limit the players set, the waiting player may claim the game.
 */
import { otherPlayer, type PlayerId } from '../../core/model/types';
import { unsealedClose } from './judge';
import { GAME_SEAL_LABEL, type NetState } from './protocol';

/** In a game's `unconfirmed`: the game is over, and the other's private choices (MIS-12, MIS-17) are not opened yet. */
export const PRIVATE_CHOICES_OWED = 'the openings of their classified objective and Lieutenant';

export function owedBy(
  net: NetState,
  seat: PlayerId,
  game: { unconfirmed: string[]; closing: { theirs: unknown } | null; order: { seat: PlayerId; n: number }[]; refused: Record<number, string> },
  speaker: PlayerId | null,
): string | null {
  const other = otherPlayer(seat);
  if (net.logs[other].length === 0) return null;
  const theirs = net.logs[other].map((m) => m.body);
  if (game.closing) return theirs.some((b) => b.t === 'disclose') ? null : 'the openings of every seal, for the closing audit';
  if (game.unconfirmed.includes(PRIVATE_CHOICES_OWED)) return PRIVATE_CHOICES_OWED;
  if (game.unconfirmed.length > 0) return 'the opening of the trooper that came to light';
  for (const r of Object.values(net.rolls)) {
    if (r.dice) continue;
    if (r.commitments[seat] && !r.commitments[other] && r.by === seat) return 'their part of a shared roll';
    if (r.commitments.A && r.commitments.B && r.openings[seat] && !r.openings[other]) return 'the opening of their part of a shared roll';
  }
  const seals = (n: number) => Object.values(net.seals).find((s) => s.label === GAME_SEAL_LABEL && s.closes === n)?.n;
  if (unsealedClose(net, other, seals) !== null) return 'the seal of their step';
  if (speaker !== other) return null;
  const used = new Set(game.order.filter((o) => o.seat === other).map((o) => o.n));
  const pending = net.logs[other].some((m, i) => m.body.t === 'cmd' && !used.has(i) && !game.refused[i]);
  return pending ? null : 'their command';
}
