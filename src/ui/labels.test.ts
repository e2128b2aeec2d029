import { describe, expect, it } from 'vitest';
import { SKILLS, type Command, type PlayerId } from '../core/model/types';
import { createSceneryIndex } from '../spatial/sceneryIndex';
import { demoGame, demoSetup } from '../state/demo';
import { createGameStore, visibleLog } from '../state/gameStore';
import { fixture } from '../tools/testTable';
import { eventLine, facingLabel, logLines, SKILL_LABELS, STATUS_LABELS } from './labels';
import { inchesLabel, possessive } from './labels';
import { knownProfiles, replay } from '../core/api';

/** The log of a game as a viewer reads it, in lines: the demo's commands (up to `upTo`), then `more`. */
function logOf(viewer: PlayerId | null, more: Command[], base = demoGame(), upTo = base.commands.length): string[] {
  const store = createGameStore({ ...base, commands: base.commands.slice(0, upTo) });
  for (const c of more) {
    const r = store.getState().dispatch(c);
    if (!r.ok) throw new Error(`${c.do}: ${r.rejection.message}`);
  }
  const { history, state } = store.getState();
  return logLines(visibleLog(history, viewer), base, knownProfiles(state, viewer)).map((l) => l.text);
}

describe('labels', () => {
  it('COORD-13 a Coordinated Order in the log: who, the Spearhead, the Command Token spent, each participant moving', () => {
    const base = fixture('e2e/fixtures/turn-game.json');
    const more: Command[] = [{ do: 'order', player: 'A', trooper: 'a-lt', skill: 'move', path: [{ x: 24, y: 6 }], with: ['a-run', 'a-fast'], each: { 'a-run': { skill: 'move', path: [{ x: 28, y: 16 }] }, 'a-fast': { skill: 'move', path: [{ x: 14, y: 14 }] } } } as Command];
    const forA = logOf('A', more, base);
    expect(forA).toContain('Coordinated Order of Red: Captain Arkos (Spearhead) with Runner Pell, Torch Vane');
    expect(forA.some((l) => /^Red spends a Command Token \(\d+ left\)$/.test(l))).toBe(true);
  });

  it('tells every event of an Active Turn in words, naming markers by their id for the opponent', () => {
    const base = fixture('e2e/fixtures/turn-game.json');
    const more: Command[] = [
      { do: 'order', player: 'A', trooper: 'a-irr', skill: 'move', path: [{ x: 4, y: 16 }] },
      { do: 'aros', player: 'B', declarations: [] },
      { do: 'second', player: 'A', skill: 'none' },
      { do: 'order', player: 'A', trooper: 'A-m1', skill: 'bs-attack', weapon: 'combi-rifle', targets: [{ target: 'b-lt', burst: 3 }] },
      { do: 'aros', player: 'B', declarations: [{ trooper: 'b-lt', skill: 'bs-attack', weapon: 'combi-rifle' }] },
      { do: 'second', player: 'A', skill: 'none' },
      { do: 'rolls', rolls: { 'a-camo': [3, 7, 18], 'b-lt': [4] } },
      { do: 'saves', rolls: { 'b-lt': [10] } },
    ];
    const forB = logOf('B', more, base);
    expect(forB).toContain('Red gives Scout Dax an Irregular Order: Move');
    expect(forB).toContain('ARO window 1: Veil Nix, Lurker Voss, Commander Ivo may react');
    expect(forB).toContain('Scout Dax moves to x 4", y 16"');
    // TOC-7: the marker's attack shows who it is before its declaration.
    expect(forB).toContain('Ghost Lira appears');
    expect(forB).toContain('Red gives Ghost Lira a Regular Order: BS Attack with Combi Rifle at Commander Ivo (B3)');
    expect(forB).toContain('ARO (window 1): Commander Ivo declares BS Attack with Combi Rifle');
    expect(forB).toContain('BS Attack (BS): Ghost Lira rolls 3, 7, 18 against 8, success');
    expect(forB).toContain('Ghost Lira scores 1 hit on Commander Ivo');
    expect(forB).toContain('Commander Ivo is Unconscious');
    expect(forB.some((l) => /^Saving roll: Commander Ivo rolls 10 against \d+, (wounded|saved)$/.test(l))).toBe(true);
    for (const l of forB) expect(l).not.toMatch(/undefined|^declared$|^aroWindow$|^moved$|^hits$|^wounds$/);
    // B's own hidden trooper is B's to know; A's log never names it, even where it could have reacted.
    const forA = logOf('A', more, base);
    for (const l of forA) expect(l).not.toMatch(/Lurker Voss|b-hide|undefined/);
    expect(forA).toContain('ARO window 1: Marker B-m1, Commander Ivo may react');
  });

  it('writes every event of the demo as a sentence, with names for troopers and players', () => {
    const file = demoGame();
    const { events } = replay(file, { scenery: createSceneryIndex(file) });
    const lines = events.map((e) => eventLine(e, file));
    expect(lines).toContain('Ember Directorate wins the Initiative roll');
    expect(lines).toContain('Marksman Reyes deployed, Prone');
    expect(lines).toContain('Veil Sniper deployed as a marker');
    expect(lines).toContain('Wraith Operative deployed in Hidden Deployment');
    expect(lines.at(-2)).toBe("Round 1: Tidewater Concord's turn");
    expect(lines.at(-1)).toMatch(/^Tidewater Concord's Orders: Combat Group 1: \d+/);
    for (const l of lines) expect(l).not.toMatch(/undefined/);
  });

  it('names a marker by its id where the viewer does not know the trooper', () => {
    const file = demoGame();
    expect(eventLine({ index: 0, type: 'discoverFailed', player: 'B', marker: 'A-m1', by: 'b-kai' }, file)).toBe('Netrunner Kai fails to discover marker A-m1');
  });

  it('has words for every skill and status, and reads facings as compass points', () => {
    expect(Object.keys(SKILL_LABELS)).toHaveLength(SKILLS.length);
    expect(Object.keys(STATUS_LABELS)).toHaveLength(9);
    expect(facingLabel(0)).toBe('0° (north)');
    expect(facingLabel(90)).toBe('90° (west)');
    expect(facingLabel(200)).toBe('200° (south)');
  });
});

describe('the log', () => {
  it('tells what each roll was for, and names only troopers the viewer knows (INI-6: the opponent\'s Lieutenant unnamed)', () => {
    const file = demoGame();
    const lines = logOf('B', [], file, 1);
    expect(lines).toEqual([
      "Initiative roll (WIP): Ember Directorate's Lieutenant rolls 12 against 14, success",
      'Initiative roll (WIP): Commander Ishii rolls 9 against 14, success',
      'Ember Directorate wins the Initiative roll',
    ]);
  });

  it('writes every event of the demo as a sentence for each viewer, with no id where a name is known', () => {
    const file = demoGame();
    for (const viewer of ['A', 'B'] as const) {
      const lines = logOf(viewer, [], file);
      for (const l of lines) expect(l).not.toMatch(/undefined|\b[ab]-[a-z]+\b/);
      expect(lines).toContain(viewer === 'A' ? 'Ember Directorate ends its main step and keeps 1 trooper back' : 'Marker A-m1 deployed as a marker');
    }
  });
});

describe('the log: what every roll was for, in both players\' logs as each may see it', () => {
  const jump: Command = { do: 'combatJump', player: 'B', trooper: 'b-harrier', at: { x: 24, y: 36, z: 0 }, facing: 180, roll: 20, controlledJump: 'a-sable' };
  const fallback: Command = { do: 'fallback', player: 'B', trooper: 'b-harrier', at: { x: 24, y: 47.5, z: 0 }, facing: 180 };

  it('CJ-7 CJ-11 a failed Combat Jump: its roll is the Combat Jump roll, with the Controlled Jump ARO, and the fallback says what it follows', () => {
    const b = logOf('B', [jump, fallback]);
    expect(b).toContain('Combat Jump roll (PH −3, Controlled Jump ARO by Sable Signal Hacker): Harrier Drop Trooper rolls 20 against 9, failure');
    expect(b.join('\n')).not.toContain('Infiltration');
    expect(b).toContain('Harrier Drop Trooper failed its Combat Jump roll: it must be placed at its own table edge');
    expect(b).toContain('Harrier Drop Trooper failed its Combat Jump (−3, Controlled Jump ARO by Sable Signal Hacker): placed at its own table edge');
    // The hacker's owner: the roll of an airborne trooper is not in A's view, but the landing at the
    // table edge is, and so is the ARO A declared with its own hacker.
    const a = logOf('A', [jump, fallback]);
    expect(a.filter((l) => l.includes('Harrier')).join('\n')).not.toMatch(/rolls 20|deployed/);
    expect(a).toContain('Harrier Drop Trooper failed its Combat Jump (−3, Controlled Jump ARO by Sable Signal Hacker): placed at its own table edge');
  });

  it('CJ-11 a passed Combat Jump with a Controlled Jump ARO: both logs name the jump and the ARO; the landing is a landing', () => {
    const passed: Command = { ...jump, roll: 3 } as Command;
    for (const viewer of ['A', 'B'] as const) {
      const lines = logOf(viewer, [passed]);
      expect(lines, viewer).toContain('Combat Jump roll (PH −3, Controlled Jump ARO by Sable Signal Hacker): Harrier Drop Trooper rolls 3 against 9, success');
      expect(lines, viewer).toContain('Harrier Drop Trooper lands by Combat Jump');
    }
  });

  it('HD-4 a failed Infiltration roll and its fallback, in the player\'s log and the opponent\'s', () => {
    const setup = demoSetup();
    const demo = demoGame();
    // The demo up to B's main step, then the Pathfinder infiltrating past the centre line, failing.
    const upTo = demo.commands.findIndex((c) => c.do === 'deploy' && c.player === 'B');
    const infiltrate: Command = { do: 'deploy', player: 'B', trooper: 'b-pathfinder', at: { x: 30, y: 22 }, facing: 180, as: 'model', roll: 20 };
    const edge: Command = { do: 'fallback', player: 'B', trooper: 'b-pathfinder', at: { x: 40, y: 47.5 }, facing: 180 };
    const b = logOf('B', [infiltrate, edge], { ...setup, commands: demo.commands, dice: demo.dice }, upTo);
    expect(b).toContain('Infiltration roll (PH): Pathfinder Lio rolls 20 against 12, failure');
    expect(b).toContain('Pathfinder Lio failed its Infiltration roll: placed at its own table edge');
    const a = logOf('A', [infiltrate, edge], { ...setup, commands: demo.commands, dice: demo.dice }, upTo);
    expect(a).toContain('Pathfinder Lio failed its Infiltration roll: placed at its own table edge');
    expect(a.join('\n')).not.toContain('rolls 20');
  });

  it('DEP-8 a trooper placed again before its position is fixed is told as a move, in both logs', () => {
    const demo = demoGame();
    const upTo = demo.commands.findIndex((c) => c.do === 'deploy' && c.player === 'B' && c.trooper === 'b-ishii');
    const first = demo.commands[upTo]!;
    const again = { ...first, at: { x: (first as { at: { x: number } }).at.x + 1, y: (first as { at: { y: number } }).at.y } } as Command;
    for (const viewer of ['A', 'B'] as const) {
      const lines = logOf(viewer, [first, again], demo, upTo);
      expect(lines.filter((l) => l.startsWith('Commander Ishii')), viewer).toEqual(['Commander Ishii deployed', 'Commander Ishii placed again']);
    }
  });
});

describe('possessive', () => {
  it('writes a name ending in s with an apostrophe alone, any other with apostrophe s', () => {
    expect(possessive('Copper Wardens')).toBe("Copper Wardens'");
    expect(possessive('Player A')).toBe("Player A's");
  });
});

describe('inchesLabel', () => {
  it('writes inches to a tenth, a whole number without its ".0"', () => {
    expect(inchesLabel(26)).toBe('26"');
    expect(inchesLabel(19.96)).toBe('20"');
    expect(inchesLabel(4.25)).toBe('4.3"');
  });
});

describe('movement in the log (issue 37)', () => {
  it('MOV-11 MOV-13 MOV-14 MOV-17 MOV-19 MOV-20 says how a trooper moved: climbs (onto the wall), jumps, goes Prone, turns in place, moves after its Dodge; and who owes a Dodge move', () => {
    const setup = demoSetup();
    const base = { index: 0, type: 'moved', player: 'A', trooper: 'x', path: [], x: 4, y: 16, facing: 0 } as const;
    const line = (e: Record<string, unknown>) => eventLine({ ...base, ...e } as never, setup);
    expect(line({ z: 2.4, skill: 'climb', onWall: true })).toMatch(/climbs to x 4", y 16", 2.4" high, on the wall$/);
    expect(line({ z: 0, skill: 'jump' })).toMatch(/jumps to x 4", y 16"$/);
    expect(line({ z: 0, prone: true })).toMatch(/moves to x 4", y 16", Prone$/);
    expect(line({ z: 0, skill: 'dodge' })).toMatch(/moves after its Dodge to x 4", y 16"$/);
    // MOV-19: a Move of no length turns it in place.
    expect(line({ z: 0, path: [{ x: 4, y: 16, z: 0 }], facing: 135 })).toMatch(/stays in place, facing 135°$/);
    expect(eventLine({ index: 0, type: 'dodgeMoves', troopers: ['x'] }, setup)).toMatch(/^Dodge moves to choose: /);
  });
});
