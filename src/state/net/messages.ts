/**
 * The messages of a two-machine game and the protocol state they make (protocol.ts says what each
 * means; judge.ts what is checked of each).
 */
import type { Link } from '../../core/commit/chain';
import type { Opening, SealOpening } from '../../core/commit/commit';
import type { SealDisclosure } from '../../core/commit/fixedSeal';
import type { LieutenantChoice } from '../../core/commit/lieutenant';
import type { CommittedList, ListDisclosure, SlotChoice } from '../../core/commit/listSlots';
import type { PlayerId, Setup } from '../../core/model/types';

/** What the players set when the game is made: how long a machine may keep the other waiting. */
export interface Limits {
  /** seconds a command or an opening may be withheld before the waiting player may claim the game */
  waitSeconds: number;
}

export const DEFAULT_LIMITS: Limits = { waitSeconds: 300 };

export type Body =
  | {
      t: 'hello';
      seat: PlayerId;
      game: string;
      key: string;
      lieutenant: string;
      wip: number;
      /** PRIV-8: the seat's own list, its open part in the clear and a commitment per private slot (core/commit/listSlots.ts) */
      list: CommittedList;
      setup?: Setup;
      limits?: Limits;
    }
  | { t: 'seal'; seat: PlayerId; label: string; root: string; closes?: number; early?: true }
  | { t: 'open'; seat: PlayerId; seal: number; opening: SealOpening }
  | { t: 'dice-commit'; seat: PlayerId; label: string; count: number; commitment: string }
  | { t: 'dice-open'; seat: PlayerId; label: string; other: string; opening: Opening<string> }
  | {
      t: 'cmd';
      seat: PlayerId;
      /** the command as given (no dice of its own), or its projection when `sealed` */
      command: Record<string, unknown>;
      sealed?: true;
      /** sealed: the commitment to the command in the clear */
      commitment?: string;
      /** the shared roll its d20s come from */
      roll?: string;
      /** the common view's digest after it (core/commit/knowing.ts), unless the command brings the other's secrets to light */
      digest?: string;
      /** sealed: where the markers it puts on the table stand */
      spots?: Record<string, { x: number; y: number; z: number }>;
      /** public, with a roll: the salt of the commitment its roll's label names */
      salt?: string;
      /** the command's place in the game (how many commands come before it): one given out of turn never fits */
      at?: number;
    }
  | { t: 'unseal'; seat: PlayerId; of: number; opening: Opening<unknown> }
  | { t: 'rolled'; seat: PlayerId; roll: string; commitment: string }
  | { t: 'lieutenant'; seat: PlayerId; opening: Opening<LieutenantChoice> }
  /** PRIV-8: one slot of the seat's list opened, before the command that brings its trooper to light */
  | { t: 'slot'; seat: PlayerId; opening: Opening<SlotChoice> }
  | { t: 'refused'; seat: PlayerId; of: number; hash: string; why: string }
  | { t: 'claim'; seat: PlayerId; kind: 'timeout' | 'cheat'; why: string }
  | {
      t: 'disclose';
      seat: PlayerId;
      unseals: { of: number; opening: Opening<unknown> }[];
      seals: ({ seal: number } & SealDisclosure)[];
      lieutenant: Opening<LieutenantChoice>;
      /** PRIV-8: the seat's whole list opened: every slot, blanks included, and the open troopers' rest */
      list: ListDisclosure;
    }
  | { t: 'verdict'; seat: PlayerId; ok: boolean; message: string; failed?: { seat: PlayerId; n: number | null; command: unknown } }
  /** what a machine keeps in place of a link of the other's it refused: its place in the chain, nothing of what it said */
  | { t: 'void'; seat: PlayerId; why: string };

export type Message = Link<Body> & { sig?: string };

/** The most d20s one shared roll may ask for. */
export const MAX_DICE = 40;

/** The label of a roll made for one command: `cmd:` and the commitment to that command. */
export const GAME_ROLL = 'cmd:';

/** The label of the seals over a player's private commands (the panel's own notes have others). */
export const GAME_SEAL_LABEL = 'game:private commands';

/** The commands after which the game places a seal. */
export const CLOSES = new Set(['endStep', 'endTurn']);

/** A roll both machines made: its label, how many dice, each side's commitment and opening, and the dice. */
export interface SharedRoll {
  label: string;
  count: number;
  by: PlayerId;
  commitments: Partial<Record<PlayerId, string>>;
  openings: Partial<Record<PlayerId, Opening<string>>>;
  dice: number[] | null;
}

/** A seal of the other player's, as this machine knows it: its root, where the game placed it, and what has been opened of it. */
export interface TheirSeal {
  n: number;
  label: string;
  root: string;
  /** a game seal: the link of the closing command it follows, or `early` (just before one of its leaves is opened) */
  closes?: number;
  early?: true;
  opened: { leaf: number; choice: unknown }[];
}

/** The protocol state of one machine: both lists as accepted, the rolls, the seals, the refusals. */
export interface NetState {
  seat: PlayerId;
  /** the hash of the game's (blind) setup */
  game: string;
  start: Record<PlayerId, string>;
  logs: Record<PlayerId, Message[]>;
  rolls: Record<string, SharedRoll>;
  /** the other player's seals, by their link number */
  seals: Record<number, TheirSeal>;
  /** why links of the other list were refused, the latest last */
  refusals: string[];
  /** the other player's sealed commands opened so far: by the link number of their `cmd` */
  unsealed?: Record<number, unknown>;
  /** each shared roll a command has drawn from: the link that used it (a roll serves one command) */
  used?: Record<string, string>;
  /** each seat's public key, from its hello */
  keys?: Partial<Record<PlayerId, string>>;
  /** PRIV-8: the other's private troopers whose slot they opened: trooper id to slot */
  slots?: Record<string, number>;
  /** the links of the other's list refused for good (by hash and signature), and why: passed over, never judged again */
  bad?: Record<string, string>;
}

/** What judging a link of the other's needs besides the state: the game's blind setup, the inviting seat's key fingerprint. */
export interface JudgeContext {
  setup: Setup;
  /** the inviting machine's key, as the invitation link names it (hex fingerprint), if it does */
  expectKey?: (publicKey: string) => Promise<boolean>;
}

export const headOf = (s: NetState, p: PlayerId) => s.logs[p].at(-1)?.hash ?? s.start[p];

/** The seat's hello, as the other machine took it (null before it came). */
export function helloOf(s: NetState, p: PlayerId): Extract<Body, { t: 'hello' }> | null {
  const b = s.logs[p][0]?.body;
  return b && b.t === 'hello' ? b : null;
}

/** The time limit of the game: the inviting machine's hello says it. */
export function limitsOf(s: NetState): Limits {
  const l = helloOf(s, 'A')?.limits;
  return l && Number.isFinite(l.waitSeconds) ? l : DEFAULT_LIMITS;
}
