import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseArmyFileText } from '../../armyfile';
import { apply, createGame } from '../../engine';
import type { Command, GameEvent, GameState, Setup } from '../../model/types';
import { composeGameFile } from '../../newgame';
import { parseTableFileText } from '../../tablefile';
import { contextFor } from '../../testing/fixtures';
import { viewEvents } from '../../view';
import { plannedOdds } from '../../answers';
import { parseMissionFileText } from './file';

const asset = (path: string) => readFileSync(new URL(`../../../../assets/${path}`, import.meta.url), 'utf8');

/** Relay Uplink on Nexus Station (consoles at (13, 23.5) and (35, 24.5), r 0.5), manual dice, with specialists. */
function setupWith(missionId: string | null = 'relay-uplink'): Setup {
  const file = composeGameFile(
    parseTableFileText(asset('tables/nexus-station.json')),
    parseArmyFileText(asset('armies/ember-directorate.json')),
    parseArmyFileText(asset('armies/tidewater-concord.json')),
    { manual: true },
    missionId ? parseMissionFileText(asset(`missions/${missionId}.json`)) : undefined,
  );
  const { commands: _c, ...setup } = file;
  const a = setup.players.A.troopers;
  const prof = (id: string) => a.find((t) => t.id === id)!;
  prof('a-sable').skills = ['hacker'];
  prof('a-osei').skills = ['doctor'];
  prof('a-outrider').skills = ['engineer'];
  prof('a-ironclad').structure = true;
  return setup;
}

/** A's turn of round 1; A's troopers where given (else far back), B's all hidden far away. */
function aTurn(setup: Setup, place: Record<string, { x: number; y: number; status?: 'model' | 'unconscious'; wounds?: number }>): GameState {
  const s = createGame(setup);
  s.phase = 'game';
  s.round = 1;
  s.active = 'A';
  s.initiative.firstTurn = 'A';
  s.pool = { groups: { '1': 9, '2': 9, '3': 9 }, irregular: { 'a-drone': 1 }, lieutenant: 1 };
  let spare = 2;
  for (const [id, t] of Object.entries(s.troopers)) {
    const p = place[id];
    if (t.player === 'A') {
      Object.assign(t, p ? { status: p.status ?? 'model', x: p.x, y: p.y, z: 0, facing: 90, prone: p.status === 'unconscious' } : { status: 'model', x: (spare += 4), y: 2, z: 0, facing: 0 });
      if (p?.wounds !== undefined) t.wounds = p.wounds;
      if (p?.status === 'unconscious') t.wounds = 0;
    } else Object.assign(t, { status: 'hidden', x: 46, y: 46, z: 0, facing: 180 });
  }
  return s;
}

/** Plays commands in order (B answering each window with no ARO), returning the last state and every event. */
function play(s: GameState, cmds: Command[]) {
  const events: GameEvent[] = [];
  let state = s;
  const ctx = contextFor(s.setup);
  for (const c of cmds) {
    const r = apply(state, c, ctx);
    if (!r.ok) return { state, events, rejection: r.rejection };
    events.push(...r.events);
    state = r.state;
    while (state.order && (state.order.stage === 'aro1' || state.order.stage === 'aro2')) {
      const w = apply(state, { do: 'aros', player: 'B', declarations: [] }, ctx);
      if (!w.ok) throw new Error(w.rejection.message);
      events.push(...w.events);
      state = w.state;
    }
  }
  return { state, events, rejection: null };
}

const order = (trooper: string, skill: Record<string, unknown>): Command => ({ do: 'order', player: 'A', trooper, ...skill }) as Command;
const none: Command = { do: 'second', player: 'A', skill: 'none' };
const rolls = (trooper: string, die: number): Command => ({ do: 'rolls', rolls: { [trooper]: [die] } });
// S2 base: 25 mm, 0.5" radius; console-west at (13, 23.5), r 0.5 (a building's corner at (12, 23.5)): touching from the south.
const TOUCH_WEST = { x: 13, y: 22.5 };

describe('specialists', () => {
  it('MIS-14 a specialist in contact activates an objective with a Normal WIP roll; the score and both views show it', () => {
    const s = aTurn(setupWith(), { 'a-sable': TOUCH_WEST });
    const r = play(s, [order('a-sable', { skill: 'activate', objective: 'console-west' }), none, rolls('a-sable', 9)]);
    expect(r.rejection).toBeNull();
    expect(r.events.find((e) => e.type === 'roll')).toMatchObject({ trooper: 'a-sable', skill: 'activate', target: 14, result: 'success' });
    expect(r.events.find((e) => e.type === 'activated')).toMatchObject({ player: 'A', trooper: 'a-sable', objective: 'console-west' });
    expect(r.state.score!.activated['console-west']).toEqual(['A']);
    const act = r.events.filter((e) => e.type === 'activated');
    expect(viewEvents(act, s, r.state, 'B')).toEqual(act);
    // MIS-14: a side activates an objective once.
    const again = play(r.state, [order('a-sable', { skill: 'activate', objective: 'console-west' })]);
    expect(again.rejection).toMatchObject({ code: 'already-activated', rule: 'MIS-14' });
  });

  it('MIS-14 the odds of Activate come from the core\u2019s public face, as the turn panel shows them', () => {
    const s = aTurn(setupWith(), { 'a-sable': TOUCH_WEST });
    const odds = plannedOdds(s, contextFor(s.setup), 'A', order('a-sable', { skill: 'activate', objective: 'console-west' }));
    expect(odds).toHaveLength(1);
    expect(odds[0]).toMatchObject({ roller: 'a-sable', kind: 'wip', sv: 14, dice: 1, against: null });
    expect(odds[0]!.hit).toBeCloseTo(14 / 20, 9);
    expect(odds[0]!.critical).toBeCloseTo(1 / 20, 9);
  });

  it('MIS-14 a failed roll does nothing, and the trooper may try again', () => {
    const s = aTurn(setupWith(), { 'a-sable': TOUCH_WEST });
    const r = play(s, [order('a-sable', { skill: 'activate', objective: 'console-west' }), none, rolls('a-sable', 17)]);
    expect(r.events.some((e) => e.type === 'activated')).toBe(false);
    expect(r.state.score!.activated['console-west']).toEqual([]);
    const again = play(r.state, [order('a-sable', { skill: 'activate', objective: 'console-west' }), none, rolls('a-sable', 14)]);
    expect(again.state.score!.activated['console-west']).toEqual(['A']);
  });

  it('MIS-13 MIS-14 MIS-1 refusals: not a specialist, not in contact, not an objective, no mission; the state unchanged', () => {
    const s = aTurn(setupWith(), { 'a-sable': { x: 13, y: 20 }, 'a-varro': { x: 14, y: 22.8 } });
    const ctx = contextFor(s.setup);
    const refused = (c: Command, st = s) => {
      const r = apply(st, c, ctx);
      return r.ok ? null : r.rejection;
    };
    expect(refused(order('a-varro', { skill: 'activate', objective: 'console-west' }))).toMatchObject({ code: 'not-specialist', rule: 'MIS-13' });
    expect(refused(order('a-sable', { skill: 'activate', objective: 'console-west' }))).toMatchObject({ code: 'not-in-contact', rule: 'MIS-14' });
    expect(refused(order('a-sable', { skill: 'activate', objective: 'nowhere' }))).toMatchObject({ code: 'unknown-objective', rule: 'MIS-14' });
    const plain = aTurn(setupWith(null), { 'a-sable': TOUCH_WEST });
    expect(refused(order('a-sable', { skill: 'activate', objective: 'console-west' }), plain)).toMatchObject({ code: 'no-mission', rule: 'MIS-1' });
    // A Move into contact first, then Activate from where the Move ends.
    const moved = play(s, [order('a-sable', { skill: 'move', path: [TOUCH_WEST] }), { do: 'second', player: 'A', skill: 'activate', objective: 'console-west' } as Command, rolls('a-sable', 3)]);
    expect(moved.rejection).toBeNull();
    expect(moved.state.score!.activated['console-west']).toEqual(['A']);
  });

  it('MIS-15 a Doctor in contact brings an Unconscious friend back to 1 Wound on a success; a failure kills it', () => {
    const place = { 'a-osei': { x: 10, y: 10 }, 'a-varro': { x: 11, y: 10, status: 'unconscious' as const } };
    const ok = play(aTurn(setupWith(), place), [order('a-osei', { skill: 'doctor', target: 'a-varro' }), none, rolls('a-osei', 13)]);
    expect(ok.rejection).toBeNull();
    expect(ok.events.find((e) => e.type === 'wounds')).toMatchObject({ trooper: 'a-varro', wounds: 1, status: 'model' });
    expect(ok.state.troopers['a-varro']).toMatchObject({ status: 'model', wounds: 1, prone: true });
    const bad = play(aTurn(setupWith(), place), [order('a-osei', { skill: 'doctor', target: 'a-varro' }), none, rolls('a-osei', 14)]);
    expect(bad.state.troopers['a-varro']).toMatchObject({ status: 'removed' });
    const s = aTurn(setupWith(), { ...place, 'a-veil': { x: 14, y: 10, status: 'unconscious' }, 'a-drone': { x: 10, y: 14, status: 'unconscious' } });
    const ctx = contextFor(s.setup);
    const refused = (c: Command) => {
      const r = apply(s, c, ctx);
      return r.ok ? null : r.rejection;
    };
    expect(refused(order('a-varro', { skill: 'doctor', target: 'a-osei' }))).toMatchObject({ code: 'wrong-status' }); // Unconscious itself
    expect(refused(order('a-sable', { skill: 'doctor', target: 'a-varro' }))).toMatchObject({ code: 'no-skill', rule: 'MIS-15' });
    expect(refused(order('a-osei', { skill: 'doctor', target: 'a-veil' }))).toMatchObject({ code: 'not-in-contact', rule: 'MIS-15' });
    expect(refused(order('a-osei', { skill: 'doctor', target: 'a-drone' }))).toMatchObject({ code: 'skill-not-allowed', rule: 'MIS-15' }); // Structure: an Engineer's
    expect(refused(order('a-osei', { skill: 'doctor', target: 'b-kai' }))).toMatchObject({ code: 'unknown-trooper' });
  });

  it('MIS-15 an Engineer repairs a friend with Structure one Wound on a success and takes one on a failure; a Doctor may not', () => {
    const place = { 'a-outrider': { x: 10, y: 10 }, 'a-ironclad': { x: 12.2, y: 10, wounds: 1 }, 'a-osei': { x: 10, y: 11.6 } };
    const ok = play(aTurn(setupWith(), place), [order('a-outrider', { skill: 'engineer', target: 'a-ironclad' }), none, rolls('a-outrider', 2)]);
    expect(ok.rejection).toBeNull();
    expect(ok.state.troopers['a-ironclad']).toMatchObject({ status: 'model', wounds: 2 });
    const bad = play(aTurn(setupWith(), place), [order('a-outrider', { skill: 'engineer', target: 'a-ironclad' }), none, rolls('a-outrider', 20)]);
    expect(bad.state.troopers['a-ironclad']).toMatchObject({ status: 'unconscious', wounds: 0 });
    const s = aTurn(setupWith(), place);
    const r = apply(s, order('a-osei', { skill: 'doctor', target: 'a-outrider' }), contextFor(s.setup));
    expect(r.ok ? null : r.rejection).toMatchObject({ code: 'wrong-status' });
    const full = aTurn(setupWith(), { ...place, 'a-ironclad': { x: 12.2, y: 10 } });
    const f = apply(full, order('a-outrider', { skill: 'engineer', target: 'a-ironclad' }), contextFor(full.setup));
    expect(f.ok ? null : f.rejection).toMatchObject({ code: 'wrong-status', rule: 'MIS-15' });
  });
});
