/**
 * Attacks in Orders (ATK-1 to ATK-6), saves and Wounds (DMG-1 to DMG-4), templates (TPL-1 to TPL-4), on
 * the turn table: b-lt at (6, 44) and a-irr at (4, 12) see each other past the wall's west end, 31"
 * apart (the Combi Rifle's -3 band).
 */
import { describe, expect, it } from 'vitest';
import { weaponPreset } from '../../data/weapons';
import { apply } from '../../engine';
import { parseGameFile } from '../../gamefile';
import type { Command, GameEvent, GameFile } from '../../model/types';
import { TestGame } from '../../testing/fixtures';
import { turnOne, turnTable, type Positions } from '../../testing/turnTable';
import { viewEvents, viewFor } from '../../view';
import { templateReach, circleOn } from '../attacks/shot';

type Roster = Record<string, Record<string, unknown>>;
function table(changes: Roster = {}): GameFile {
  const f = turnTable();
  for (const p of ['A', 'B'] as const) f.players[p].troopers = f.players[p].troopers.map((t) => (changes[t.id] ? { ...t, ...changes[t.id] } : t));
  return f;
}
const game = (over: Positions = {}, changes: Roster = {}) => new TestGame(table(changes), turnOne(over));
const order = (trooper: string, skill: Record<string, unknown>, player: 'A' | 'B' = 'A'): Command => ({ do: 'order', player, trooper, ...skill }) as Command;
const aros = (declarations: unknown[], player: 'A' | 'B' = 'B'): Command => ({ do: 'aros', player, declarations }) as Command;
const none: Command = { do: 'second', player: 'A', skill: 'none' };
const shoot = (trooper: string, targets: [string, number][], weapon = 'combi-rifle') => order(trooper, { skill: 'bs-attack', weapon, targets: targets.map(([target, burst]) => ({ target, burst })) });
const ofType = <T extends GameEvent['type']>(events: GameEvent[], type: T) => events.filter((e): e is Extract<GameEvent, { type: T }> => e.type === type);

describe('BS Attack (ATK-1 to ATK-3)', () => {
  it('ATK-1 ATK-2 DMG-1 DMG-3 a Face to Face: a-irr\u2019s Burst 3 against b-lt\u2019s Burst 1 in ARO; a critical adds a save; at 0 Wounds Unconscious', () => {
    const g = game();
    g.ok(shoot('a-irr', [['b-lt', 3]]));
    g.ok(aros([{ trooper: 'b-lt', skill: 'bs-attack', weapon: 'combi-rifle' }]));
    g.ok(none);
    // ATK-1: in ARO the Burst is 1.
    expect(g.state.order).toMatchObject({ stage: 'rolls', needs: { 'a-irr': 3, 'b-lt': 1 } });
    const rolled = g.ok({ do: 'rolls', rolls: { 'a-irr': [2, 15, 9], 'b-lt': [8] } });
    // ATK-3: 31" away, the -3 band: both at BS 11 - 3 = 8. b-lt's 8 is a critical: a-irr's 2 does not count.
    expect(ofType(rolled, 'roll')).toMatchObject([
      { trooper: 'a-irr', target: 8, roll: 2, result: 'success', skill: 'bs-attack', dice: [2, 15, 9], against: 'b-lt' },
      { trooper: 'b-lt', target: 8, roll: 8, result: 'critical', skill: 'bs-attack', dice: [8], against: 'a-irr' },
    ]);
    expect(ofType(rolled, 'hits')).toEqual([{ index: expect.any(Number), type: 'hits', by: 'b-lt', target: 'a-irr', hits: 0, criticals: 1 }]);
    // DMG-1: a critical with N ammunition: two saves.
    expect(g.state.order).toMatchObject({ stage: 'saves', needs: { 'a-irr': 2 } });
    const saved = g.ok({ do: 'saves', rolls: { 'a-irr': [5, 15] } });
    // DMG-2: Attack Damage 13 - ARM 1 = 12: the 5 is lost, the 15 saved.
    expect(ofType(saved, 'save').map((e) => [e.roll, e.target, e.result, e.by])).toEqual([
      [5, 12, 'wound', 'b-lt'],
      [15, 12, 'saved', 'b-lt'],
    ]);
    expect(ofType(saved, 'wounds')).toEqual([{ index: expect.any(Number), type: 'wounds', player: 'A', trooper: 'a-irr', wounds: 0, status: 'unconscious' }]);
    expect(g.trooper('a-irr')).toMatchObject({ status: 'unconscious', prone: true });
    expect(g.state.order).toBeNull();
  });

  it('DMG-3 an Unconscious trooper can neither act nor react, gives no Order, and is still a model on the table', () => {
    const g = game();
    g.ok(shoot('a-irr', [['b-lt', 1]]));
    g.ok(aros([{ trooper: 'b-lt', skill: 'bs-attack', weapon: 'combi-rifle' }]));
    g.ok(none);
    g.ok({ do: 'rolls', rolls: { 'a-irr': [20], 'b-lt': [3] } });
    g.ok({ do: 'saves', rolls: { 'a-irr': [1] } });
    expect(g.trooper('a-irr').status).toBe('unconscious');
    expect(g.refused(order('a-irr', { skill: 'idle' }))).toMatchObject({ code: 'wrong-status', rule: 'DMG-3' });
    expect(viewFor(g.state, 'B').troopers['a-irr']).toMatchObject({ status: 'unconscious' });
    expect(g.ok({ do: 'measure', from: 'b-lt', to: 'a-irr' })[0]).toMatchObject({ type: 'distance' });
    g.ok({ do: 'endTurn', player: 'A' });
    g.ok({ do: 'endTurn', player: 'B' });
    expect(g.state.pool!.irregular['a-irr']).toBe(0);
  });

  it('DMG-3 below 0 Wounds the trooper is Dead and removed', () => {
    const g = game();
    g.ok(shoot('a-irr', [['b-lt', 1]]));
    g.ok(aros([{ trooper: 'b-lt', skill: 'bs-attack', weapon: 'combi-rifle' }]));
    g.ok(none);
    g.ok({ do: 'rolls', rolls: { 'a-irr': [20], 'b-lt': [8] } });
    const e = g.ok({ do: 'saves', rolls: { 'a-irr': [1, 2] } });
    expect(ofType(e, 'wounds')[0]).toMatchObject({ wounds: -1, status: 'removed' });
    expect(g.trooper('a-irr')).toMatchObject({ status: 'removed', x: null });
  });

  it('ATK-1 the Burst split between targets: no more than the weapon\u2019s, none at 0, no target twice; never one\u2019s own trooper', () => {
    const g = game();
    expect(g.refused(shoot('a-irr', [['b-lt', 4]]))).toMatchObject({ code: 'bad-burst', rule: 'ATK-1' });
    expect(g.refused(shoot('a-irr', [['b-lt', 2], ['b-lt', 1]]))).toMatchObject({ code: 'bad-burst' });
    expect(g.refused(shoot('a-irr', [['b-lt', 0]]))).toMatchObject({ code: 'bad-burst' });
    expect(g.refused(shoot('a-irr', [['a-lt', 1]]))).toMatchObject({ code: 'skill-not-allowed', rule: 'ATK-1' });
    expect(g.refused(shoot('a-irr', [['b-lt', 1]], 'spitfire'))).toMatchObject({ code: 'unknown-weapon' });
  });

  it('ATK-1 targets in Line of Fire; ATK-3 within the last band', () => {
    const g = game();
    // a-run behind the wall sees no b-lt.
    expect(g.refused(shoot('a-run', [['b-lt', 1]]))).toMatchObject({ code: 'not-visible', rule: 'ATK-1' });
    // a-top at (44, 6) and b-lt at (6, 44): over 48" apart, beyond the Combi Rifle's last band.
    expect(g.refused(shoot('a-top', [['b-lt', 1]]))).toMatchObject({ code: 'out-of-range', rule: 'ATK-3' });
  });

  it('TOC-4 no attack on a marker no Discover of this Order targets; after a Discover, the attack is made only if it succeeds', () => {
    const g = game({ 'a-lt': [40, 14] });
    expect(g.refused(shoot('a-lt', [['B-m1', 1]]))).toMatchObject({ code: 'not-discovered', rule: 'TOC-4' });
    g.ok(order('a-lt', { skill: 'discover', target: 'B-m1' }));
    g.ok(aros([]));
    g.ok({ do: 'second', player: 'A', skill: 'bs-attack', weapon: 'combi-rifle', targets: [{ target: 'B-m1', burst: 3 }] });
    g.ok(aros([]));
    // Manual dice: first the Discover's die; the attack's dice are asked for once it succeeds.
    expect(g.state.order).toMatchObject({ stage: 'rolls', needs: { 'a-lt': 1 } });
    g.ok({ do: 'rolls', rolls: { 'a-lt': [2] } });
    expect(g.state.order).toMatchObject({ stage: 'rolls', needs: { 'a-lt': 3 } });
    const e = g.ok({ do: 'rolls', rolls: { 'a-lt': [20, 20, 20] } });
    expect(e.map((x) => x.type)).toEqual(['roll', 'discovered', 'roll']);
    const f = game({ 'a-lt': [40, 14] });
    f.ok(order('a-lt', { skill: 'discover', target: 'B-m1' }));
    f.ok(aros([]));
    f.ok({ do: 'second', player: 'A', skill: 'bs-attack', weapon: 'combi-rifle', targets: [{ target: 'B-m1', burst: 3 }] });
    f.ok(aros([]));
    const failed = f.ok({ do: 'rolls', rolls: { 'a-lt': [19] } });
    // The Discover failed: the attack is not made, and draws no die.
    expect(failed.map((x) => x.type)).toEqual(['roll', 'discoverFailed']);
    expect(f.state.order).toBeNull();
  });

  it('ATK-3 DMG-2 Partial Cover: -3 to the attacker\u2019s roll and to the Attack Damage', () => {
    // a-fast stands against the crate's west face; b-inf, facing west from (30, 20), sees it over the crate.
    const g = game({ 'a-fast': [15.45, 14], 'b-inf': [30, 20, { facing: 90, roll: 1 }] });
    expect(g.ok({ do: 'lof', from: 'b-inf', to: 'a-fast' })[0]).toMatchObject({ visible: true, cover: true });
    g.ok({ do: 'endTurn', player: 'A' });
    g.ok(order('b-inf', { skill: 'bs-attack', weapon: 'combi-rifle', targets: [{ target: 'a-fast', burst: 3 }] }, 'B'));
    g.ok(aros([], 'A'));
    g.ok({ do: 'second', player: 'B', skill: 'none' });
    const e = g.ok({ do: 'rolls', rolls: { 'b-inf': [1, 2, 20] } });
    // About 14.7" between silhouettes: +3; Partial Cover -3: BS 11.
    expect(ofType(e, 'roll')[0]).toMatchObject({ target: 11 });
    const s = g.ok({ do: 'saves', rolls: { 'a-fast': [9, 10] } });
    // Attack Damage 13 - ARM 1 - 3 = 9.
    expect(ofType(s, 'save').map((x) => [x.target, x.result])).toEqual([
      [9, 'wound'],
      [9, 'saved'],
    ]);
  });
});

/** a-irr walks up to (4, 19.5) in one Order of two Moves, then uses its Sensor and rolls 18: the events of the roll. */
function sensorAfterWalk(g: TestGame): GameEvent[] {
  g.ok(order('a-irr', { skill: 'move', path: [{ x: 4, y: 16 }] }));
  g.ok(aros([]));
  g.ok({ do: 'second', player: 'A', skill: 'move', path: [{ x: 4, y: 19.5 }] });
  g.ok(aros([]));
  g.ok(order('a-irr', { skill: 'sensor' }));
  g.ok(aros([]));
  g.ok(none);
  return g.ok({ do: 'rolls', rolls: { 'a-irr': [18] } });
}

describe('Surprise Attack, Dodge, Sensor (ATK-4 to ATK-6)', () => {
  it('ATK-4 HD-15 TOC-7 a trooper that began the Order as a marker gives its Surprise Attack MOD to its targets\u2019 rolls in ARO, and is revealed', () => {
    const g = game({ 'a-camo': [5, 14, { as: 'marker' }] });
    const e = g.ok(shoot('A-m1', [['b-lt', 3]]));
    expect(e[0]).toMatchObject({ type: 'revealed', trooper: 'a-camo', as: 'model' });
    g.ok(aros([{ trooper: 'b-lt', skill: 'bs-attack', weapon: 'combi-rifle' }]));
    g.ok(none);
    const r = g.ok({ do: 'rolls', rolls: { 'a-camo': [20, 20, 20], 'b-lt': [1] } });
    // b-lt: BS 11, -3 for 30" or so, -3 Surprise Attack.
    expect(ofType(r, 'roll').find((x) => x.trooper === 'b-lt')).toMatchObject({ target: 5 });
  });

  it('TOC-7 Surprise Attack is for a marker\u2019s own Active Turn: shooting back in ARO, it gives its attacker no MOD', () => {
    // B's turn: b-lt Discovers marker A-m1 (a-camo), which shoots back in ARO and shows itself; b-lt then shoots it.
    const g = game({ 'a-camo': [5, 14, { as: 'marker' }] });
    g.ok({ do: 'endTurn', player: 'A' });
    g.ok(order('b-lt', { skill: 'discover', target: 'A-m1' }, 'B'));
    g.ok(aros([{ trooper: 'a-camo', skill: 'bs-attack', weapon: 'combi-rifle' }], 'A'));
    g.ok({ do: 'second', player: 'B', skill: 'bs-attack', weapon: 'combi-rifle', targets: [{ target: 'a-camo', burst: 1 }] });
    g.ok(aros([], 'A'));
    const e = g.ok({ do: 'rolls', rolls: { 'b-lt': [1, 20], 'a-camo': [20] } });
    // b-lt: BS 11, -3 for the range band, and no -3 for a Surprise Attack (in A's own turn it would be 5).
    expect(ofType(e, 'roll').find((x) => x.trooper === 'b-lt' && x.skill === 'bs-attack')).toMatchObject({ target: 8, against: 'a-camo' });
  });

  it('HD-15 a trooper that began the Order hidden may use Surprise Attack: it appears at its spot, and its target rolls at -3', () => {
    const g = game({ 'a-hide': [5, 14, { as: 'hidden' }] });
    const e = g.ok(shoot('a-hide', [['b-lt', 3]]));
    expect(ofType(e, 'revealed')[0]).toMatchObject({ trooper: 'a-hide', as: 'model', x: 5, y: 14 });
    g.ok(aros([{ trooper: 'b-lt', skill: 'bs-attack', weapon: 'combi-rifle' }]));
    g.ok(none);
    const r = g.ok({ do: 'rolls', rolls: { 'a-hide': [20, 20, 20], 'b-lt': [1] } });
    // b-lt: BS 11, -3 for the range band, -3 Surprise Attack; without it, 8.
    expect(ofType(r, 'roll').find((x) => x.trooper === 'b-lt')).toMatchObject({ target: 5 });
  });

  it('ATK-5 Dodge: a PH roll Face to Face against the attacks on the dodger; winning cancels their hits and lets it turn', () => {
    const g = game();
    g.ok(shoot('a-irr', [['b-lt', 3]]));
    g.ok(aros([{ trooper: 'b-lt', skill: 'dodge', facing: 90 }]));
    g.ok(none);
    const e = g.ok({ do: 'rolls', rolls: { 'a-irr': [3, 4, 5], 'b-lt': [11] } });
    // b-lt's Dodge: PH 12 (it sees a-irr); its 11 beats a-irr's best 5: no hit.
    expect(ofType(e, 'roll').find((x) => x.trooper === 'b-lt')).toMatchObject({ skill: 'dodge', target: 12, result: 'success' });
    expect(ofType(e, 'hits')).toEqual([]);
    expect(g.trooper('b-lt').facing).toBe(90);
    // MOV-20: the successful dodger owes its move before the Order ends.
    expect(g.state.order).toMatchObject({ stage: 'dodge-moves', dodgeMoves: ['b-lt'] });
  });

  it('ATK-5 a Dodge without Line of Fire to the attacker is at -3', () => {
    const g = game({ 'a-run': [24, 14] });
    g.ok(order('a-run', { skill: 'move', path: [{ x: 27, y: 16 }] }));
    g.ok(aros([{ trooper: 'b-inf', skill: 'dodge' }]));
    g.ok(none);
    const e = g.ok({ do: 'rolls', rolls: { 'b-inf': [10] } });
    expect(ofType(e, 'roll')[0]).toMatchObject({ trooper: 'b-inf', skill: 'dodge', target: 9 });
  });

  it('ATK-6 HD-9 Sensor: a WIP+6 roll that Discovers every enemy marker and hidden trooper in its Zone of Control', () => {
    // b-hide, with Infiltration, hides at (4, 26) in its own half; a-irr, with Sensor, walks up to within 8" of it.
    const g = game({ 'b-hide': [4, 26, { as: 'hidden' }] }, { 'b-hide': { skills: ['hidden-deployment', 'infiltration'] }, 'a-irr': { skills: ['sensor'] } });
    expect(g.refused(order('a-run', { skill: 'sensor' }))).toMatchObject({ code: 'no-skill', rule: 'ATK-6' });
    const e = sensorAfterWalk(g);
    expect(ofType(e, 'roll')[0]).toMatchObject({ skill: 'sensor', target: 19, result: 'success' });
    expect(ofType(e, 'revealed')[0]).toMatchObject({ trooper: 'b-hide', as: 'model', x: 4, y: 26 });
    expect(g.trooper('b-hide').status).toBe('model');
  });
});

describe('HD-9 the end of hidden deployment by Discover', () => {
  it('HD-9 a successful Sensor roll ends the hidden deployment of the trooper in its Zone of Control, and of no other', () => {
    const g = game(
      { 'b-hide': [4, 26, { as: 'hidden' }], 'b-camo': [10, 44, { as: 'hidden' }] },
      { 'b-hide': { skills: ['hidden-deployment', 'infiltration'] }, 'b-camo': { skills: ['hidden-deployment'] }, 'a-irr': { skills: ['sensor'] } },
    );
    const e = sensorAfterWalk(g);
    expect(ofType(e, 'revealed').map((x) => x.trooper)).toEqual(['b-hide']);
    expect(g.trooper('b-hide').status).toBe('model');
    // b-camo, 25" away, stays hidden, and A's view holds nothing of it.
    expect(g.trooper('b-camo').status).toBe('hidden');
    expect(JSON.stringify(viewFor(g.state, 'A'))).not.toContain('b-camo');
  });
});

describe('templates (TPL-1 to TPL-4, DMG-4, TOC-14)', () => {
  // b-inf at (14, 18) facing north and b-camo's marker just north-east of it, both in a-fast's Light Flamethrower's reach.
  const near: Positions = { 'b-inf': [14, 18, { facing: 0, roll: 1 }], 'b-camo': [15.5, 19, { as: 'marker', roll: 1 }] };
  const camo: Roster = { 'b-camo': { skills: ['to-camouflage', 'infiltration'] } };
  const flame = order('a-fast', { skill: 'bs-attack', weapon: 'light-flamethrower', aim: { x: 14, y: 20 } });

  it('DMG-4 TPL-1 a direct template is laid from the base edge inside the front arc: no roll, no critical; a Dodge is Face to Face with it', () => {
    const g = game(near, camo);
    expect(g.refused(order('a-fast', { skill: 'bs-attack', weapon: 'light-flamethrower', aim: { x: 14, y: 4 } }))).toMatchObject({ code: 'skill-not-allowed', rule: 'TPL-1' });
    const e = g.ok(flame);
    // ARO-2: b-inf faces away (no Line of Fire) but the template would affect it: it may Dodge.
    expect(ofType(e, 'aroWindow')[0]!.eligible).toContain('b-inf');
    g.ok(aros([{ trooper: 'b-inf', skill: 'dodge' }]));
    g.ok(none);
    // Only the Dodge rolls: b-inf's PH 12 - 3 (no Line of Fire to a-fast) = 9; a 15 fails: it is hit.
    expect(g.state.order).toMatchObject({ stage: 'rolls', needs: { 'b-inf': 1 } });
    const r = g.ok({ do: 'rolls', rolls: { 'b-inf': [15] } });
    // TPL-4, TOC-14: the marker is hit as well, alongside a trooper that is not camouflaged.
    expect(ofType(r, 'template')[0]).toMatchObject({ shape: 'small-teardrop', x: 14, y: 12.5, hits: ['b-camo', 'b-inf'] });
    expect(ofType(r, 'hits').map((h) => [h.target, h.hits, h.criticals])).toEqual([
      ['b-camo', 1, 0],
      ['b-inf', 1, 0],
    ]);
    const s = g.ok({ do: 'saves', rolls: { 'b-camo': [20], 'b-inf': [20] } });
    // DMG-4: the marker must save: it is revealed.
    expect(ofType(s, 'revealed')[0]).toMatchObject({ trooper: 'b-camo', as: 'model' });
  });

  it('TPL-4 TOC-14 a Dodge that avoids the template leaves no trooper hit: the marker is not hit either', () => {
    const g = game(near, camo);
    g.ok(flame);
    g.ok(aros([{ trooper: 'b-inf', skill: 'dodge' }]));
    g.ok(none);
    const r = g.ok({ do: 'rolls', rolls: { 'b-inf': [4] } });
    expect(ofType(r, 'template')[0]!.hits).toEqual([]);
    expect(g.trooper('b-camo').status).toBe('marker');
    // MOV-20: against a direct template any success earns the Dodge's move.
    expect(g.state.order).toMatchObject({ stage: 'dodge-moves', dodgeMoves: ['b-inf'] });
  });

  it('TPL-1 a BS Attack back at a template is a Normal roll, and both resolve', () => {
    const g = game({ ...near, 'b-inf': [14, 18, { facing: 180, roll: 1 }] }, camo);
    g.ok(flame);
    g.ok(aros([{ trooper: 'b-inf', skill: 'bs-attack', weapon: 'combi-rifle' }]));
    g.ok(none);
    const r = g.ok({ do: 'rolls', rolls: { 'b-inf': [3] } });
    expect(ofType(r, 'roll')[0]).toMatchObject({ trooper: 'b-inf', result: 'success' });
    expect(ofType(r, 'hits').map((h) => [h.by, h.target])).toEqual([
      ['b-inf', 'a-fast'],
      ['a-fast', 'b-camo'],
      ['a-fast', 'b-inf'],
    ]);
  });

  it('TPL-2 an impact template rolls against its main target; on a hit the circle is centred on it', () => {
    const g = game(near, camo);
    g.ok(order('a-run', { skill: 'bs-attack', weapon: 'light-grenade-launcher', targets: [{ target: 'b-inf', burst: 1 }] }));
    g.ok(aros([]));
    g.ok(none);
    const r = g.ok({ do: 'rolls', rolls: { 'a-run': [5] } });
    expect(ofType(r, 'template')[0]).toMatchObject({ shape: 'circular', x: 14, y: 18, facing: null, hits: ['b-camo', 'b-inf'] });
    const miss = game(near, camo);
    miss.ok(order('a-run', { skill: 'bs-attack', weapon: 'light-grenade-launcher', targets: [{ target: 'b-inf', burst: 1 }] }));
    miss.ok(aros([]));
    miss.ok(none);
    expect(ofType(miss.ok({ do: 'rolls', rolls: { 'a-run': [19] } }), 'template')).toEqual([]);
  });

  it('TPL-3 a template affects only what its Blast Focus sees, never the attacker nor a hidden trooper', () => {
    const f = parseGameFile({
      ...table(),
      terrain: [...turnTable().terrain, { id: 'screen', kind: 'block', x: 10.7, y: 30, w: 0.2, d: 2, h: 2 }],
      commands: [],
    });
    const g = new TestGame(f, turnOne({ 'b-watch': [10, 33] }));
    // Put two troopers by hand either side of the screen, 1.3" from the circle's centre at (10, 30).
    g.state.troopers['b-watch'] = { ...g.state.troopers['b-watch']!, x: 11.3, y: 30 };
    g.state.troopers['b-lt'] = { ...g.state.troopers['b-lt']!, x: 8.7, y: 30 };
    g.state.troopers['b-hide'] = { ...g.state.troopers['b-hide']!, x: 10, y: 31.2 };
    const hit = templateReach({ draft: g.state, ctx: g.ctx }, circleOn({ x: 10, y: 30, z: 0, r: 0.5, h: 1.6 }), 'nobody', (id) => ({ x: g.state.troopers[id]!.x!, y: g.state.troopers[id]!.y!, z: 0, r: 0.5, h: 1.6 }));
    expect(hit).toEqual(['b-lt']);
  });

  it('DMG-1 DA ammunition makes two saves a hit, EXP three', () => {
    const da = { ...weaponPreset('combi-rifle'), id: 'da-rifle', ammo: 'DA' as const };
    const g = game({}, { 'a-irr': { weapons: [da] } });
    g.ok(shoot('a-irr', [['b-lt', 1]], 'da-rifle'));
    g.ok(aros([]));
    g.ok(none);
    g.ok({ do: 'rolls', rolls: { 'a-irr': [3] } });
    expect(g.state.order).toMatchObject({ stage: 'saves', needs: { 'b-lt': 2 } });
    const exp = { ...da, id: 'exp-rifle', ammo: 'EXP' as const };
    const h = game({}, { 'a-irr': { weapons: [exp] } });
    h.ok(shoot('a-irr', [['b-lt', 1]], 'exp-rifle'));
    h.ok(aros([]));
    h.ok(none);
    h.ok({ do: 'rolls', rolls: { 'a-irr': [8] } });
    // A critical (8 at Success Value 8): three saves and one more.
    expect(h.state.order).toMatchObject({ stage: 'saves', needs: { 'b-lt': 4 } });
  });
});

describe('dice of an attack', () => {
  it('random dice: every roll and save in draw order written into the closing command; the opponent\u2019s view names it as it may', () => {
    const f = { ...table(), dice: { random: true } as const };
    const g = new TestGame(f, turnOne());
    const rng = [4, 6, 7, 9, 2, 3];
    let k = 0;
    const ctx = { ...g.ctx, randomD20: () => rng[k++ % rng.length]! };
    const play = (c: Command) => {
      const r = apply(g.state, c, ctx);
      if (!r.ok) throw new Error(r.rejection.message);
      const before = g.state;
      g.state = r.state;
      return { r, before };
    };
    play(shoot('a-irr', [['b-lt', 3]]));
    play(aros([{ trooper: 'b-lt', skill: 'bs-attack', weapon: 'combi-rifle' }]));
    const { r, before } = play(none);
    // a-irr's 4, 6, 7 against b-lt's 9: SV 8 each: b-lt fails; 3 hits; three saves 2, 3, 4.
    expect(r.command).toMatchObject({ dice: [4, 6, 7, 9, 2, 3, 4] });
    expect(ofType(r.events, 'hits')[0]).toMatchObject({ by: 'a-irr', target: 'b-lt', hits: 3 });
    expect(ofType(viewEvents(r.events, before, g.state, 'B'), 'save')).toHaveLength(3);
  });
});
