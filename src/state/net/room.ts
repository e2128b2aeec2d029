/**
 * The room of a two-machine session on Yjs (NET-1): a Y.Doc per room with one Y.Array per seat,
 * carried by y-websocket to the library's own relay (`npx y-websocket-server`, from
 * @y/websocket-server; no server of ours). The relay keeps the room's document while it runs, so a
 * machine that drops out and comes back (or reloads) gets every message it missed, and the other may
 * go on writing meanwhile (NET-4). Yjs only carries the lists: every message is judged by the session
 * (protocol.ts), never trusted because it arrived.
 *
 * This module is loaded only when a player opens Two machines (a dynamic import), so Yjs is not in
 * the JavaScript before the table's first frame.
 */
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import type { PlayerId } from '../../core/model/types';
import type { Message } from './protocol';
import type { Transport } from './session';

export type RoomStatus = 'connecting' | 'connected' | 'disconnected';

export interface Room extends Transport {
  status(): RoomStatus;
  onStatus(cb: (s: RoomStatus) => void): () => void;
  /**
   * Whether the other seat's machine is in the room now (the library's awareness: a machine that
   * stops answering drops out within about 30 seconds), and since when it is or is not (this
   * machine's clock, ms); `seen` once it has been there at all.
   */
  presence(): { here: boolean; since: number; seen: boolean };
  /** drops the connection (as a lost network would); `connect` brings it back */
  disconnect(): void;
  connect(): void;
  destroy(): void;
}

/** The seats' lists of a Y.Doc as a transport; `changed` calls every listener (a sync calls it too). */
export function docTransport(doc: Y.Doc): Transport & { changed: () => void } {
  const lists: Record<PlayerId, Y.Array<Message>> = { A: doc.getArray<Message>('A'), B: doc.getArray<Message>('B') };
  const changeCbs = new Set<() => void>();
  const changed = () => {
    for (const cb of changeCbs) cb();
  };
  doc.on('update', changed);
  return {
    append: (seat, m) => lists[seat].push([m]),
    list: (seat) => lists[seat].toArray(),
    onChange(cb) {
      changeCbs.add(cb);
      return () => changeCbs.delete(cb);
    },
    changed,
  };
}

/** The room `name` on the relay at `url` (ws:// or wss://), for the machine of `seat`. */
export function openRoom(url: string, name: string, seat: PlayerId): Room {
  const doc = new Y.Doc();
  const provider = new WebsocketProvider(url, `infinity-table-${name}`, doc, { disableBc: true });
  const other: PlayerId = seat === 'A' ? 'B' : 'A';
  provider.awareness.setLocalStateField('seat', seat);
  let presence = { here: false, since: Date.now(), seen: false };
  const look = () => {
    const here = [...provider.awareness.getStates().entries()].some(([id, st]) => id !== doc.clientID && (st as { seat?: unknown })?.seat === other);
    if (here !== presence.here) presence = { here, since: Date.now(), seen: presence.seen || here };
  };
  provider.awareness.on('change', look);
  const lists = docTransport(doc);
  let status: RoomStatus = 'connecting';
  const statusCbs = new Set<(s: RoomStatus) => void>();
  provider.on('sync', (synced: boolean) => {
    if (synced) lists.changed();
  });
  provider.on('status', ({ status: s }: { status: string }) => {
    status = s === 'connected' ? 'connected' : s === 'connecting' ? 'connecting' : 'disconnected';
    if (status === 'connected') {
      // Back: the relay marked this machine gone one tick past its own awareness clock, and takes it
      // back only from a newer one; two ticks say "here" again at once (not at the next renewal, 30 s on).
      const st = provider.awareness.getLocalState() ?? { seat };
      provider.awareness.setLocalState({ ...st });
      provider.awareness.setLocalState({ ...st });
    }
    for (const cb of statusCbs) cb(status);
  });
  return {
    append: lists.append,
    list: lists.list,
    onChange: lists.onChange,
    status: () => status,
    presence: () => {
      look();
      return presence;
    },
    onStatus(cb) {
      statusCbs.add(cb);
      return () => statusCbs.delete(cb);
    },
    disconnect: () => provider.disconnect(),
    connect: () => provider.connect(),
    destroy() {
      provider.destroy();
      doc.destroy();
    },
  };
}
