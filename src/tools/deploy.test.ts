import { describe, expect, it } from 'vitest';
import type { Command } from '../core/model/types';
import { demoGame, demoSetup } from '../state/demo';
import { deployModes, facingTowardsCentre, type DeployOptions } from './deploy';
import { TestTable } from './testing/TestTable';
import { fixture, SMALL_CHOICES } from './testTable';

const SMALL = 'e2e/fixtures/small-setup.json';

/**
 * The headless table with the deployment tool in the hand, as the deployment panel and the table's
 * pointer drive it: `path` is every state it went through (`deploy.idle`, `deploy.picking`...).
 */
class Deploying {
  readonly path: string[];
  constructor(readonly t: TestTable) {
    this.path = t.trace(t.deploy);
  }
  get state() {
    return this.t.state;
  }
  get snap() {
    return this.t.deploy.snapshot;
  }
  get history() {
    return this.t.game.getState().history;
  }
  dispatch(cmd: Command) {
    return this.t.dispatch(cmd);
  }
  pick(trooper: string) {
    this.t.deploy.send({ type: 'pick', trooper });
    return this;
  }
  turn(by: number) {
    this.t.deploy.send({ type: 'turn', by });
    return this;
  }
  options(options: Partial<DeployOptions>) {
    this.t.deploy.send({ type: 'options', options });
    return this;
  }
  /** The pointer moves over a table point (z: the surface under it). */
  move(x: number, y: number, z = 0) {
    this.t.move({ x, y, z });
    return this;
  }
  /** A click where the ghost is: down and up on the same point. */
  click() {
    const at = this.snap.at!;
    this.t.click({ x: at.x, y: at.y, z: at.z ?? 0 });
    return this;
  }
  /** Clicks the trooper in hand onto (x, y, z). */
  place(trooper: string, x: number, y: number, z = 0) {
    return this.pick(trooper).move(x, y, z).click();
  }
}

/** The small table after the initiative and the choices: Player A's main step. */
function small(dice: 'random' | 'manual' = 'random') {
  return new Deploying(TestTable.fromFile(fixture(SMALL, { dice: dice === 'manual' ? { manual: true } : { random: true }, commands: SMALL_CHOICES })));
}

describe('the deployment tool', () => {
  it('DEP-3 the ghost is legal inside the Deployment Zone and refused outside it, with the engine\'s sentence', () => {
    const t = small().pick('a-lt');
    expect(t.snap.phase).toBe('picking');
    t.move(10, 6);
    expect(t.snap.verdict).toMatchObject({ ok: true, rule: null, z: 0 });
    t.move(10, 13);
    expect(t.snap.verdict).toMatchObject({ ok: false, rule: 'DEP-3', code: 'outside-deployment-zone' });
    expect(t.snap.verdict!.message).toBe('The base sticks out of your Deployment Zone by 1.5 inches.');
    // A click there places nothing and says why.
    t.click();
    expect(t.snap.phase).toBe('picking');
    expect(t.snap.notice).toEqual({ tone: 'error', text: t.snap.verdict!.message });
    expect(t.state.troopers['a-lt']!.status).toBe('undeployed');
    // Nothing was dispatched: the store holds only the initiative and the choices.
    expect(t.history).toHaveLength(SMALL_CHOICES.length);
  });

  it('DEP-1 a click places the trooper with one deploy command: deploy.idle, picking, placing, idle', () => {
    const t = small();
    t.pick('a-lt');
    // The trooper in hand holds the pointer.
    expect(t.t.path).toBe('deploy.picking');
    t.move(10, 6);
    t.t.down({ x: 10, y: 6 });
    expect(t.t.path).toBe('deploy.placing');
    t.t.up({ x: 10, y: 6 });
    expect(t.path).toEqual(['deploy.idle', 'deploy.picking', 'deploy.placing', 'deploy.idle']);
    expect(t.t.path).toBe('select');
    const last = t.history.at(-1)!;
    expect(last.command).toEqual({ do: 'deploy', player: 'A', trooper: 'a-lt', at: { x: 10, y: 6, z: 0 }, facing: 0, as: 'model' });
    expect(t.state.troopers['a-lt']).toMatchObject({ status: 'model', x: 10, y: 6, facing: 0, fixed: false });
    expect(t.snap.notice).toEqual({ tone: 'info', text: 'Captain Varro placed.' });
  });

  it('a drag turns the camera and places nothing: deploy.placing goes back to deploy.picking', () => {
    const t = small().pick('a-lt').move(10, 6);
    t.t.drag({ x: 10, y: 6 }, { x: 14, y: 6 });
    expect(t.snap.phase).toBe('picking');
    expect(t.state.troopers['a-lt']!.status).toBe('undeployed');
    expect(t.path).toEqual(['deploy.idle', 'deploy.picking', 'deploy.placing', 'deploy.picking']);
  });

  it('a touch: the first tap puts the ghost down with the engine\'s verdict, a second tap on it places: picking, placing, pinned, placing, idle', () => {
    const t = small().pick('a-lt');
    const finger = (x: number, y = 300) => ({ pointerType: 'touch' as const, screen: { x, y } });
    // A finger has no hover: a press leaves the ghost where it was until the tap is let go.
    t.t.down({ x: 10, y: 6 }, finger(100));
    expect(t.snap.at).toBeNull();
    // A finger that wanders less than a tap's room is still a tap.
    t.t.move({ x: 10.1, y: 6 }, finger(108));
    t.t.up({ x: 10.1, y: 6 }, finger(108));
    expect(t.t.path).toBe('deploy.pinned');
    expect(t.snap).toMatchObject({ phase: 'pinned', at: { x: 10.1, y: 6, z: 0 }, touch: true, notice: null });
    expect(t.snap.verdict).toMatchObject({ ok: true, message: 'Legal: tap it again or press Place here to place.' });
    // Nothing placed yet: no command went to the engine.
    expect(t.state.troopers['a-lt']!.status).toBe('undeployed');
    expect(t.history).toHaveLength(SMALL_CHOICES.length);
    // A second tap on the ghost (within its base and a finger's room) places it where the ghost stands.
    t.t.click({ x: 10.6, y: 6.3 }, finger(110));
    expect(t.state.troopers['a-lt']).toMatchObject({ status: 'model', x: 10.1, y: 6 });
    expect(t.path).toEqual(['deploy.idle', 'deploy.picking', 'deploy.placing', 'deploy.pinned', 'deploy.placing', 'deploy.idle']);
    expect(t.snap.notice).toEqual({ tone: 'info', text: 'Captain Varro placed.' });
  });

  it('a touch: an illegal tap shows the red ghost and the engine\'s reason; a tap elsewhere moves the ghost; a tap on a red ghost says why and places nothing', () => {
    const t = small().pick('a-lt');
    const finger = { pointerType: 'touch' as const };
    t.t.click({ x: 10, y: 13 }, finger);
    expect(t.snap.phase).toBe('pinned');
    expect(t.snap.verdict).toMatchObject({ ok: false, rule: 'DEP-3', code: 'outside-deployment-zone' });
    expect(t.snap.verdict!.message).toBe('The base sticks out of your Deployment Zone by 1.5 inches.');
    // A second tap on the red ghost: nothing placed, the reason said as a notice; the ghost stays.
    t.t.click({ x: 10, y: 13 }, finger);
    expect(t.snap).toMatchObject({ phase: 'pinned', at: { x: 10, y: 13, z: 0 } });
    expect(t.snap.notice).toEqual({ tone: 'error', text: 'The base sticks out of your Deployment Zone by 1.5 inches.' });
    expect(t.state.troopers['a-lt']!.status).toBe('undeployed');
    // A tap elsewhere moves the ghost there (still nothing placed), and the old notice goes.
    t.t.click({ x: 14, y: 6 }, finger);
    expect(t.snap).toMatchObject({ phase: 'pinned', at: { x: 14, y: 6, z: 0 }, notice: null });
    expect(t.snap.verdict?.ok).toBe(true);
    expect(t.state.troopers['a-lt']!.status).toBe('undeployed');
    // Place here (the panel's button) places it where the ghost stands.
    t.t.deploy.send({ type: 'place' });
    expect(t.state.troopers['a-lt']).toMatchObject({ status: 'model', x: 14, y: 6 });
    expect(t.path).toEqual(['deploy.idle', 'deploy.picking', 'deploy.placing', 'deploy.pinned', 'deploy.placing', 'deploy.pinned', 'deploy.placing', 'deploy.pinned', 'deploy.idle']);
  });

  it('a touch: a drag from the ghost turns it to face the finger; a drag elsewhere is the camera\'s; a second finger takes the press away', () => {
    const t = small().pick('a-lt');
    const finger = (x: number, y = 300) => ({ pointerType: 'touch' as const, screen: { x, y } });
    t.t.click({ x: 10, y: 6 }, finger(100));
    expect(t.snap.facing).toBe(0);
    // From the ghost, towards the east: it faces east (270: counter-clockwise from north), and the drag is the tool's.
    t.t.down({ x: 10.2, y: 6 }, finger(102));
    expect(t.t.deploy.usesDrag()).toBe(true);
    t.t.move({ x: 13, y: 6.1 }, finger(160));
    expect(t.t.path).toBe('deploy.turning');
    expect(t.snap.facing).toBe(270);
    t.t.up({ x: 13, y: 3 }, finger(160, 340));
    expect(t.snap).toMatchObject({ phase: 'pinned', facing: 225, at: { x: 10, y: 6, z: 0 } });
    // Turning placed nothing.
    expect(t.state.troopers['a-lt']!.status).toBe('undeployed');
    // A drag that starts away from the ghost turns the camera: the ghost stays, and faces the same way.
    t.t.down({ x: 20, y: 6 }, finger(300));
    expect(t.t.deploy.usesDrag()).toBe(false);
    t.t.move({ x: 24, y: 6 }, finger(360));
    t.t.up({ x: 24, y: 6 }, finger(360));
    expect(t.snap).toMatchObject({ phase: 'pinned', facing: 225, at: { x: 10, y: 6, z: 0 } });
    // A second finger (a pinch) takes the press away: nothing is placed, the ghost stays.
    t.t.down({ x: 10, y: 6 }, finger(100));
    t.t.cancel();
    expect(t.snap).toMatchObject({ phase: 'pinned', at: { x: 10, y: 6, z: 0 } });
    expect(t.state.troopers['a-lt']!.status).toBe('undeployed');
    // The turn buttons turn it as Q/E do; then Place here places it facing that way.
    t.turn(-15);
    t.t.deploy.send({ type: 'place' });
    expect(t.state.troopers['a-lt']).toMatchObject({ status: 'model', x: 10, y: 6, facing: 210 });
    expect(t.path).toEqual([
      'deploy.idle', 'deploy.picking', 'deploy.placing', 'deploy.pinned',
      'deploy.placing', 'deploy.turning', 'deploy.pinned',
      'deploy.placing', 'deploy.pinned',
      'deploy.placing', 'deploy.pinned',
      'deploy.idle',
    ]);
  });

  it('a mouse still places with one click, and takes over from a finger as soon as it moves', () => {
    const t = small().pick('a-lt');
    t.t.click({ x: 10, y: 6 }, { pointerType: 'touch' });
    expect(t.snap.phase).toBe('pinned');
    t.move(12, 5);
    expect(t.snap).toMatchObject({ phase: 'picking', at: { x: 12, y: 5, z: 0 } });
    t.click();
    expect(t.state.troopers['a-lt']).toMatchObject({ status: 'model', x: 12, y: 5 });
    expect(t.snap.touch).toBe(false);
  });

  it('the pointer leaving the table hides the ghost; Escape puts the trooper back', () => {
    const t = small().pick('a-lt').move(10, 6);
    expect(t.snap.at).not.toBeNull();
    t.t.leave();
    expect(t.snap).toMatchObject({ phase: 'picking', at: null, verdict: null });
    expect(t.t.key('Escape')).toBe(true);
    expect(t.snap).toMatchObject({ phase: 'idle', trooper: null });
    expect(t.path).toEqual(['deploy.idle', 'deploy.picking', 'deploy.idle']);
  });

  it('DEP-8 a placed trooper is picked up and placed again until its step ends; then its position is fixed', () => {
    const t = small();
    t.place('a-lt', 10, 6);
    t.pick('a-lt');
    expect(t.snap.at).toEqual({ x: 10, y: 6, z: 0 });
    expect(t.snap.verdict?.ok).toBe(true); // where it stands is still legal: the engine ignores the trooper itself
    t.move(20, 4).click();
    expect(t.state.troopers['a-lt']).toMatchObject({ status: 'model', x: 20, y: 4 });
    expect(t.dispatch({ do: 'endStep', player: 'A', keep: 'a-veil' }).ok).toBe(true);
    // B's step now; back in A's last step the Lieutenant is fixed.
    t.dispatch({ do: 'deploy', player: 'B', trooper: 'b-lt', at: { x: 20, y: 28 }, facing: 180, as: 'model' });
    t.dispatch({ do: 'deploy', player: 'B', trooper: 'b-strider', at: { x: 34, y: 26 }, facing: 180, as: 'model' });
    expect(t.dispatch({ do: 'endStep', player: 'B', keep: 'b-wraith' }).ok).toBe(true);
    expect(t.state.step).toBe('last');
    expect(t.state.troopers['a-lt']!.fixed).toBe(true);
    t.pick('a-lt');
    expect(t.snap.phase).toBe('idle');
    expect(t.snap.notice).toEqual({ tone: 'error', text: 'Captain Varro was placed in your main step: in your last step you place only the trooper you kept back.' });
  });

  it('DEP-5 a trooper deploys Prone; the wheel or Q/E turn its ghost', () => {
    const t = small().pick('a-lt');
    expect(t.snap.facing).toBe(0); // from the south zone, towards the centre
    t.turn(15).turn(15).turn(-45);
    expect(t.snap.facing).toBe(345);
    // The wheel and Q/E go to the trooper in hand (the camera's zoom waits).
    expect(t.t.wheel(1)).toBe(true);
    expect(t.snap.facing).toBe(0);
    expect(t.t.key('q')).toBe(true);
    expect(t.t.key('e')).toBe(true);
    expect(t.t.key('e')).toBe(true);
    expect(t.snap.facing).toBe(345);
    t.options({ prone: true });
    t.move(10, 6).click();
    expect(t.state.troopers['a-lt']).toMatchObject({ prone: true, facing: 345 });
  });

  it('HD-1 TOC-1 the Marker and Hidden options are offered only where the skills allow, and the engine agrees', () => {
    const file = fixture(SMALL);
    const skills = (id: string) => [...file.players.A.troopers, ...file.players.B.troopers].find((p) => p.id === id)!.skills;
    expect(deployModes(skills('a-lt'))).toEqual(['model']);
    expect(deployModes(skills('a-veil'))).toEqual(['model', 'marker']);
    expect(deployModes(skills('b-wraith'))).toEqual(['model', 'hidden']);
    const t = small().pick('a-lt');
    t.options({ as: 'hidden' });
    t.move(10, 6);
    expect(t.snap.verdict).toMatchObject({ ok: false, rule: 'HD-1', code: 'no-skill' });
    t.pick('a-veil');
    t.options({ as: 'marker' });
    t.move(14, 6).click();
    expect(t.state.troopers['a-veil']).toMatchObject({ status: 'marker', markerId: 'A-m1' });
    expect(t.snap.notice?.text).toBe('Veil Sniper placed as a TO Camouflage marker.');
  });

  it('DEP-6 the ghost stands on the surface under the pointer: a block top, not the table inside the block', () => {
    const t = small().pick('a-lt');
    t.move(38, 6, 2);
    expect(t.snap.verdict).toMatchObject({ ok: true, z: 2 });
    t.move(38, 6, 0);
    expect(t.snap.verdict).toMatchObject({ ok: false, rule: 'DEP-6', code: 'no-room' });
    t.move(38, 6, 2).click();
    expect(t.state.troopers['a-lt']).toMatchObject({ status: 'model', z: 2 });
  });

  it('DEP-4 a base touching the objective is refused, even for an infiltrator in its own half', () => {
    const t = small().pick('a-veil').move(12, 15);
    expect(t.snap.verdict).toMatchObject({ ok: false, rule: 'DEP-4', code: 'contact-objective', message: 'The base touches the objective "beacon".' });
  });

  it('HD-4 manual dice: a spot past the centre line asks for the Infiltration roll; a failure brings the fallback', () => {
    const t = small('manual').pick('a-veil').move(30, 18.5);
    expect(t.snap.verdict).toMatchObject({ ok: true, rollTarget: 12 });
    t.click();
    expect(t.snap.phase).toBe('rolling');
    expect(t.history).toHaveLength(SMALL_CHOICES.length); // nothing sent before the roll
    t.t.deploy.send({ type: 'roll', value: 17 });
    expect(t.state.troopers['a-veil']!.status).toBe('awaiting-fallback');
    expect(t.snap).toMatchObject({ phase: 'picking', kind: 'fallback', trooper: 'a-veil' });
    expect(t.snap.notice?.text).toContain('failed its Infiltration roll');
    // The fallback cannot be put down, nor another trooper taken up instead; it goes to the table edge.
    t.t.deploy.send({ type: 'cancel' });
    expect(t.snap.phase).toBe('picking');
    t.pick('a-lt');
    expect(t.snap).toMatchObject({ trooper: 'a-veil', kind: 'fallback' });
    // Anywhere in the zone the ghost snaps onto the table edge, its base touching it: a player need
    // not find the one pixel where it may stand.
    t.move(30, 6);
    const r = 0.5; // an S2 base: 25 mm across, 1" with the project's 25 mm inch (FACTS)
    expect(t.snap.at).toEqual({ x: 30, y: r, z: 0 });
    expect(t.snap.verdict).toMatchObject({ ok: true });
    // Far from the zone it is not snapped: red, with the engine's reason.
    t.move(30, 20);
    expect(t.snap.at).toMatchObject({ x: 30, y: 20 });
    expect(t.snap.verdict).toMatchObject({ ok: false, rule: 'HD-4', code: 'not-at-table-edge' });
    t.move(30, 0.5).click();
    expect(t.state.troopers['a-veil']).toMatchObject({ status: 'model', x: 30, y: r, fixed: true });
    expect(t.snap.phase).toBe('idle');
    expect(t.snap.notice).toEqual({ tone: 'info', text: 'Veil Sniper placed at the table edge.' });
    expect(t.path).toEqual(['deploy.idle', 'deploy.picking', 'deploy.placing', 'deploy.rolling', 'deploy.picking', 'deploy.placing', 'deploy.idle']);
  });

  it('DEP-8 random dice: the Infiltration roll is made on the click and fixes the trooper', () => {
    const t = small();
    t.t.game.getState().load({ ...fixture(SMALL), commands: SMALL_CHOICES });
    t.pick('a-veil').move(30, 18.5);
    expect(t.snap.verdict).toMatchObject({ ok: true, rollTarget: 12 });
    t.click();
    const entry = t.history.at(-1)!;
    expect(entry.command.do).toBe('deploy');
    const roll = (entry.command as Extract<Command, { do: 'deploy' }>).roll;
    expect(roll).toBeGreaterThanOrEqual(1); // written into the command by the engine
    expect(t.state.troopers['a-veil']!.fixed).toBe(true);
  });

  it('CJ-1 an airborne trooper may stay off the table when the step ends', () => {
    const t = small();
    t.place('a-lt', 10, 6);
    expect(t.dispatch({ do: 'endStep', player: 'A', keep: 'a-veil' }).ok).toBe(true);
    expect(t.state.troopers['a-skyfall']!.status).toBe('off-table');
    expect(t.state.keptBack).toEqual({ A: 1 });
  });

  it('subscribe and send work passed on unbound, as the page passes them (useSyncExternalStore)', () => {
    const t = small();
    const { subscribe, send } = t.t.deploy;
    const seen: string[] = [];
    const off = subscribe((s) => seen.push(s.phase));
    send({ type: 'pick', trooper: 'a-lt' });
    off();
    send({ type: 'cancel' });
    expect(seen).toEqual(['picking']);
    const { subscribe: onOrder, send: toOrder } = t.t.order;
    onOrder(() => undefined)();
    expect(toOrder({ type: 'cancel' })).toBeNull();
  });

  it('faces new troopers towards the centre of the table from either zone', () => {
    const t = small();
    expect(facingTowardsCentre(t.state, 'A')).toBe(0);
    expect(facingTowardsCentre(t.state, 'B')).toBe(180);
  });

  it('the whole demo deployment is placed through the tool and reaches the first turn', () => {
    const deployed = demoGame();
    const setupOnly = demoSetup();
    const t = new Deploying(TestTable.fromFile({ ...setupOnly, dice: deployed.dice, commands: [] }));
    for (const cmd of deployed.commands) {
      if (cmd.do !== 'deploy') {
        expect(t.dispatch(cmd).ok, JSON.stringify(cmd)).toBe(true);
        continue;
      }
      t.pick(cmd.trooper);
      t.options({ as: cmd.as, prone: cmd.prone ?? false, cover: cmd.cover ?? false });
      t.turn(cmd.facing - t.snap.facing);
      t.move(cmd.at.x, cmd.at.y, cmd.at.z ?? 0);
      expect(t.snap.verdict?.ok, `${cmd.trooper}: ${t.snap.verdict?.message}`).toBe(true);
      t.click();
      expect(t.snap.phase).toBe('idle');
      expect(t.state.troopers[cmd.trooper]).toMatchObject({ status: cmd.as, x: cmd.at.x, y: cmd.at.y, facing: cmd.facing });
    }
    expect(t.state.phase).toBe('game');
    expect(t.state.round).toBe(1);
  });
});

describe('the placement help (docs/trials/movement.md: a ruin only just inside the zone)', () => {
  /** Harbour Quarter, B deploying first in the north: the north ruin's ground inside the zone is y 24.5" to 24.75" for Marksman Reyes. */
  const harbour = () => new Deploying(TestTable.fromFile(fixture('e2e/fixtures/movement-trial.json')));

  it('DEP-3 DEP-6 MOV-21 a spot refused for a hair (out of the zone, into the ruin\'s wall) puts the ghost on the nearest spot the engine takes, within 0.5"', () => {
    const t = harbour().pick('b-reyes');
    // Inside the ruin, the base out of the zone by 0.3": pulled into the zone, still inside the ruin.
    t.move(18.5, 24.2);
    expect(t.snap.verdict).toMatchObject({ ok: true });
    expect(t.snap.at!.y).toBeGreaterThanOrEqual(24.5);
    expect(t.snap.at!.y).toBeLessThanOrEqual(24.75);
    expect(t.snap.verdict!.message).toMatch(/the nearest spot the rules allow/);
    // Into the ruin's north wall: the ghost moves back onto the band as the pointer passes; a click there
    // places on the nearest spot the engine takes (searched finer than a hover).
    t.move(18.5, 25);
    expect(t.snap.verdict).toMatchObject({ ok: true });
    t.t.click({ x: 18.5, y: 25, z: 0 });
    expect(t.state.troopers['b-reyes']).toMatchObject({ status: 'model', x: 18.5, y: 24.75, z: 0 });
  });

  it('DEP-3 far out of the zone the ghost stays under the pointer, refused with the engine\'s sentence', () => {
    const t = harbour().pick('b-reyes');
    t.move(18.5, 22);
    expect(t.snap.at).toMatchObject({ x: 18.5, y: 22 });
    expect(t.snap.verdict).toMatchObject({ ok: false, rule: 'DEP-3', code: 'outside-deployment-zone' });
  });
});
