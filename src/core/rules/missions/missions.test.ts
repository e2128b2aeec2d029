import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { includes } from '../../../cli/expected';
import { runGameText } from '../../../cli/run';
import { parseArmyFileText } from '../../armyfile';
import { apply, createGame } from '../../engine';
import { GameFileError, parseGameFile } from '../../gamefile';
import type { GameState, PlayerId, Setup, TrooperStatus } from '../../model/types';
import { composeGameFile } from '../../newgame';
import { parseTableFileText } from '../../tablefile';
import { contextFor } from '../../testing/fixtures';
import { viewEvents, viewFor } from '../../view';
import { parseMissionFile, parseMissionFileText } from './file';
import { layMission, layProblem } from './lay';
import { resultOf, victoryPoints } from './score';
import { countZone, shareInside } from './zones';

const asset = (path: string) => readFileSync(new URL(`../../../../assets/${path}`, import.meta.url), 'utf8');
const example = (name: string) => readFileSync(new URL(`../../../../examples/${name}`, import.meta.url), 'utf8');
const TABLES = ['foundry-ridge', 'harbour-quarter', 'nexus-station'];
const MISSIONS = ['hold-the-crossing', 'relay-uplink', 'war-of-attrition'];
const mission = (id: string) => parseMissionFileText(asset(`missions/${id}.json`));
const table = (id: string) => parseTableFileText(asset(`tables/${id}.json`));

function gameWith(missionId: string | null, tableId = 'foundry-ridge') {
  const file = composeGameFile(table(tableId), parseArmyFileText(asset('armies/ember-directorate.json')), parseArmyFileText(asset('armies/tidewater-concord.json')), { seed: 1 }, missionId ? mission(missionId) : undefined);
  const { commands: _c, ...setup } = file;
  return setup as Setup;
}

/** A game in round `round`, B's turn (A went first), every trooper off the table unless placed. */
function inPlay(setup: Setup, round: number, place: Record<string, { x: number; y: number; status?: TrooperStatus }> = {}): GameState {
  const s = createGame(setup);
  s.phase = 'game';
  s.round = round;
  s.active = 'B';
  s.initiative.firstTurn = 'A';
  s.pool = { groups: {}, irregular: {}, lieutenant: 0 };
  for (const [id, t] of Object.entries(s.troopers)) {
    const p = place[id];
    Object.assign(t, p ? { status: p.status ?? 'model', x: p.x, y: p.y, z: 0, facing: 0 } : { status: 'hidden', x: 5, y: 5, z: 0, facing: 0 });
  }
  return s;
}

function endTurnB(s: GameState) {
  const r = apply(s, { do: 'endTurn', player: 'B' }, contextFor(s.setup));
  if (!r.ok) throw new Error(r.rejection.message);
  return r;
}

describe('missions', () => {
  it('MIS-1 a game without a mission has no score, no scoring event, and composes as before', () => {
    const run = runGameText(example('round-one.json'));
    if (!run.ok) throw new Error(run.error);
    expect('score' in run.output.state).toBe(false);
    expect(run.output.events.some((e) => e.type === 'scored' || e.type === 'zoneCount' || e.type === 'gameResult')).toBe(false);
    const setup = gameWith(null);
    expect('mission' in setup).toBe(false);
    expect('score' in createGame(setup)).toBe(false);
  });

  it('MIS-2 every shipped mission lays on every shipped table, and the game file reads it back', () => {
    for (const m of MISSIONS) {
      for (const t of TABLES) {
        const setup = gameWith(m, t);
        expect(setup.mission?.id).toBe(m);
        const again = parseGameFile({ ...structuredClone(setup), commands: [] });
        expect(again.mission).toEqual(setup.mission);
        for (const z of setup.mission!.zones) {
          expect(z.x).toBeGreaterThanOrEqual(0);
          expect(z.x + z.w).toBeLessThanOrEqual(setup.table.width);
          expect(z.y + z.d).toBeLessThanOrEqual(setup.table.depth);
        }
      }
    }
    expect(gameWith('relay-uplink', 'nexus-station').mission!.objectives.map((o) => o.id)).toEqual(['console-west', 'console-east']);
  });

  it('MIS-2 a zone off the table, an unknown zone or objective, are refused with their path', () => {
    const wide = parseMissionFile({ ...JSON.parse(asset('missions/hold-the-crossing.json')), zones: [{ id: 'far', name: 'Far', x: 20, y: 0, w: 8, d: 4 }] });
    expect(layProblem(wide, { table: { width: 48, depth: 48 }, objectives: [] })).toMatch(/^zones\[0\]: "far" lies partly off/);
    expect(() => layMission(wide, { table: { width: 48, depth: 48 }, objectives: [] })).toThrow(/off/);
    expect(() => parseMissionFile({ ...JSON.parse(asset('missions/hold-the-crossing.json')), scoring: [{ id: 'x', label: 'X', when: 'round-end', kind: 'dominate', points: 1, zones: ['nowhere'] }] })).toThrow(
      GameFileError,
    );
    const setup = gameWith('relay-uplink', 'nexus-station');
    const bad = { ...structuredClone(setup), commands: [], mission: { ...structuredClone(setup.mission!), objectives: [{ id: 'no-such', by: 'any', mod: 0 }] } };
    expect(() => parseGameFile(bad)).toThrow(/mission\.objectives\[0\]\.id: no objective "no-such"|mission\.scoring/);
    const off = { ...structuredClone(setup), commands: [], mission: { ...structuredClone(setup.mission!), zones: [{ id: 'midfield', name: 'M', x: 45, y: 0, w: 8, d: 8 }] } };
    expect(() => parseGameFile(off)).toThrow(/mission\.zones\[0\]: "midfield" lies partly off the table/);
  });

  it('MIS-3 a base is inside a zone when more than half its area is: half on the edge is not, a corner quarter is not', () => {
    const zone = { x: 10, y: 10, w: 8, d: 8 };
    expect(shareInside(14, 14, 0.5, zone)).toBe(1);
    expect(shareInside(10, 14, 0.5, zone)).toBeCloseTo(0.5, 4);
    expect(shareInside(10.1, 14, 0.5, zone)).toBeGreaterThan(0.5);
    expect(shareInside(9.9, 14, 0.5, zone)).toBeLessThan(0.5);
    expect(shareInside(10, 10, 0.5, zone)).toBeCloseTo(0.25, 4);
    expect(shareInside(10.15, 10.15, 0.5, zone)).toBeLessThan(0.5); // centre inside, near a corner: not more than half
    expect(shareInside(30, 30, 0.5, zone)).toBe(0);
  });

  it('MIS-4 MIS-5 models and markers count by their points; Unconscious, hidden and Dead troopers do not; equal sums dominate nobody', () => {
    const setup = gameWith('hold-the-crossing');
    const centre = setup.mission!.zones.find((z) => z.id === 'square-centre')!; // x 18..30, y 20..28
    const s = inPlay(setup, 1, {
      'a-osei': { x: 24, y: 24 }, // 10
      'a-veil': { x: 20, y: 22, status: 'marker' }, // 30, as a marker
      'b-reyes': { x: 26, y: 26 }, // 26
      'b-colossus': { x: 22, y: 26, status: 'unconscious' }, // 90, Unconscious
      'b-mule': { x: 28, y: 22, status: 'removed' }, // 12, Dead
    });
    expect(countZone(s, centre)).toEqual({ A: 40, B: 26, dominatedBy: 'A' });
    s.troopers['b-colossus']!.status = 'model';
    expect(countZone(s, centre)).toEqual({ A: 40, B: 116, dominatedBy: 'B' });
    s.troopers['b-colossus']!.status = 'hidden';
    s.troopers['a-veil']!.status = 'hidden';
    s.troopers['a-osei']!.x = 30.5; // more than half outside
    s.troopers['b-reyes']!.x = 30.5;
    expect(countZone(s, centre)).toEqual({ A: 0, B: 0, dominatedBy: null });
  });

  it('MIS-5 a zone is dominated by more points inside it, never by an equal sum (0 against 0 included)', () => {
    const setup = gameWith('hold-the-crossing');
    const centre = setup.mission!.zones.find((z) => z.id === 'square-centre')!; // x 18..30, y 20..28
    const s = inPlay(setup, 1, {});
    expect(countZone(s, centre).dominatedBy).toBeNull();
    Object.assign(s.troopers['b-mule']!, { status: 'model', x: 28, y: 22 }); // 12
    expect(countZone(s, centre)).toEqual({ A: 0, B: 12, dominatedBy: 'B' });
    Object.assign(s.troopers['a-osei']!, { status: 'model', x: 24, y: 24 }); // 10
    expect(countZone(s, centre).dominatedBy).toBe('B');
    Object.assign(s.troopers['a-veil']!, { status: 'model', x: 20, y: 22 }); // 30
    expect(countZone(s, centre)).toEqual({ A: 40, B: 12, dominatedBy: 'A' });
  });

  it('MIS-7 dominate scores its points for each zone held, dominate-more its points once for holding more zones than the enemy', () => {
    const setup = gameWith('hold-the-crossing');
    // A holds the centre and the west square, B nothing.
    const s = inPlay(setup, 1, { 'a-osei': { x: 24, y: 24 }, 'a-veil': { x: 6, y: 24 } });
    const r = endTurnB(s);
    const scored = r.events.filter((e) => e.type === 'scored').map((e) => (e.type === 'scored' ? [e.player, e.rule, e.points] : null));
    expect(scored).toEqual([
      ['A', 'held', 2],
      ['B', 'held', 0],
      ['A', 'most-held', 1],
      ['B', 'most-held', 0],
    ]);
  });

  it('MIS-6 MIS-7 the round ends with each zone counted, then each rule scored for A then B, points 0 included', () => {
    const setup = gameWith('hold-the-crossing');
    const s = inPlay(setup, 1, { 'a-osei': { x: 24, y: 24 }, 'b-reyes': { x: 6, y: 24 }, 'b-mule': { x: 5, y: 22 } });
    const r = endTurnB(s);
    expect(r.events.map((e) => e.type).slice(0, 7)).toEqual(['zoneCount', 'zoneCount', 'zoneCount', 'scored', 'scored', 'scored', 'scored']);
    const scored = r.events.filter((e) => e.type === 'scored').map((e) => (e.type === 'scored' ? [e.player, e.rule, e.points, e.total] : null));
    // A holds the centre, B the west: one each; nobody holds more.
    expect(scored).toEqual([
      ['A', 'held', 1, 1],
      ['B', 'held', 1, 1],
      ['A', 'most-held', 0, 1],
      ['B', 'most-held', 0, 1],
    ]);
    expect(r.state.score!.zones['square-west']).toEqual({ A: 0, B: 38, dominatedBy: 'B' });
    expect(r.events.some((e) => e.type === 'turn')).toBe(true);
    // A's own turn's end scores nothing: the round is not over.
    const mid = apply({ ...r.state }, { do: 'endTurn', player: 'A' }, contextFor(setup));
    if (!mid.ok) throw new Error(mid.rejection.message);
    expect(mid.events.some((e) => e.type === 'scored')).toBe(false);
  });

  it('MIS-8 a side never scores past the mission maxPoints; the event says what was awarded', () => {
    const setup = gameWith('hold-the-crossing');
    const s = inPlay(setup, 1, { 'a-osei': { x: 24, y: 24 }, 'a-drone': { x: 8, y: 24 }, 'a-varro': { x: 40, y: 24 } });
    s.score!.points.A = 8;
    const r = endTurnB(s);
    const a = r.events.filter((e) => e.type === 'scored' && e.player === 'A').map((e) => (e.type === 'scored' ? [e.rule, e.points, e.total] : null));
    expect(a).toEqual([
      ['held', 2, 10],
      ['most-held', 0, 10],
    ]);
    expect(r.state.score!.points.A).toBe(10);
  });

  it('MIS-9 MIS-10 the game ends with the game-end rules, then gameEnd, then the winner: OP first, then Victory Points, else a draw', () => {
    const setup = gameWith('war-of-attrition');
    const alive = { 'a-varro': { x: 4, y: 4 }, 'b-ishii': { x: 40, y: 40 } };
    const s = inPlay(setup, 3, alive);
    for (const id of ['a-osei', 'a-drone', 'a-outrider', 'a-bulwark', 'a-ironclad']) s.troopers[id]!.status = 'removed'; // 155 of 266 lost
    s.troopers['b-colossus']!.status = 'unconscious'; // 90 of 311: Unconscious does not stand in this mission
    const r = endTurnB(s);
    const types = r.events.map((e) => e.type);
    expect(types.slice(-4)).toEqual(['scored', 'scored', 'gameEnd', 'gameResult']);
    const result = r.events.at(-1)!;
    // B took out 155 / 266 = 58%: 7 OP; A took out 90 / 311 = 29%: 3 OP.
    expect(result).toMatchObject({ type: 'gameResult', winner: 'B', points: { A: 3, B: 7 }, decidedBy: 'objective-points' });
    expect(victoryPoints(r.state, 'A')).toBe(266 - 155);
    expect(victoryPoints(r.state, 'B')).toBe(311 - 90);
    const tie = structuredClone(r.state);
    tie.score!.points = { A: 4, B: 4 };
    expect(resultOf(tie)).toMatchObject({ winner: 'B', decidedBy: 'victory-points' });
    const even = inPlay(setup, 3, alive); // nobody lost: 0 OP each, B's army is worth more
    expect(resultOf(even)).toMatchObject({ winner: 'B', victoryPoints: { A: 266, B: 311 }, decidedBy: 'victory-points' });
  });

  it('MIS-10 equal Objective Points and equal Victory Points are a draw', () => {
    const setup = gameWith('war-of-attrition');
    const s = inPlay(setup, 3);
    // Both sides' surviving points equal: take out troopers until each keeps 100.
    const keep = (p: PlayerId, ids: string[]) => {
      for (const t of setup.players[p].troopers) if (!ids.includes(t.id)) s.troopers[t.id]!.status = 'removed';
    };
    keep('A', ['a-varro', 'a-osei', 'a-drone', 'a-outrider', 'a-bulwark']); // 32 + 10 + 5 + 24 + 36 = 107
    keep('B', ['b-ishii', 'b-mule', 'b-reyes', 'b-pathfinder', 'b-harrier']); // 30 + 12 + 26 + 21 + 28 = 117
    s.troopers['b-mule']!.status = 'removed'; // 105
    s.troopers['a-drone']!.status = 'removed'; // 102
    s.troopers['b-ishii']!.status = 'removed'; // 75
    s.troopers['b-harrier']!.status = 'hidden';
    expect(victoryPoints(s, 'A')).toBe(102);
    expect(victoryPoints(s, 'B')).toBe(75);
    s.troopers['a-osei']!.status = 'removed'; // 92
    s.troopers['a-outrider']!.status = 'removed'; // 68
    s.troopers['b-reyes']!.status = 'removed'; // 49
    s.troopers['a-bulwark']!.status = 'removed'; // 32
    s.troopers['b-pathfinder']!.status = 'removed'; // 28
    s.troopers['b-harrier']!.status = 'removed'; // 0
    s.troopers['a-varro']!.status = 'removed'; // 0
    expect(resultOf(s)).toEqual({ winner: null, points: { A: 0, B: 0 }, victoryPoints: { A: 0, B: 0 }, decidedBy: 'draw' });
  });

  it('MIS-11 the score and every scoring event are the same in both players\' views', () => {
    const setup = gameWith('hold-the-crossing');
    const s = inPlay(setup, 3, { 'a-osei': { x: 24, y: 24 }, 'b-reyes': { x: 6, y: 24 } });
    const r = endTurnB(s);
    const shown = (v: PlayerId) => viewEvents(r.events, s, r.state, v).filter((e) => ['zoneCount', 'scored', 'gameResult'].includes(e.type));
    expect(shown('A')).toEqual(shown('B'));
    expect(shown('A')).toEqual(r.events.filter((e) => ['zoneCount', 'scored', 'gameResult'].includes(e.type)));
    expect(viewFor(r.state, 'A').score).toEqual(viewFor(r.state, 'B').score);
    expect(viewFor(r.state, 'A').score).toEqual(r.state.score);
  });

  it.each(MISSIONS)('MIS-22 the runner replays examples/mission-%s.json to its expected scores, the same in both views', (id) => {
    const text = example(`mission-${id}.json`);
    const run = runGameText(text);
    if (!run.ok) throw new Error(run.error);
    expect(includes(JSON.parse(example(`mission-${id}.expected.json`)), run.output)).toEqual([]);
    for (const v of ['A', 'B'] as const) {
      const seen = runGameText(text, v);
      if (!seen.ok) throw new Error(seen.error);
      expect(seen.output.state.score).toEqual(run.output.state.score);
    }
  });
});
