import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseArmyFileText } from '../../armyfile';
import { apply, createGame } from '../../engine';
import type { Command, GameState, Setup } from '../../model/types';
import { composeGameFile } from '../../newgame';
import { parseTableFileText } from '../../tablefile';
import { contextFor } from '../../testing/fixtures';
import { viewEvents, viewFor } from '../../view';
import { parseMissionFileText } from './file';

const asset = (path: string) => readFileSync(new URL(`../../../../assets/${path}`, import.meta.url), 'utf8');

function setupWith(missionId: string): Setup {
  const file = composeGameFile(
    parseTableFileText(asset('tables/nexus-station.json')),
    parseArmyFileText(asset('armies/ember-directorate.json')),
    parseArmyFileText(asset('armies/tidewater-concord.json')),
    { manual: true },
    parseMissionFileText(asset(`missions/${missionId}.json`)),
  );
  const { commands: _c, ...setup } = file;
  return setup;
}

/** Round `round`, `active`'s turn (A plays first), every trooper a model along its own edge. */
function inGame(setup: Setup, round: number, active: 'A' | 'B'): GameState {
  const s = createGame(setup);
  s.phase = 'game';
  s.round = round;
  s.active = active;
  s.initiative.firstTurn = 'A';
  s.pool = { groups: { '1': 9, '2': 9, '3': 9 }, irregular: {}, lieutenant: 1 };
  let xa = 0;
  let xb = 0;
  for (const t of Object.values(s.troopers)) Object.assign(t, { status: 'model', x: t.player === 'A' ? (xa += 4) : (xb += 4), y: t.player === 'A' ? 4 : 44, z: 0, facing: 0 });
  return s;
}

function step(s: GameState, c: Command) {
  const r = apply(s, c, contextFor(s.setup));
  return r.ok ? { state: r.state, events: r.events, rejection: null } : { state: s, events: [], rejection: r.rejection };
}

const choose = (player: 'A' | 'B', objective: string): Command => ({ do: 'classified', player, objective });

describe('classified objectives', () => {
  it('MIS-12 a player chooses one before its first Order of the game, once; only its own view shows which', () => {
    const s = inGame(setupWith('relay-uplink'), 1, 'A');
    expect(step(s, choose('A', 'no-such')).rejection).toMatchObject({ code: 'unknown-objective', rule: 'MIS-12' });
    expect(step(s, choose('B', 'uplink')).rejection).toMatchObject({ code: 'out-of-turn', rule: 'MIS-12' });
    const r = step(s, choose('A', 'uplink'));
    expect(r.rejection).toBeNull();
    expect(r.state.score!.classified).toEqual({ A: 'uplink' });
    expect(viewFor(r.state, 'A').score!.classified).toEqual({ A: 'uplink' });
    expect(viewFor(r.state, 'B').score!.classified).toBeUndefined();
    expect(JSON.stringify(viewEvents(r.events, s, r.state, 'B'))).not.toContain('uplink');
    expect(JSON.stringify(viewEvents(r.events, s, r.state, 'A'))).not.toContain('uplink'); // the event names the player only
    expect(step(r.state, choose('A', 'foothold')).rejection).toMatchObject({ code: 'out-of-turn', rule: 'MIS-12' });
    // After the first Order of the game it is too late.
    let late = step(s, { do: 'order', player: 'A', trooper: 'a-osei', skill: 'idle' }).state;
    late = step(late, { do: 'aros', player: 'B', declarations: [] }).state;
    late = step(late, { do: 'second', player: 'A', skill: 'none' }).state;
    expect(late.order).toBeNull();
    expect(step(late, choose('A', 'uplink')).rejection).toMatchObject({ code: 'out-of-turn', rule: 'MIS-12' });
    const plain = inGame(setupWith('hold-the-crossing'), 1, 'A');
    expect(step(plain, choose('A', 'uplink')).rejection).toMatchObject({ code: 'no-mission', rule: 'MIS-1' });
  });

  it('MIS-12 at the end, a classified objective achieved scores and is shown to both; one missed stays private', () => {
    const s = inGame(setupWith('relay-uplink'), 3, 'B');
    s.score!.classified = { A: 'uplink', B: 'decapitate' };
    s.score!.activated['console-west'] = ['A'];
    const r = step(s, { do: 'endTurn', player: 'B' });
    expect(r.rejection).toBeNull();
    expect(r.events.map((e) => e.type).slice(-4)).toEqual(['classifiedRevealed', 'scored', 'gameEnd', 'gameResult']);
    const revealed = r.events.filter((e) => e.type === 'classifiedRevealed');
    expect(revealed).toEqual([{ index: expect.any(Number), type: 'classifiedRevealed', player: 'A', objective: 'uplink' }]);
    expect(viewEvents(revealed, s, r.state, 'B')).toEqual(revealed);
    expect(r.events.filter((e) => e.type === 'scored' && e.rule === 'classified')).toEqual([
      { index: expect.any(Number), type: 'scored', player: 'A', rule: 'classified', moment: 'game-end', round: 3, points: 1, total: r.state.score!.points.A },
    ]);
    expect(r.state.score!.byRule.classified).toEqual({ A: 1, B: 0 });
    expect(JSON.stringify(viewEvents(r.events, s, r.state, 'A'))).not.toContain('decapitate');
  });
});
