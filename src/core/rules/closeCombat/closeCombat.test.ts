import { describe, expect, it } from 'vitest';
import { plannedOdds } from '../../answers';
import { ccAttackers, nearMissAllies } from '../../api';
import type { Command, GameEvent, GameFile } from '../../model/types';
import { TestGame } from '../../testing/fixtures';
import { turnOne, turnTable, type Positions } from '../../testing/turnTable';
import { viewEvents, viewFor } from '../../view';
import { BARE_HANDS, ccAsWeapon } from '../skills/ccAttack/weapon';
import { tmplTargets } from '../orders/templateTargets';
import { closeCombatOf } from './engaged';
import { Tx } from '../context';
import type { AroCheck } from '../skills/skill';
import { ccAttack } from '../skills/ccAttack/skill';

// b-inf stands at (30, 20); a base centred 1" from another's touches it (S2 bases, 25 mm).
const file = (): GameFile => {
  const f = turnTable();
  const a = f.players.A.troopers;
  a.find((t) => t.id === 'a-run')!.ccWeapons = [{ id: 'blade', name: 'CC Weapon', damage: 'PH', burst: 1, ammo: 'N', save: 'arm' }];
  a.find((t) => t.id === 'a-fast')!.cc = 15;
  return f;
};
const game = (over: Positions = {}) => new TestGame(file(), turnOne({ 'a-run': [30, 15.5], ...over }));
const move = (trooper: string, path: [number, number][], extra: Record<string, unknown> = {}): Command =>
  ({ do: 'order', player: 'A', trooper, skill: 'move', path: path.map(([x, y]) => ({ x, y })), ...extra }) as Command;
const order = (trooper: string, skill: string, extra: Record<string, unknown> = {}): Command => ({ do: 'order', player: 'A', trooper, skill, ...extra }) as Command;
const second = (skill: string, extra: Record<string, unknown> = {}): Command => ({ do: 'second', player: 'A', skill, ...extra }) as Command;
const aros = (player: 'A' | 'B', declarations: Record<string, unknown>[]): Command => ({ do: 'aros', player, declarations }) as Command;
const none = aros('B', []);
const ofType = <T extends GameEvent['type']>(events: GameEvent[], type: T) => events.filter((e): e is Extract<GameEvent, { type: T }> => e.type === type);
const cc = (target: string, burst = 1, weapon?: string) => ({ targets: [{ target, burst }], ...(weapon ? { weapon } : {}) });

/** a-run moves into contact with b-inf, which answers with a CC Attack ARO; a-run then attacks it. */
function engage(aro: Record<string, unknown> | null = { trooper: 'b-inf', skill: 'cc-attack' }) {
  const g = game();
  const first = g.ok(move('a-run', [[30, 19]]));
  g.ok(aros('B', aro ? [aro] : []));
  g.ok(second('cc-attack', cc('b-inf')));
  g.ok(none);
  return { g, first };
}

describe('close combat (close-combat.md)', () => {
  it('MOV-22 CC-1 a Move may end in contact with an enemy model, never touch one before its last point', () => {
    const g = game();
    expect(g.refused(move('a-run', [[30, 19], [30, 18.5]]))).toMatchObject({ code: 'blocked-path', rule: 'CC-1' });
    const events = g.ok(move('a-run', [[30, 19]]));
    expect(g.state.order!.skills[0]).toMatchObject({ skill: 'move', contact: ['b-inf'] });
    expect(ofType(events, 'aroWindow')[0]!.eligible).toContain('b-inf');
    // Cautious Movement and a Jump's landing stay out of contact (MOV-4, MOV-3).
    const h = game();
    expect(h.refused(order('a-run', 'cautious-move', { path: [{ x: 30, y: 19 }] })).code).not.toBe('ok');
  });

  it('CC-2 the Engaged state begins after the saves, on both troopers, in both views; CC-14 its events are Open Information', () => {
    const { g } = engage();
    const before = g.state;
    const events = g.ok({ do: 'rolls', rolls: { 'a-run': [19], 'b-inf': [20] } });
    // The Order resolves with no hit (b-inf's 20 fails at CC 13; a-run's 19 fails at 13): engaged, in id order.
    expect(ofType(events, 'engaged')).toMatchObject([
      { trooper: 'a-run', with: ['b-inf'] },
      { trooper: 'b-inf', with: ['a-run'] },
    ]);
    expect(events.map((e) => e.type).slice(-2)).toEqual(['engaged', 'engaged']);
    expect(g.trooper('a-run').engaged).toBe(true);
    expect(g.trooper('b-inf').engaged).toBe(true);
    for (const viewer of ['A', 'B'] as const) {
      expect(viewFor(g.state, viewer).troopers['a-run']).toMatchObject({ engaged: true });
      expect(viewFor(g.state, viewer).troopers['b-inf']).toMatchObject({ engaged: true });
      expect(ofType(viewEvents(events, before, g.state, viewer), 'engaged')).toHaveLength(2);
    }
    // Not engaged: the field is absent.
    expect('engaged' in g.trooper('a-lt')).toBe(false);
  });

  it('CC-3 an Engaged trooper declares only CC Attack, Dodge or Idle', () => {
    const { g } = engage();
    g.ok({ do: 'rolls', rolls: { 'a-run': [19], 'b-inf': [20] } });
    expect(g.refused(move('a-run', [[30, 17]]))).toMatchObject({ code: 'skill-not-allowed', rule: 'CC-3' });
    expect(g.refused(order('a-run', 'bs-attack', { weapon: 'combi-rifle', targets: [{ target: 'b-inf', burst: 1 }] }))).toMatchObject({ code: 'skill-not-allowed', rule: 'CC-3' });
    g.ok(order('a-run', 'cc-attack', cc('b-inf')));
    expect(g.state.order!.skills[0]).toMatchObject({ skill: 'cc-attack' });
    // In ARO too: a CC Attack or a Dodge only.
    expect(g.refused(aros('B', [{ trooper: 'b-inf', skill: 'bs-attack', weapon: 'combi-rifle' }]))).toMatchObject({ code: 'skill-not-allowed', rule: 'CC-3' });
    g.ok(aros('B', [{ trooper: 'b-inf', skill: 'dodge' }]));
    expect(g.refused(second('move', { path: [{ x: 30, y: 17 }] }))).toMatchObject({ code: 'skill-not-allowed', rule: 'CC-3' });
    g.ok(second('idle'));
  });

  it('CC-5 a CC Attack names enemies in contact (not-in-contact), splits its Burst (bad-burst), with a weapon the trooper has (unknown-weapon)', () => {
    const g = game();
    expect(g.refused(order('a-run', 'cc-attack', cc('b-inf')))).toMatchObject({ code: 'not-in-contact', rule: 'CC-5' });
    expect(g.refused(order('a-run', 'cc-attack', cc('b-inf', 1, 'sword')))).toMatchObject({ code: 'unknown-weapon' });
    g.ok(move('a-run', [[30, 19]]));
    g.ok(none);
    expect(g.refused(second('cc-attack', cc('b-inf', 2)))).toMatchObject({ code: 'bad-burst', rule: 'CC-5' });
    expect(g.refused(second('cc-attack', cc('b-watch')))).toMatchObject({ code: 'not-in-contact', rule: 'CC-5' });
    expect(g.refused(second('cc-attack', cc('a-lt')))).toMatchObject({ code: 'skill-not-allowed', rule: 'CC-5' });
    g.ok(second('cc-attack', cc('b-inf', 1, 'bare-handed')));
  });

  it('CC-15 the odds before the dice of a CC Face to Face are exact, and name the Success Values the roll then uses', () => {
    const { g } = engage();
    const odds = plannedOdds(g.state, g.ctx, 'A').find((o) => o.roller === 'a-run')!;
    expect(odds).toMatchObject({ target: 'b-inf', dice: 1, against: { roller: 'b-inf', dice: 1 } });
    // One d20 a side, counted out: a success at most the SV, the SV itself a critical, a critical beats
    // any other success, two criticals or two equal successes cancel, else the higher success wins.
    const wins = (mine: number, sv: number, theirs: number, tsv: number): boolean => {
      if (mine > sv) return false;
      if (theirs > tsv) return true;
      const crit = mine === sv;
      const theirCrit = theirs === tsv;
      return crit ? !theirCrit : !theirCrit && mine > theirs;
    };
    const tsv = odds.against!.sv;
    let mine = 0;
    let theirs = 0;
    for (let a = 1; a <= 20; a++) {
      for (let b = 1; b <= 20; b++) {
        if (wins(a, odds.sv, b, tsv)) mine++;
        if (wins(b, tsv, a, odds.sv)) theirs++;
      }
    }
    expect(odds.hit).toBeCloseTo(mine / 400, 9);
    expect(odds.theirs).toBeCloseTo(theirs / 400, 9);
    const events = g.ok({ do: 'rolls', rolls: { 'a-run': [12], 'b-inf': [9] } });
    expect(ofType(events, 'roll').map((r) => [r.trooper, r.target])).toEqual([['a-run', odds.sv], ['b-inf', tsv]]);
  });

  it('CC-6 Face to Face in close combat: CC against CC, the higher success wins; CC-12 the weapon\u2019s Damage is the wielder\u2019s PH', () => {
    const { g } = engage();
    // a-run CC 13 rolls 12, b-inf CC 13 rolls 9: a-run wins the Face to Face.
    const events = g.ok({ do: 'rolls', rolls: { 'a-run': [12], 'b-inf': [9] } });
    expect(ofType(events, 'roll')).toMatchObject([
      { trooper: 'a-run', skill: 'cc-attack', target: 13, against: 'b-inf', result: 'success' },
      { trooper: 'b-inf', skill: 'cc-attack', target: 13, against: 'a-run', result: 'success' },
    ]);
    expect(ofType(events, 'hits')).toEqual([{ type: 'hits', index: expect.any(Number), by: 'a-run', target: 'b-inf', hits: 1, criticals: 0 }]);
    // The save: Damage PH 12 - ARM 1 = 11.
    const saved = g.ok({ do: 'saves', rolls: { 'b-inf': [11] } });
    expect(ofType(saved, 'save')[0]).toMatchObject({ trooper: 'b-inf', target: 11, result: 'wound' });
    expect(ofType(saved, 'wounds')[0]).toMatchObject({ trooper: 'b-inf', status: 'unconscious' });
    // CC-2: an Unconscious enemy engages no one.
    expect(ofType(saved, 'engaged')).toEqual([]);
    expect(g.trooper('a-run').engaged).toBeUndefined();
  });

  it('CC-7 a CC Attack ARO only against a trooper whose movement ends in contact with the reactor; CC-6 at the end of its path', () => {
    const g = game();
    g.ok(move('a-run', [[30, 18]]));
    expect(g.refused(aros('B', [{ trooper: 'b-inf', skill: 'cc-attack' }]))).toMatchObject({ code: 'not-in-contact', rule: 'CC-7' });
    const { g: h } = engage();
    expect(h.state.order!.aros['b-inf']).toMatchObject({ skill: 'cc-attack' });
    expect(h.state.order!.aros['b-inf']!.at).toBeUndefined();
  });

  it('CC-8 a successful Dodge from the Engaged state leaves by its dodgeMove; one ending in contact is still-in-contact; [] stays Engaged', () => {
    const setUp = () => {
      const { g } = engage();
      g.ok({ do: 'rolls', rolls: { 'a-run': [19], 'b-inf': [20] } });
      // B's turn is not needed: in A's next Order b-inf Dodges a-run's CC Attack.
      g.ok(order('a-run', 'cc-attack', cc('b-inf')));
      g.ok(aros('B', [{ trooper: 'b-inf', skill: 'dodge' }]));
      g.ok(second('idle'));
      g.ok(none);
      // a-run fails (20), b-inf passes its PH 12 Dodge with 5.
      g.ok({ do: 'rolls', rolls: { 'a-run': [20], 'b-inf': [5] } });
      expect(g.state.order).toMatchObject({ stage: 'dodge-moves', dodgeMoves: ['b-inf'] });
      return g;
    };
    const g = setUp();
    expect(g.refused({ do: 'dodgeMove', player: 'B', trooper: 'b-inf', path: [{ x: 31, y: 20 }, { x: 31, y: 19.1 }] } as Command)).toMatchObject({ code: 'still-in-contact', rule: 'CC-8' });
    const out = g.ok({ do: 'dodgeMove', player: 'B', trooper: 'b-inf', path: [{ x: 30, y: 21.5 }] } as Command);
    expect(ofType(out, 'disengaged').map((e) => e.trooper)).toEqual(['a-run', 'b-inf']);
    expect(g.trooper('b-inf').engaged).toBeUndefined();
    const h = setUp();
    const stay = h.ok({ do: 'dodgeMove', player: 'B', trooper: 'b-inf', path: [] } as Command);
    expect(ofType(stay, 'disengaged')).toEqual([]);
    expect(h.trooper('b-inf').engaged).toBe(true);
  });

  it('CC-8 a Dodge\u2019s move may end in contact and so engage (it draws no ARO)', () => {
    const g = game({ 'a-run': [26.5, 15.5] });
    g.ok(move('a-run', [[29, 18.2]]));
    g.ok(aros('B', [{ trooper: 'b-inf', skill: 'dodge' }]));
    g.ok(second('none'));
    g.ok({ do: 'rolls', rolls: { 'b-inf': [5] } });
    // a-run at (29, 18.2): 1.03" towards it the bases touch.
    const out = g.ok({ do: 'dodgeMove', player: 'B', trooper: 'b-inf', path: [{ x: 29.5, y: 19.09 }] } as Command);
    expect(ofType(out, 'engaged').map((e) => e.trooper)).toEqual(['a-run', 'b-inf']);
  });

  it('CC-9 a CC Attack on an Unconscious enemy in contact is a Coup de Grâce: no roll, no save, Dead', () => {
    const { g } = engage();
    g.ok({ do: 'rolls', rolls: { 'a-run': [12], 'b-inf': [9] } });
    g.ok({ do: 'saves', rolls: { 'b-inf': [11] } });
    expect(g.trooper('b-inf').status).toBe('unconscious');
    // CC-9: no longer Engaged, a-run may move away; here it finishes b-inf instead.
    g.ok(order('a-run', 'cc-attack', cc('b-inf')));
    g.ok(none);
    g.ok(second('idle'));
    const events = g.ok(none);
    expect(ofType(events, 'roll')).toEqual([]);
    expect(events.map((e) => e.type)).toContain('coupDeGrace');
    expect(ofType(events, 'coupDeGrace')).toMatchObject([{ trooper: 'a-run', target: 'b-inf' }]);
    expect(g.trooper('b-inf').status).toBe('removed');
  });

  it('CC-4 an Engaged trooper reacts only inside its close combat: it is not eligible against another active trooper', () => {
    // Not Engaged, b-inf may react to a-fast moving in its Zone of Control.
    expect(ofType(game({ 'a-fast': [26, 15] }).ok(move('a-fast', [[26, 17]])), 'aroWindow')[0]!.eligible).toContain('b-inf');
    const g = new TestGame(file(), turnOne({ 'a-run': [30, 15.5], 'a-fast': [26, 15] }));
    g.ok(move('a-run', [[30, 19]]));
    g.ok(aros('B', [{ trooper: 'b-inf', skill: 'cc-attack' }]));
    g.ok(second('cc-attack', cc('b-inf')));
    g.ok(none);
    g.ok({ do: 'rolls', rolls: { 'a-run': [19], 'b-inf': [20] } });
    // Engaged with a-run, b-inf may not react to a-fast.
    const events = g.ok(move('a-fast', [[26, 17]]));
    expect(ofType(events, 'aroWindow')[0]!.eligible).not.toContain('b-inf');
  });

  it('CC-12 Bare-Handed is PH-2, B1, N; AP halves ARM (rounded up) in the Damage against each target', () => {
    const prof = file().players.A.troopers.find((t) => t.id === 'a-run')!;
    expect(ccAsWeapon(BARE_HANDS, prof, { arm: 3, bts: 0 })).toMatchObject({ damage: 10, burst: 1, ammo: 'N', save: 'arm' });
    const ap = { id: 'ap', name: 'AP CC Weapon', damage: 'PH' as const, burst: 1, ammo: 'AP' as const, save: 'arm' as const };
    // PH 12, ARM 5 halved to 3: saves against 12 - 3 = 9, written as Damage 14 against ARM 5.
    expect(ccAsWeapon(ap, prof, { arm: 5, bts: 0 })).toMatchObject({ damage: 14, ammo: 'N' });
    expect(ccAsWeapon({ ...ap, damage: 'PH+1', ammo: 'SHOCK' }, prof, { arm: 5, bts: 0 })).toMatchObject({ damage: 13, ammo: 'N' });
  });

  it('CC-13 several of a side in contact: the attacker rolls +1 Burst for each other not Unconscious; CC-15 the odds show it', () => {
    const g = game({ 'a-fast': [32, 15] });
    g.ok(move('a-fast', [[31.46, 19.35], [30.93, 19.6]]));
    g.ok(none);
    g.ok(second('none'));
    expect(g.trooper('a-fast').engaged).toBe(true);
    g.ok(move('a-run', [[30, 19]]));
    g.ok(none);
    g.ok(second('cc-attack', cc('b-inf')));
    const odds = plannedOdds(g.state, g.ctx, 'A');
    expect(odds).toMatchObject([{ roller: 'a-run', target: 'b-inf', sv: 13, dice: 2 }]);
  });

  it('CC-13 the `attacker` named: another of the side in contact makes the CC Attack with its CC and weapon, the active trooper adding its +1; Face to Face with the target\u2019s ARO; refusals', () => {
    const g = game({ 'a-fast': [32, 15] });
    g.ok(move('a-fast', [[31.46, 19.35], [30.93, 19.6]]));
    g.ok(none);
    g.ok(second('none'));
    g.ok(move('a-run', [[30, 19]]));
    expect(ccAttackers(g.state, 'A', 'a-run', ['b-inf'])).toEqual(['a-run', 'a-fast']);
    expect(ccAttackers(g.state, 'A', 'a-run', [])).toEqual(['a-run']);
    g.ok(aros('B', [{ trooper: 'b-inf', skill: 'cc-attack' }]));
    // a-fast has no CC weapon of a-run's (unknown-weapon); an enemy is no attacker; one not in contact neither.
    expect(g.refused(second('cc-attack', { ...cc('b-inf', 1, 'blade'), attacker: 'a-fast' }))).toMatchObject({ code: 'unknown-weapon' });
    expect(g.refused(second('cc-attack', { ...cc('b-inf'), attacker: 'b-watch' }))).toMatchObject({ code: 'skill-not-allowed', rule: 'CC-13' });
    expect(g.refused(second('cc-attack', { ...cc('b-inf'), attacker: 'a-lt' }))).toMatchObject({ code: 'not-in-contact', rule: 'CC-13' });
    g.ok(second('cc-attack', { ...cc('b-inf'), attacker: 'a-fast' }));
    // a-fast rolls its CC 15, Bare-Handed Burst 1 +1 for a-run in contact. b-inf's ARO was made against
    // a-run: as COORD-6 pairs a reactor's attack with the one it named, both are Normal rolls.
    const odds = plannedOdds(g.state, g.ctx, 'A');
    expect(odds.filter((o) => o.roller !== 'b-inf')).toMatchObject([{ roller: 'a-fast', target: 'b-inf', sv: 15, dice: 2, against: null }]);
    g.ok(none);
    const events = g.ok({ do: 'rolls', rolls: { 'a-fast': [3, 14], 'b-inf': [9] } });
    expect(ofType(events, 'roll').map((r) => [r.trooper, r.against])).toEqual([
      ['a-fast', 'b-inf'],
      ['b-inf', 'a-run'],
    ]);
    // Normal rolls: a-fast's 3 and 14 both hit b-inf, b-inf's 9 hits a-run (Face to Face, the 14 would cancel it).
    expect(g.state.order!.needs).toEqual({ 'b-inf': 2, 'a-run': 1 });
    g.ok({ do: 'saves', rolls: { 'b-inf': [20, 20], 'a-run': [20] } });
    expect(g.trooper('a-fast').engaged).toBe(true);
  });

  it('CC-13 in ARO: a reactor\u2019s CC Attack takes +1 Burst for each ally in contact with the active trooper where it ends, none for one that Dodges; CC-15 the odds show it', () => {
    // b-watch infiltrates to (29, 19): a-run's Move to (30, 19) ends in contact with it and with b-inf.
    const f = file();
    f.players.B.troopers.find((t) => t.id === 'b-watch')!.skills.push('infiltration');
    const play = (watch: Record<string, unknown> | null) => {
      const g = new TestGame(f, turnOne({ 'a-run': [30, 15.5], 'b-watch': [29, 19, { facing: 90, roll: 1 }] }));
      g.ok(move('a-run', [[30, 19]]));
      expect(g.state.order!.skills[0]).toMatchObject({ contact: ['b-inf', 'b-watch'] });
      g.ok(aros('B', [{ trooper: 'b-inf', skill: 'cc-attack' }, ...(watch ? [watch] : [])]));
      g.ok(second('none'));
      return plannedOdds(g.state, g.ctx, 'B').find((o) => o.roller === 'b-inf')!;
    };
    expect(play(null)).toMatchObject({ kind: 'aro-attack', dice: 2 });
    expect(play({ trooper: 'b-watch', skill: 'dodge' })).toMatchObject({ kind: 'aro-attack', dice: 1 });
  });

  it('CC-13 in ARO only one of a side attacks: a second CC Attack ARO against the active trooper from the same close combat is refused (skill-not-allowed)', () => {
    const f = file();
    f.players.B.troopers.find((t) => t.id === 'b-watch')!.skills.push('infiltration');
    const g = new TestGame(f, turnOne({ 'a-run': [30, 15.5], 'b-watch': [29, 19, { facing: 90, roll: 1 }] }));
    g.ok(move('a-run', [[30, 19]]));
    const both = aros('B', [{ trooper: 'b-inf', skill: 'cc-attack' }, { trooper: 'b-watch', skill: 'cc-attack' }]);
    expect(g.refused(both)).toMatchObject({ code: 'skill-not-allowed', rule: 'CC-13' });
    expect(g.state.order!.aros).toEqual({});
    // The other may Dodge beside the one CC Attack.
    g.ok(aros('B', [{ trooper: 'b-inf', skill: 'cc-attack' }, { trooper: 'b-watch', skill: 'dodge' }]));
  });

  it('CC-13 in ARO across commands: a CC Attack ARO recorded by an earlier `aros` command refuses a second one of its side (skill-not-allowed), the state unchanged', () => {
    const f = file();
    f.players.B.troopers.find((t) => t.id === 'b-watch')!.skills.push('infiltration');
    const g = new TestGame(f, turnOne({ 'a-run': [30, 15.5], 'b-watch': [29, 19, { facing: 90, roll: 1 }] }));
    g.ok(move('a-run', [[30, 19]]));
    g.ok(aros('B', [{ trooper: 'b-inf', skill: 'cc-attack' }]));
    g.ok(second('cc-attack', cc('b-inf')));
    // In the flow, a trooper of that close combat is eligible in window 1 (it is in contact), so a later
    // `aros` command from it is already refused by ARO-1 (g.refused checks the state did not change).
    expect(g.refused(aros('B', [{ trooper: 'b-watch', skill: 'cc-attack' }]))).toMatchObject({ code: 'not-eligible', rule: 'ARO-1' });
    expect(Object.keys(g.state.order!.aros)).toEqual(['b-inf']);
    // CC-13's own check counts the Order's recorded AROs, not only those of the same command: asked in
    // window 2 with b-inf's ARO recorded and nothing earlier in the command, it refuses b-watch's.
    const s = structuredClone(g.state);
    const c = { tx: new Tx(s, s, g.ctx), order: s.order!, player: 'B', window: 2, id: 'b-watch', name: 'b-watch', marker: false, earlier: [] } as unknown as AroCheck;
    let refusal: unknown = null;
    try {
      ccAttack.aro!.allowed!(c, { skill: 'cc-attack' } as never);
    } catch (e) {
      refusal = (e as { rejection?: unknown }).rejection;
    }
    expect(refusal).toMatchObject({ code: 'skill-not-allowed', rule: 'CC-13' });
    expect(s).toEqual(g.state);
  });

  it('CC-10 a BS Attack at a trooper Engaged with the attacker\u2019s allies: -6 each; a near miss hits the ally (strayHit)', () => {
    const shoot = order('a-lt', 'bs-attack', { weapon: 'combi-rifle', targets: [{ target: 'b-inf', burst: 1 }] });
    const free = game();
    free.ok(shoot);
    free.ok(none);
    free.ok(second('none'));
    const plain = plannedOdds(free.state, free.ctx, 'A')[0]!.sv;
    const { g } = engage();
    g.ok({ do: 'rolls', rolls: { 'a-run': [19], 'b-inf': [20] } });
    g.ok(shoot);
    g.ok(none);
    g.ok(second('none'));
    expect(plannedOdds(g.state, g.ctx, 'A')[0]!.sv).toBe(plain - 6);
    const events = g.ok({ do: 'rolls', rolls: { 'a-lt': [plain - 5] } });
    expect(ofType(events, 'strayHit')).toMatchObject([{ trooper: 'a-lt', target: 'a-run' }]);
    expect(ofType(events, 'hits')).toMatchObject([{ by: 'a-lt', target: 'a-run', hits: 1 }]);
  });

  it('CC-10 with two allies in that close combat: -12, and a near miss hits the ally the attacker\u2019s player named (`stray`), else the first by id; naming one outside it is refused', () => {
    // a-fast and a-run each move into contact with b-inf.
    const setUp = () => {
      const g = new TestGame(file(), turnOne({ 'a-run': [30, 15.5], 'a-fast': [31, 15.5] }));
      g.ok(move('a-fast', [[31, 20]]));
      g.ok(aros('B', []));
      g.ok(second('none'));
      g.ok(move('a-run', [[30, 19]]));
      g.ok(aros('B', []));
      g.ok(second('none'));
      expect(closeCombatOf(g.state, 'b-inf')).toEqual(['a-fast', 'a-run', 'b-inf']);
      // What the table offers for the choice (core/api.ts): the shooter's allies there.
      expect(nearMissAllies(g.state, 'a-lt', 'b-inf')).toEqual(['a-fast', 'a-run']);
      expect(nearMissAllies(g.state, 'a-lt', 'b-lt')).toEqual([]);
      return g;
    };
    const shoot = (stray?: string) => order('a-lt', 'bs-attack', { weapon: 'combi-rifle', targets: [{ target: 'b-inf', burst: 1, ...(stray ? { stray } : {}) }] });
    const near = (g: TestGame, stray?: string) => {
      g.ok(shoot(stray));
      g.ok(none);
      g.ok(second('none'));
      const sv = plannedOdds(g.state, g.ctx, 'A')[0]!.sv;
      return { sv, events: g.ok({ do: 'rolls', rolls: { 'a-lt': [sv + 7] } }) };
    };
    const free = game();
    free.ok(shoot());
    free.ok(none);
    free.ok(second('none'));
    const plain = plannedOdds(free.state, free.ctx, 'A')[0]!.sv;
    // Named: a-run takes the near miss (a die 7 over the Success Value, within the -12).
    const g = setUp();
    const named = near(g, 'a-run');
    // -12 for the two allies with the range MOD: the MODs capped at -12 (ATK-3), so BS 11 rolls against -1.
    expect(plain).toBeLessThan(11);
    expect(named.sv).toBe(11 - 12);
    expect(ofType(named.events, 'strayHit')).toMatchObject([{ trooper: 'a-lt', target: 'a-run' }]);
    // Not named: the first ally by id, as files written before `stray` replay.
    expect(ofType(near(setUp()).events, 'strayHit')).toMatchObject([{ trooper: 'a-lt', target: 'a-fast' }]);
    // An ally outside that close combat is refused, the state unchanged.
    const h = setUp();
    expect(h.refused(shoot('a-top'))).toMatchObject({ code: 'not-in-contact', rule: 'CC-10' });
  });

  it('CC-10 in ARO: a reactor\u2019s BS Attack at an active trooper Engaged with its allies takes -6 each, and a near miss hits the ally', () => {
    // b-watch infiltrates to (40, 19), facing a-run's path's end at (30, 19) from 10".
    const f = file();
    f.players.B.troopers.find((t) => t.id === 'b-watch')!.skills.push('infiltration');
    const at = { 'a-run': [30, 15.5], 'b-watch': [40, 19, { facing: 90, roll: 1 }] } as Positions;
    const shoot = aros('B', [{ trooper: 'b-watch', skill: 'bs-attack', weapon: 'combi-rifle' }]);
    // Moving into contact, a-run is not Engaged yet (CC-2): no MOD.
    const free = new TestGame(f, turnOne(at));
    free.ok(move('a-run', [[30, 19]]));
    free.ok(shoot);
    free.ok(second('none'));
    const plain = plannedOdds(free.state, free.ctx, 'B').find((o) => o.roller === 'b-watch')!.sv;
    const g = new TestGame(f, turnOne(at));
    g.ok(move('a-run', [[30, 19]]));
    g.ok(aros('B', []));
    g.ok(second('none'));
    expect(g.trooper('a-run').engaged).toBe(true);
    g.ok(order('a-run', 'cc-attack', cc('b-inf')));
    g.ok(shoot);
    g.ok(second('none'));
    expect(plannedOdds(g.state, g.ctx, 'B').find((o) => o.roller === 'b-watch')).toMatchObject({ sv: plain - 6 });
    const events = g.ok({ do: 'rolls', rolls: { 'a-run': [20], 'b-watch': [plain - 5] } });
    expect(ofType(events, 'strayHit')).toMatchObject([{ trooper: 'b-watch', target: 'b-inf' }]);
    expect(ofType(events, 'hits')).toMatchObject([{ by: 'b-watch', target: 'b-inf', hits: 1 }]);
  });

  it('CC-11 a template that affects an Engaged trooper affects its whole close combat, never its attacker', () => {
    const { g } = engage();
    g.ok({ do: 'rolls', rolls: { 'a-run': [19], 'b-inf': [20] } });
    const tx = { draft: g.state };
    expect(tmplTargets(tx, ['b-inf'], () => true, 'a-fast')).toEqual(['a-run', 'b-inf']);
    expect(tmplTargets(tx, ['b-inf'], () => true, 'a-run')).toEqual(['b-inf']);
    // Each rolls its own Dodge: one that avoids it stays out.
    expect(tmplTargets(tx, ['b-inf'], (id) => id !== 'a-run', 'a-fast')).toEqual(['b-inf']);
  });

  it('CC-14 twin games: B sees an engagement, its rolls and its Engaged states as the same text wherever A\u2019s hidden trooper stands (beside the path\u2019s end or far off)', () => {
    const play = (hideAt: [number, number]) => {
      const g = new TestGame(file(), turnOne({ 'a-run': [30, 15.5], 'a-hide': [hideAt[0], hideAt[1], { as: 'hidden' }] }));
      const seen: string[] = [];
      for (const cmd of [
        move('a-run', [[30, 19]]),
        aros('B', [{ trooper: 'b-inf', skill: 'cc-attack' }]),
        second('cc-attack', cc('b-inf')),
        none,
        { do: 'rolls', rolls: { 'a-run': [19], 'b-inf': [20] } } as Command,
      ]) {
        const before = g.state;
        const events = g.ok(cmd);
        seen.push(JSON.stringify(viewEvents(events, before, g.state, 'B')), JSON.stringify(viewFor(g.state, 'B')));
      }
      return { seen, g };
    };
    const near = play([31.1, 15.4]);
    const far = play([4, 12]);
    expect(near.seen).toEqual(far.seen);
    expect(near.g.trooper('b-inf').engaged).toBe(true);
    // The twins do differ: A's own view tells them apart.
    expect(JSON.stringify(viewFor(near.g.state, 'A'))).not.toBe(JSON.stringify(viewFor(far.g.state, 'A')));
  });
});

