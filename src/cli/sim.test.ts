import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { includes } from './expected';
import { runGameText } from './run';

const ROOT = join(__dirname, '..', '..');
const example = (name: string) => readFileSync(join(ROOT, 'examples', name), 'utf8');

/** A game file's text run through the runner (as one viewer, if named): its output, or the runner's error thrown. */
function replayed(text: string, viewer: 'A' | 'B' | null = null) {
  const run = runGameText(text, viewer);
  if (!run.ok) throw new Error(run.error);
  return run.output;
}

function sim(args: string[], cwd = ROOT) {
  const r = spawnSync('npm', ['--prefix', ROOT, 'run', '--silent', 'sim', '--', ...args], { cwd, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('the expected-output rule', () => {
  it('matches by inclusion, numbers within 0.001, events in order with others between', () => {
    const out = { a: 1, b: { c: 2.0004, d: 'x' }, events: [{ index: 0, type: 'roll', roll: 3 }, { index: 0, type: 'x' }, { index: 1, type: 'y', v: 1 }] };
    expect(includes({ b: { c: 2 }, events: [{ index: 0, type: 'roll' }, { index: 1, type: 'y', v: 1 }] }, out)).toEqual([]);
    expect(includes({ b: { c: 2.01 } }, out)).not.toEqual([]);
    expect(includes({ events: [{ index: 1, type: 'y' }, { index: 0, type: 'roll' }] }, out)).not.toEqual([]);
    expect(includes({ z: 1 }, out)).not.toEqual([]);
  });
});

describe('sim', () => {
  it('DEP-1 replays examples/deployment.json to its expected output', () => {
    const run = replayed(example('deployment.json'));
    expect(includes(JSON.parse(example('deployment.expected.json')), run)).toEqual([]);
    expect(run.ok).toBe(true);
  });

  it('CJ-6 replays examples/deployment-and-jump.json to its expected output', () => {
    const run = replayed(example('deployment-and-jump.json'));
    expect(includes(JSON.parse(example('deployment-and-jump.expected.json')), run)).toEqual([]);
  });

  it('ORD-1 GRP-3 replays examples/orders.json (the demo, regroups, two turns\' Order Counts) to its expected output', () => {
    const run = replayed(example('orders.json'));
    expect(includes(JSON.parse(example('orders.expected.json')), run)).toEqual([]);
    const seenByA = replayed(example('orders.json'), 'A');
    const regrouped = seenByA.events.filter((e) => e.type === 'regrouped');
    // HD-6, CJ-9: B's hidden and airborne troopers regroup without a name in A's view.
    expect(regrouped.map((e) => ('trooper' in e ? e.trooper : null))).toEqual(['b-reyes', null, null, 'a-veil']);
    expect(JSON.stringify(seenByA)).not.toMatch(/b-wraith|b-harrier/);
    const seenByB = replayed(example('orders.json'), 'B');
    // TOC-15: B learns the group A's marker joins, by its marker id.
    expect(seenByB.events.filter((e) => e.type === 'regrouped').at(-1)).toMatchObject({ trooper: 'A-m1', group: 1 });
    expect(JSON.stringify(seenByB)).not.toContain('a-veil');
  });

  it('ORD-5 MOV-1 MOV-4 ARO-1 ORD-7 replays examples/round-one.json (Round 1 of the demo: moves, Move + Move, Cautious Movement, a Discover ARO, the end) to its expected output', () => {
    const run = replayed(example('round-one.json'));
    expect(includes(JSON.parse(example('round-one.expected.json')), run)).toEqual([]);
    const seenByB = replayed(example('round-one.json'), 'B');
    // Until b-kai discovers it, B knows the moving marker only as A-m1.
    const aboutVeil = seenByB.events.filter((e) => 'trooper' in e && (e.trooper === 'A-m1' || e.trooper === 'a-veil')).map((e) => `${e.type}:${'trooper' in e ? e.trooper : ''}`);
    expect(aboutVeil).toEqual(['placed:A-m1', 'declared:A-m1', 'declared:A-m1', 'moved:A-m1', 'discovered:a-veil']);
  });

  it('ATK-2 ATK-4 ATK-5 ATK-6 TPL-1 TOC-14 replays examples/firefight.json (a Sensor, a Surprise Attack from a marker, a flamethrower catching a marker beside a model, a Face to Face) to its expected output', () => {
    const run = replayed(example('firefight.json'));
    expect(includes(JSON.parse(example('firefight.expected.json')), run)).toEqual([]);
    const seenByA = replayed(example('firefight.json'), 'A');
    // Until its save reveals it, A knows the marker the flamethrower caught only as B-m1.
    const template = seenByA.events.find((e) => e.type === 'template');
    expect(template).toMatchObject({ hits: ['B-m1', 'b-inf'] });
  });

  it('CC-1 CC-2 CC-6 CC-7 CC-8 CC-9 replays examples/close-combat.json (an engage answered by a CC Attack ARO, a Dodge out of the engagement, a fight to Unconscious, a Coup de Grâce) to its expected output', () => {
    const run = replayed(example('close-combat.json'));
    expect(includes(JSON.parse(example('close-combat.expected.json')), run)).toEqual([]);
    // CC-14: B sees the same engagements.
    const seenByB = replayed(example('close-combat.json'), 'B');
    expect(seenByB.events.filter((e) => e.type === 'engaged' || e.type === 'disengaged' || e.type === 'coupDeGrace')).toHaveLength(5);
  });

  it('COORD-1 COORD-6 COORD-9 replays examples/coordinated.json (four troopers advance under one Coordinated Order while two enemies each react to one of them) to its expected output', () => {
    const run = replayed(example('coordinated.json'));
    expect(includes(JSON.parse(example('coordinated.expected.json')), run)).toEqual([]);
    const seenByB = replayed(example('coordinated.json'), 'B');
    const declared = seenByB.events.filter((e): e is Extract<typeof e, { type: 'declared' }> => e.type === 'declared' && e.player === 'B');
    expect(declared.map((e) => [e.trooper, e.against])).toEqual([['b-lt', 'a-fast'], ['b-watch', 'a-lt']]);
    expect(seenByB.state.commandTokens).toEqual({ A: 3, B: 4 });
  });

  it('MOV-7 MOV-11 MOV-13 MOV-17 MOV-19 replays examples/movement.json (a turn in place, a Climb onto a post and a Jump down, a step down then Prone in place, a vault onto a crate) to its expected output', () => {
    const run = replayed(example('movement.json'));
    expect(includes(JSON.parse(example('movement.expected.json')), run)).toEqual([]);
    // The climb's and the jump's points go through the heights between (the ARO windows look there).
    const moved = run.events.filter((e) => e.type === 'moved' && 'skill' in e && (e.skill === 'climb' || e.skill === 'jump'));
    for (const m of moved) expect('path' in m && m.path.some((p) => (p.z ?? 0) > 0.5 && (p.z ?? 0) < 1.5)).toBe(true);
  });

  it('ARO-3 ARO-4 HD-14 TOC-1 TOC-4 replays examples/markers-and-hidden.json (a marker moving with a delayed ARO, a hidden trooper appearing in ARO, a Discover and a BS Attack on a marker, back to camouflage) to its expected output', () => {
    const run = replayed(example('markers-and-hidden.json'));
    expect(includes(JSON.parse(example('markers-and-hidden.expected.json')), run)).toEqual([]);
    const seenByB = replayed(example('markers-and-hidden.json'), 'B');
    // B watches a-run go back to camouflage: it knows which trooper the new marker is.
    expect(seenByB.events.find((e) => e.type === 'camouflaged')).toMatchObject({ marker: 'A-m2' });
    expect(seenByB.state.markers['A-m2']).toMatchObject({ player: 'A' });
  });

  it('TOOL-2 answers lof for a copy of examples/deployment.json with lof commands added', () => {
    const file = JSON.parse(example('deployment.json'));
    file.commands.push(
      { do: 'lof', from: 'r-lt', to: 'u-lt' }, // open ground between them
      { do: 'lof', from: 'r-gun', to: 'u-scout' }, // the 6" tower stands across the line
      { do: 'lof', from: 'u-lt', to: 'r-lt' },
    );
    const run = replayed(JSON.stringify(file));
    expect(run.ok).toBe(true);
    const lofs = run.events.filter((e) => e.type === 'lof');
    expect(lofs).toMatchObject([
      { index: 14, visible: true, cover: false },
      { index: 15, visible: false, cover: false },
      { index: 16, visible: true, cover: false },
    ]);
  });

  it('HD-1 sim --view of a game with a hidden trooper holds no trace of it for the opponent until it appears', () => {
    const file = JSON.parse(example('hidden-and-discover.json'));
    const dir = mkdtempSync(join(tmpdir(), 'sim-'));
    const upTo = (n: number) => {
      const path = join(dir, `upto-${n}.json`);
      writeFileSync(path, JSON.stringify({ ...file, commands: file.commands.slice(0, n) }));
      return path;
    };
    // Until the reveal (command 14) A's view never names u-scout, nor shows anything at its spot.
    const view = (n: number, v: 'A' | 'B') => replayed(JSON.stringify({ ...file, commands: file.commands.slice(0, n) }), v);
    const forA = sim([upTo(14), '--view', 'A']);
    expect(forA.code).toBe(0);
    for (const text of [forA.stdout, ...[9, 10, 14].map((n) => JSON.stringify(view(n, 'A'), null, 1))]) {
      expect(text).not.toContain('u-scout');
      expect(text).not.toContain('"x": 30');
    }
    for (const n of [9, 10, 14]) {
      expect(view(n, 'B').state.troopers['u-scout']).toMatchObject({ status: 'hidden', x: 30, y: 38, cover: true });
    }
    // It appears as its marker: A sees B-m1 and still not who it is; the Discover names it.
    const revealed = view(15, 'A');
    expect(revealed.state.markers).toEqual({ 'B-m1': { player: 'B', s: 2, x: 30, y: 38, z: 0, group: 1 } });
    expect(JSON.stringify(revealed)).not.toContain('u-scout');
    const all = view(18, 'A');
    expect(all.events.find((e) => e.type === 'discovered')).toMatchObject({ type: 'discovered', marker: 'B-m1', trooper: 'u-scout', by: 'r-lt' });
    expect(all.state.troopers['u-scout']).toMatchObject({ status: 'model', facing: 180 });
  });

  it('INI-1 replays the initiative part of examples/deployment.json through the process, exit 0', () => {
    const file = JSON.parse(example('deployment.json'));
    file.commands = file.commands.slice(0, 4);
    const dir = mkdtempSync(join(tmpdir(), 'sim-'));
    writeFileSync(join(dir, 'ini.json'), JSON.stringify(file));
    // A relative path is taken from the directory npm was started in.
    const r = sim(['ini.json'], dir);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.events.slice(0, 3)).toEqual([
      { index: 0, type: 'roll', player: 'A', trooper: 'r-lt', roll: 7, target: 14, result: 'success' },
      { index: 0, type: 'roll', player: 'B', trooper: 'u-lt', roll: 11, target: 13, result: 'success' },
      { index: 0, type: 'initiative', winner: 'B' },
    ]);
    expect(out.state).toMatchObject({
      phase: 'deployment',
      step: 'main',
      active: 'A',
      initiative: { winner: 'B', deploymentKeeper: 'A', initiativeKeeper: 'B', firstDeployer: 'A', firstTurn: 'B', zones: { A: 'south', B: 'north' } },
    });
  });

  it('exits 2 on a refused command, with the state as after the last applied one', () => {
    const file = JSON.parse(example('deployment.json'));
    file.commands.splice(5, 0, { do: 'deploy', player: 'A', trooper: 'r-gun', at: { x: 10, y: 11.8 }, facing: 0, as: 'model' });
    const dir = mkdtempSync(join(tmpdir(), 'sim-'));
    writeFileSync(join(dir, 'bad.json'), JSON.stringify(file));
    const r = sim([join(dir, 'bad.json')]);
    expect(r.code).toBe(2);
    const out = JSON.parse(r.stdout);
    expect(out.ok).toBe(false);
    expect(out.rejected).toEqual({
      index: 5,
      rule: 'DEP-3',
      code: 'outside-deployment-zone',
      message: 'The base sticks out of your Deployment Zone by 0.3 inches.',
    });
    expect(out.state.troopers['r-gun'].status).toBe('undeployed');
    expect(out.state.troopers['r-lt'].status).toBe('model');
    expect(Math.max(...out.events.map((e: { index: number }) => e.index))).toBe(4);
  });

  it('exits 1 with one line naming the field when the file is not a valid game', () => {
    const file = JSON.parse(example('deployment.json'));
    file.commands[4].at = { x: 'ten', y: 5 };
    const dir = mkdtempSync(join(tmpdir(), 'sim-'));
    writeFileSync(join(dir, 'broken.json'), JSON.stringify(file));
    const r = sim([join(dir, 'broken.json')]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr.trim()).toBe('commands[4].at.x: expected a number');
    const missing = sim([join(dir, 'nope.json')]);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe('');
  });

  it('DEP-2 --view hides the other player\u2019s reserve, undeployed and airborne troopers, but not the count kept back', () => {
    const file = JSON.parse(example('deployment.json'));
    file.commands = file.commands.slice(0, 10); // both main steps done
    const run = replayed(JSON.stringify(file), 'B');
    const s = run.state;
    expect(Object.keys(s.troopers).sort()).toEqual(['r-bike', 'r-lt', 'u-lt', 'u-mech', 'u-scout']);
    expect(s.troopers['u-mech']!.status).toBe('reserve');
    expect(s.keptBack).toEqual({ A: 1, B: 1 });
    const text = JSON.stringify(run);
    expect(text).not.toContain('r-gun');
    expect(text).not.toContain('r-drop');
  });

  it('a refusal of the other player\u2019s command says only that it was refused', () => {
    const file = JSON.parse(example('deployment.json'));
    file.commands.splice(8, 0, { do: 'deploy', player: 'B', trooper: 'u-mech', at: { x: 36, y: 40 }, facing: 180, as: 'marker' });
    const forA = replayed(JSON.stringify(file), 'A');
    const forB = replayed(JSON.stringify(file), 'B');
    expect(forA.rejected).toEqual({ index: 8, rule: null, code: null, message: "Player B's command was refused" });
    expect(forB.rejected).toMatchObject({ index: 8, rule: 'TOC-1', code: 'no-skill' });
  });
});
