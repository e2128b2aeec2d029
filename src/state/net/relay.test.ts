/**
 * The relay as `npm run relay` starts it (scripts/relay.mjs: the library's own server with its LevelDB
 * persistence): two machines play through it, the relay stops and starts again, and the game goes on
 * from the rooms it kept (NET-4).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { webCryptoHash as hash } from '../../core/commit/hash';
import type { PlayerId } from '../../core/model/types';
import { demoSetup } from '../demo';
import { fakeStorage } from '../testStorage';
import { docTransport } from './room';
import { createSession, type Session } from './session';

/** Node's WebSocket for y-websocket (the one the library's server uses; it has no types of its own here). */
const WebSocket = ((await import('ws' as string)) as { default: unknown }).default;

const PORT = 17_000 + Math.floor(Math.random() * 2000);
const dir = mkdtempSync(join(tmpdir(), 'relay-'));
let relay: ChildProcess | null = null;

async function startRelay() {
  relay = spawn(process.execPath, [new URL('../../../scripts/relay.mjs', import.meta.url).pathname], { env: { ...process.env, PORT: String(PORT), YPERSISTENCE: dir }, stdio: 'pipe' });
  await new Promise<void>((resolve, reject) => {
    relay!.stdout!.on('data', (d: Buffer) => d.toString().includes('relay at') && resolve());
    relay!.on('exit', (code) => reject(new Error(`the relay stopped (${code})`)));
  });
}

async function stopRelay() {
  const r = relay!;
  relay = null;
  await new Promise((resolve) => {
    r.on('exit', resolve);
    r.kill('SIGTERM');
  });
}

/** A machine's room on the relay (as room.ts opens it in the browser, with Node's WebSocket). */
function room(name: string) {
  const doc = new Y.Doc();
  const provider = new WebsocketProvider(`ws://localhost:${PORT}`, `infinity-table-${name}`, doc, { WebSocketPolyfill: WebSocket as never, disableBc: true });
  const t = docTransport(doc);
  provider.on('sync', (s: boolean) => s && t.changed());
  return { t, provider, doc };
}

const until = async (ok: () => boolean, what: string) => {
  for (let i = 0; i < 100 && !ok(); i++) await new Promise((r) => setTimeout(r, 50));
  expect(ok(), what).toBe(true);
};

afterAll(async () => {
  if (relay) await stopRelay();
  rmSync(dir, { recursive: true, force: true });
});

describe('the relay (NET-4)', () => {
  it('NET-4 two machines play through `npm run relay`; the relay stops and starts again, and the game goes on from the rooms it kept', async () => {
    await startRelay();
    const setup = demoSetup();
    const storage = fakeStorage();
    const open = async (seat: PlayerId) => {
      const r = room('RESTART1');
      const s = await createSession({ hash, setup, seat, transport: r.t, host: seat === 'A', storage, storageKey: seat });
      return { r, s };
    };
    const a = await open('A');
    let b = await open('B');
    await until(() => a.s.store.getState().net.logs.B.length > 0, "A's machine has B's hello");
    const first = await a.s.roll(3);
    await until(() => !!b.s.store.getState().net.rolls[first]?.dice, 'the first roll is made on both');

    // The relay goes away, and both machines with it; the relay comes back, and B's machine alone
    // (from its own storage): A's list is there, from the relay's store and nowhere else.
    const lengthA = a.s.store.getState().net.logs.A.length;
    await stopRelay();
    for (const m of [a, b]) {
      m.r.provider.destroy();
      m.s.dispose();
    }
    await startRelay();
    b = await open('B');
    await until(() => b.r.t.list('A').length >= lengthA, "the room holds A's list after the relay's restart");
    const a2 = await open('A');
    const sessions: Session[] = [a2.s, b.s];
    const second = await b.s.roll(2);
    await until(() => !!a2.s.store.getState().net.rolls[second]?.dice, 'a roll after the restart is made on both');
    expect(a2.s.store.getState().net.rolls[second]!.dice).toEqual(b.s.store.getState().net.rolls[second]!.dice);
    for (const s of sessions) expect(s.store.getState().error).toBeNull();
    a2.r.provider.destroy();
    b.r.provider.destroy();
  }, 60_000);
});
