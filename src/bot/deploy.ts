/**
 * The bot's initiative choices and deployment. It keeps the Initiative and goes first; as Deployment
 * keeper it deploys second. Each trooper is placed where the enemy's zone (and the enemy troopers already
 * placed) would see it least, a trooper made for AROs (a long-range weapon) where it also sees the middle
 * of the table; Hidden Deployment and TO Camouflage are used where the trooper has them; the trooper kept
 * back is the one with the most firepower, placed last against what the enemy showed; Combat Jumpers
 * stay in the air (jumps.ts lands them). Spots are guessed from the sight maps and each is checked by a
 * dry run of `deploy` before it is given.
 */
import { deploymentZoneOf, type EngineContext } from '../core/api';
import type { Command, GameState, PlayerId, TrooperProfile } from '../core/model/types';
import { otherPlayer } from '../core/model/types';
import { groundFor } from './ground';
import { sightMap } from './maps';
import { facingTo, heightOf, legal, profile, radiusOf } from './moment';
import type { Rng } from './rng';
import { bodyOf, type Body } from './sight';
import { centre, deployArea, edgeSpot } from './zones';

/** How much a trooper is made for AROs and long shots: its best weapon's Burst, reach and Damage. */
export function firepower(p: TrooperProfile): number {
  let best = 0;
  for (const w of p.weapons) {
    const reach = w.ranges?.at(-1)?.[0] ?? 6;
    best = Math.max(best, w.burst * (w.damage - 10) * Math.min(reach, 32));
  }
  return best;
}

function longRange(p: TrooperProfile): boolean {
  return p.weapons.some((w) => (w.ranges?.at(-1)?.[0] ?? 0) >= 32 && w.burst >= 2) || p.weapons.some((w) => (w.ranges?.at(-1)?.[0] ?? 0) >= 40);
}

/** The trooper to keep back: the most firepower among those that walk on, not the Lieutenant, not hidden or camouflaged. */
export function keepBack(state: GameState, me: PlayerId): string | undefined {
  const candidates = Object.entries(state.troopers)
    .filter(([id, t]) => t.player === me && (t.status === 'undeployed' || t.status === 'reserve'))
    .map(([id]) => ({ id, p: profile(state, id) }))
    .filter(({ p }) => !p.skills.includes('combat-jump'));
  const plain = candidates.filter(({ p }) => !p.skills.some((s) => s === 'lieutenant' || s === 'hidden-deployment' || s === 'to-camouflage' || s === 'infiltration'));
  const pool = plain.length > 0 ? plain : candidates;
  return pool.sort((a, b) => firepower(b.p) - firepower(a.p) || (a.id < b.id ? -1 : 1))[0]?.id;
}

/** Points spread over a rectangle, `step` apart, at the table top: where the enemy could stand to look. */
function probes(rect: { x: number; y: number; w: number; d: number }, step: number): Body[] {
  const out: Body[] = [];
  for (let x = rect.x + step / 2; x < rect.x + rect.w; x += step) for (let y = rect.y + step / 2; y < rect.y + rect.d; y += step) out.push({ x, y, z: 0, r: 0.5, h: 1.57, facing: null });
  return out;
}

/** A spot for a trooper in its deployment area: seen least by the enemy, and seeing the middle if it is made for AROs. */
function spots(state: GameState, ctx: EngineContext, me: PlayerId, id: string, rng: Rng): { x: number; y: number; z: number; score: number }[] {
  const p = profile(state, id);
  const enemy = otherPlayer(me);
  const ez = deploymentZoneOf(state, enemy);
  const c = centre(state, me);
  const { width, depth } = state.setup.table;
  const mid = c.axis === 'y' ? { x: 0, y: Math.min(deploymentZoneOf(state, me).y + deploymentZoneOf(state, me).d, ez.y + ez.d), w: width, d: Math.abs(ez.y - deploymentZoneOf(state, me).y) - ez.d } : { x: Math.min(ez.x, deploymentZoneOf(state, me).x) + ez.w, y: 0, w: Math.abs(ez.x - deploymentZoneOf(state, me).x) - ez.w, d: depth };
  // Where the enemy could look from: its zone, and its half where it has troopers that deploy forward.
  const forwardFoes = state.setup.players[enemy].troopers.some((t) => t.skills.some((k) => k === 'infiltration' || k.startsWith('forward-deployment')));
  const half = c.axis === 'y' ? (c.ownBelow ? { x: 0, y: c.at, w: width, d: ez.y - c.at } : { x: 0, y: ez.y + ez.d, w: width, d: c.at - ez.y - ez.d }) : c.ownBelow ? { x: c.at, y: 0, w: ez.x - c.at, d: depth } : { x: ez.x + ez.w, y: 0, w: c.at - ez.x - ez.w, d: depth };
  const watchers = [...probes(ez, 6), ...(forwardFoes && half.w > 0 && half.d > 0 ? probes(half, 8) : [])];
  const lanes = probes(mid, 6);
  const placed = Object.entries(state.troopers)
    .filter(([, t]) => t.player === enemy && (t.status === 'model' || t.status === 'marker'))
    .map(([eid]) => ({ body: bodyOf(state, eid), weight: longRange(profile(state, eid)) ? 2 : 1 }));
  const friends = Object.entries(state.troopers).filter(([fid, t]) => fid !== id && t.player === me && t.x !== null && (t.status === 'model' || t.status === 'marker' || t.status === 'hidden'));
  const area = deployArea(state, me, p);
  const g = groundFor(state.setup, ctx, radiusOf(state, id), 0, heightOf(state, id));
  const h = Math.max(1.2, Math.min(heightOf(state, id), 1.6));
  const r = Math.min(radiusOf(state, id), 0.5);
  const ranged = longRange(p);
  const hides = p.skills.includes('hidden-deployment') || p.skills.includes('to-camouflage');
  const out: { x: number; y: number; z: number; score: number }[] = [];
  for (let j = 1; j < g.rows; j += 4) {
    for (let i = 1; i < g.cols; i += 4) {
      const cell = i + j * g.cols;
      if (!g.free[cell]) continue;
      const x = g.x(cell);
      const y = g.y(cell);
      const rr = radiusOf(state, id);
      if (x - rr < area.x || y - rr < area.y || x + rr > area.x + area.w || y + rr > area.y + area.d) continue;
      let seen = 0;
      for (const w of watchers) if (sightMap(state.setup, ctx, w, h, r).sees(x, y, 0)) seen++;
      let spotted = 0;
      for (const e of placed) if (sightMap(state.setup, ctx, e.body, h, r).sees(x, y, 0)) spotted += e.weight;
      let view = 0;
      for (const l of lanes) if (sightMap(state.setup, ctx, l, h, r).sees(x, y, 0)) view++;
      let crowd = 0;
      for (const [, f] of friends) if (Math.hypot(f.x! - x, f.y! - y) < 3) crowd++;
      // The enemies placed already count far more than where others could stand.
      const exposure = seen / Math.max(1, watchers.length) + 0.5 * spotted;
      const lanesSeen = view / Math.max(1, lanes.length);
      const score = hides ? 3 * lanesSeen - exposure : ranged ? 3 * lanesSeen - 4 * exposure : 0.5 * lanesSeen - 5 * exposure;
      out.push({ x, y, z: 0, score: score - 0.4 * crowd + 0.15 * rng.next() });
    }
  }
  return out.sort((a, b) => b.score - a.score);
}

function place(state: GameState, ctx: EngineContext, me: PlayerId, id: string, rng: Rng): Command | null {
  const p = profile(state, id);
  const ez = deploymentZoneOf(state, otherPlayer(me));
  const as = p.skills.includes('hidden-deployment') ? 'hidden' : p.skills.includes('to-camouflage') ? 'marker' : 'model';
  for (const s of spots(state, ctx, me, id, rng).slice(0, 25)) {
    const facing = facingTo(s, { x: ez.x + ez.w / 2, y: ez.y + ez.d / 2 });
    const cmd: Command = { do: 'deploy', player: me, trooper: id, at: { x: s.x, y: s.y, z: s.z }, facing, as, ...(as === 'hidden' ? { cover: true } : {}) };
    if (legal(state, cmd, ctx)) return cmd;
  }
  return null;
}

export function chooseDeploy(state: GameState, ctx: EngineContext, me: PlayerId, rng: Rng): Command {
  const mine = Object.entries(state.troopers).filter(([, t]) => t.player === me);
  if (state.step === 'last') {
    const kept = mine.find(([, t]) => t.status === 'reserve')?.[0];
    return (kept && place(state, ctx, me, kept, rng)) || { do: 'endStep', player: me };
  }
  const keep = keepBack(state, me);
  const next = mine
    .filter(([id, t]) => t.status === 'undeployed' && id !== keep && !profile(state, id).skills.includes('combat-jump'))
    .map(([id]) => id)
    .sort((a, b) => firepower(profile(state, a)) - firepower(profile(state, b)) || (a < b ? -1 : 1));
  for (const id of next) {
    const cmd = place(state, ctx, me, id, rng);
    if (cmd) return cmd;
  }
  return { do: 'endStep', player: me, ...(keep ? { keep } : {}) };
}

/** A fallback at the zone's table edge, where the enemies it knows would see it least. */
export function chooseFallback(state: GameState, ctx: EngineContext, me: PlayerId, rng: Rng): Command {
  const id = state.pendingFallback?.trooper ?? Object.entries(state.troopers).find(([, t]) => t.player === me && t.status === 'awaiting-fallback')![0];
  const r = radiusOf(state, id);
  const enemies = Object.entries(state.troopers).filter(([, t]) => t.player !== me && (t.status === 'model' || t.status === 'marker')).map(([eid]) => bodyOf(state, eid));
  const tries: { cmd: Command; seen: number }[] = [];
  const ez = deploymentZoneOf(state, otherPlayer(me));
  for (let k = 0; k < 40; k++) {
    const at = edgeSpot(rng, state, me, r);
    let seen = 0;
    for (const e of enemies) if (sightMap(state.setup, ctx, e, 1.57, 0.5).sees(at.x, at.y, 0)) seen++;
    tries.push({ cmd: { do: 'fallback', player: me, trooper: id, at, facing: facingTo(at, { x: ez.x + ez.w / 2, y: ez.y + ez.d / 2 }) }, seen });
  }
  tries.sort((a, b) => a.seen - b.seen);
  return tries.find((t) => legal(state, t.cmd, ctx))?.cmd ?? tries[0]!.cmd;
}
