/**
 * Writes examples/midgame.json: the demo's table (terrain, zones, objectives) with 15 troopers a side
 * in two Combat Groups each, deployed in their zones and then walked forward by Orders (a Move and a
 * second Move each, no AROs declared) for three Game Rounds, so both armies stand all over the table.
 * Manual dice: nothing in it rolls. The bench's mid-game table and the frame-time script load it.
 *
 *   npx tsx scripts/make-midgame.ts        (then: npm run --silent sim -- examples/midgame.json)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseGameFileText } from '../src/core/gamefile';
import type { PlanePoint, PlayerId, Setup, TrooperProfile } from '../src/core/model/types';
import { createSceneryIndex } from '../src/spatial/sceneryIndex';
import { resolveFacts } from '../src/core/data/facts';
import { Game, playTurn, rng, Walkable, type Plan } from '../bench/games';

const root = resolve(import.meta.dirname, '..');
const demo = parseGameFileText(readFileSync(resolve(root, 'examples/demo-setup.json'), 'utf8'));

const weapons = new Map(
  [...demo.players.A.troopers, ...demo.players.B.troopers].flatMap((t) => (t.weapons ?? []).map((w) => [w.id, w] as const)),
);
const w = (...ids: string[]) => ids.map((id) => weapons.get(id)!);

/** The kinds of trooper each side fields: name, silhouette, MOV, BS, weapons. */
const kinds: { name: string; s: number; mov: [number, number]; bs: number; arm: number; w: number; weapons: string[] }[] = [
  { name: 'Line Trooper', s: 2, mov: [4, 4], bs: 11, arm: 1, w: 1, weapons: ['combi-rifle', 'pistol'] },
  { name: 'Rifleman', s: 2, mov: [4, 4], bs: 11, arm: 1, w: 1, weapons: ['rifle', 'pistol'] },
  { name: 'Marksman', s: 2, mov: [4, 4], bs: 13, arm: 1, w: 1, weapons: ['sniper-rifle', 'pistol'] },
  { name: 'Assault Trooper', s: 2, mov: [4, 4], bs: 12, arm: 2, w: 1, weapons: ['combi-rifle', 'light-shotgun'] },
  { name: 'Heavy Gunner', s: 5, mov: [4, 2], bs: 13, arm: 5, w: 2, weapons: ['hmg', 'pistol'] },
  { name: 'Scout Bike', s: 4, mov: [6, 4], bs: 12, arm: 2, w: 1, weapons: ['combi-rifle'] },
  { name: 'Remote', s: 3, mov: [6, 4], bs: 11, arm: 2, w: 1, weapons: ['light-grenade-launcher'] },
  { name: 'Flash Drone', s: 1, mov: [6, 4], bs: 10, arm: 0, w: 1, weapons: ['pistol'] },
];

function army(player: PlayerId, prefix: string, callsigns: string[]): TrooperProfile[] {
  return callsigns.map((call, i) => {
    const k = i === 0 ? { ...kinds[3]!, name: 'Lieutenant' } : kinds[i % kinds.length]!;
    return {
      id: `${prefix}-${call.toLowerCase()}`,
      name: `${k.name} ${call}`,
      s: k.s,
      wip: 13,
      ph: 11,
      arm: k.arm,
      bts: 0,
      w: k.w,
      skills: i === 0 ? ['lieutenant'] : [],
      orders: 'regular',
      // Two Combat Groups: eight in the first, seven in the second.
      group: i < 8 ? 1 : 2,
      surpriseAttack: -3,
      mov: k.mov,
      bs: k.bs,
      cc: 13,
      points: 10,
      weapons: w(...k.weapons),
    } as TrooperProfile;
  });
}

const setup: Setup = {
  ...(({ commands: _c, ...s }) => s)(demo),
  dice: { manual: true },
  facts: { ...demo.facts, rounds: 10 },
  players: {
    A: { name: 'Ember Directorate', troopers: army('A', 'a', ['Varro', 'Osei', 'Kade', 'Lune', 'Brask', 'Mara', 'Tolle', 'Pip', 'Ansel', 'Rook', 'Senna', 'Dray', 'Cole', 'Ivo', 'Wren']) },
    B: { name: 'Azure Compact', troopers: army('B', 'b', ['Ishii', 'Reyes', 'Kai', 'Lio', 'Mori', 'Tavi', 'Orin', 'Quill', 'Hana', 'Jett', 'Soren', 'Vale', 'Nia', 'Bex', 'Yuri']) },
  },
};

const g = new Game(setup, { scenery: createSceneryIndex(setup) });
g.must({ do: 'initiative', rolls: { A: 12, B: 9 } });
g.must({ do: 'keep', player: 'A', choice: 'deployment' });
g.must({ do: 'turnOrder', player: 'B', first: 'B' });
g.must({ do: 'deploymentChoice', player: 'A', first: 'B', keeperZone: 'south' });

/** Deploys each trooper at the first legal spot of a spread-out list in its zone. */
function deploy(player: PlayerId, ids: string[]): void {
  const south = player === 'A';
  const random = rng(south ? 11 : 23);
  ids.forEach((id, i) => {
    for (let tries = 0; tries < 200; tries++) {
      const x = 2 + ((i * 3.1 + tries * 7.3 + random() * 2) % 44);
      const y = 2 + random() * 8;
      const at = { x: Math.round(x * 10) / 10, y: Math.round((south ? y : 48 - y) * 10) / 10 };
      if (g.tryApply({ do: 'deploy', player, trooper: id, at, facing: south ? 0 : 180, as: 'model' })) return;
    }
    throw new Error(`no spot for ${id}`);
  });
}
const ids = (p: PlayerId) => setup.players[p].troopers.map((t) => t.id);
deploy('B', ids('B').slice(0, 14));
g.must({ do: 'endStep', player: 'B', keep: ids('B')[14]! });
deploy('A', ids('A').slice(0, 14));
g.must({ do: 'endStep', player: 'A', keep: ids('A')[14]! });
deploy('B', ids('B').slice(14));
g.must({ do: 'endStep', player: 'B' });
deploy('A', ids('A').slice(14));
g.must({ do: 'endStep', player: 'A' });

/** The open ground for each base size, built once. */
const facts = resolveFacts(setup.facts);
const grounds = new Map<number, Walkable>();
const profile = (id: string) => [...setup.players.A.troopers, ...setup.players.B.troopers].find((t) => t.id === id)!;
function walkable(id: string): Walkable {
  const r = facts.silhouettes[profile(id).s].radius;
  let w = grounds.get(r);
  if (!w) grounds.set(r, (w = new Walkable(setup, g.ctx.scenery, r)));
  return w;
}

/** Goals all over the table: each side's troopers spread from their own edge to well past the middle. */
const goals = new Map<string, PlanePoint>();
for (const p of ['A', 'B'] as PlayerId[]) {
  const random = rng(p === 'A' ? 5 : 7);
  ids(p).forEach((id, i) => {
    const x = 3 + ((i * 17) % 15) * 3 + random();
    const depth = 3 + ((i * 7) % 15) * 2.7;
    goals.set(id, { x, y: p === 'A' ? depth : 48 - depth });
  });
}
const plan: Plan = {
  goal: (id) => goals.get(id)!,
  walkable,
  // Each trooper ends its move facing the middle of the enemy troopers on the table.
  facing: (id, state, to) => {
    const me = state.troopers[id]!.player;
    const foes = Object.values(state.troopers).filter((t) => t.player !== me && t.x !== null && t.y !== null);
    const cx = foes.reduce((s, t) => s + t.x!, 0) / foes.length;
    const cy = foes.reduce((s, t) => s + t.y!, 0) / foes.length;
    const aim = Math.atan2(cy - to.y, cx - to.x);
    return Math.round(((aim * 180) / Math.PI - 90 + 360) % 360);
  },
};
// Three Game Rounds of Orders: B, A, B, A, B, A.
for (let turn = 0; turn < 6; turn++) playTurn(g, plan);

const out = resolve(root, 'examples/midgame.json');
writeFileSync(out, `${JSON.stringify(g.file())}\n`);
console.log(`${out.replace(root + '/', '')}: ${g.commands.length} commands, round ${g.state.round}, ${g.state.active} to play`);
