import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replay } from '../core/engine';
import { parseGameFile } from '../core/gamefile';
import type { GameFile, Skill } from '../core/model/types';
import { viewFor } from '../core/view';
import { createSceneryIndex } from '../spatial/sceneryIndex';

const root = join(__dirname, '..', '..');
function load(name: string): GameFile {
  return parseGameFile(JSON.parse(readFileSync(join(root, 'examples', name), 'utf8')));
}

const REQUIRED_SKILLS: Skill[] = [
  'lieutenant',
  'combat-jump',
  'combat-jump-explosion',
  'hidden-deployment',
  'to-camouflage',
  'infiltration',
  'controlled-jump',
];

describe.each(['demo-setup.json', 'demo-deployed.json'])('%s', (name) => {
  const file = load(name);
  const result = replay(file, { scenery: createSceneryIndex(file) });

  it('replays through the engine without a refusal', () => {
    expect(result.rejected).toBeNull();
    expect(result.commands).toHaveLength(file.commands.length);
  });

  it('gives each army 8 to 10 troopers', () => {
    for (const p of ['A', 'B'] as const) {
      expect(file.players[p].troopers.length).toBeGreaterThanOrEqual(8);
      expect(file.players[p].troopers.length).toBeLessThanOrEqual(10);
    }
  });

  it('uses every silhouette S1 to S8 and every listed skill', () => {
    const all = [...file.players.A.troopers, ...file.players.B.troopers];
    expect(new Set(all.map((t) => t.s))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8]));
    const skills = new Set(all.flatMap((t) => t.skills));
    for (const s of REQUIRED_SKILLS) expect(skills, s).toContain(s);
  });

  it('has a real table: 48" x 48", two 12" zones, 12+ pieces with a roofless ruin, a long low wall, two objectives', () => {
    expect(file.table).toEqual({ width: 48, depth: 48 });
    const zones = Object.values(file.zones.deployment);
    expect(zones).toHaveLength(2);
    for (const z of zones) expect(Math.min(z.w, z.d)).toBe(12);
    expect(file.terrain.length).toBeGreaterThanOrEqual(12);
    expect(file.terrain.some((t) => t.kind === 'building' && !t.roof)).toBe(true);
    expect(file.terrain.some((t) => t.kind === 'building' && t.roof)).toBe(true);
    expect(file.terrain.some((t) => t.kind === 'block' && Math.max(t.w, t.d) >= 10 && t.h <= 1.5)).toBe(true);
    const heights = new Set(file.terrain.filter((t) => t.kind === 'block').map((t) => t.h));
    expect(heights.size).toBeGreaterThanOrEqual(3);
    expect(file.objectives).toHaveLength(2);
  });
});

describe('the two demo files', () => {
  it('share one setup: the deployed game is the setup plus commands', () => {
    const { commands: c0, dice: d0, ...setup } = load('demo-setup.json');
    const { commands: c1, dice: d1, ...deployed } = load('demo-deployed.json');
    expect(c0).toEqual([]);
    expect(c1.length).toBeGreaterThan(0);
    expect(d1).toEqual({ manual: true });
    expect(deployed).toEqual(setup);
  });

  it('the deployment reaches the game, with a marker, a hidden trooper, a Prone one, one up high and the jumpers airborne', () => {
    const file = load('demo-deployed.json');
    const { state, rejected } = replay(file, { scenery: createSceneryIndex(file) });
    expect(rejected).toBeNull();
    expect(state.phase).toBe('game');
    expect(state.round).toBe(1);
    expect(file.commands.filter((c) => c.do === 'endStep')).toHaveLength(4);
    const troopers = Object.entries(state.troopers);
    const skillsOf = (id: string) => [...file.players.A.troopers, ...file.players.B.troopers].find((t) => t.id === id)!.skills;
    expect(troopers.some(([id, t]) => t.status === 'marker' && skillsOf(id).includes('to-camouflage'))).toBe(true);
    expect(troopers.some(([id, t]) => t.status === 'hidden' && skillsOf(id).includes('hidden-deployment'))).toBe(true);
    expect(troopers.some(([, t]) => t.status === 'model' && t.prone)).toBe(true);
    expect(troopers.some(([, t]) => t.status === 'model' && (t.z ?? 0) > 0)).toBe(true);
    for (const [id, t] of troopers) if (skillsOf(id).includes('combat-jump')) expect(t.status, id).toBe('off-table');
    // The infiltrator stands in its own half, outside its Deployment Zone, and made no roll.
    const infiltrators = troopers.filter(([id, t]) => skillsOf(id).includes('infiltration') && t.status === 'model');
    expect(infiltrators.length).toBeGreaterThan(0);
    for (const [, t] of infiltrators) {
      const own = t.player === 'A' ? (t.y ?? 0) < 24 : (t.y ?? 0) > 24;
      expect(own).toBe(true);
      expect((t.y ?? 0) > 12 && (t.y ?? 0) < 36).toBe(true);
    }
    // Nothing secret leaks into the opponent's view.
    const a = viewFor(state, 'A');
    expect(Object.values(a.troopers).some((t) => t.player === 'B' && t.status === 'hidden')).toBe(false);
    const b = viewFor(state, 'B');
    expect(Object.values(b.markers).every((m) => m.player !== 'A' || m.trooper === undefined)).toBe(true);
  });
});
