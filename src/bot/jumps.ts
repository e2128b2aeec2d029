/**
 * Combat Jumps (CJ): the bot holds its airborne troopers until a landing is worth it. Spots round the
 * enemy models are judged by the engine's landing checks and who would see them there (LandingJudge,
 * as the landing map), then guessed at: what the explosion (CJ-10) would do to the enemies beside the
 * spot, what the jumper could shoot from there next, what it would face. In the last round any landing
 * worth something is taken; before, only a good one.
 */
import { factsOf, type EngineContext } from '../core/api';
import type { Command, GameState, PlayerId } from '../core/model/types';
import { facingTo, profile } from './moment';
import type { Plan } from './plan';
import { outlook, spotValue, type Weights } from './outlook';
import { jumpCommand, landings } from './tactics';
import { worth } from './value';

/** CJ-10: the explosion's Damage (FACTS). */
const EXPLOSION_DAMAGE = 12;

/** What the explosion of a jumper landing at a spot could take, in points: theirs less ours. */
function blast(state: GameState, me: PlayerId, jumper: string, at: { x: number; y: number; z: number }): number {
  const facts = factsOf(state);
  const reach = facts.circularTemplateDiameter / 2;
  let v = 0;
  for (const [id, t] of Object.entries(state.troopers)) {
    if (id === jumper || (t.status !== 'model' && t.status !== 'unconscious') || t.x === null) continue;
    const p = profile(state, id);
    const r = facts.silhouettes[p.s].radius;
    if (Math.hypot(t.x - at.x, t.y! - at.y) - r > reach || Math.abs((t.z ?? 0) - at.z) > facts.explosionHalfHeight) continue;
    const wound = Math.max(0.05, Math.min(0.95, (EXPLOSION_DAMAGE - p.arm) / 20));
    const harm = (wound * worth(state, id)) / Math.max(1, Math.max(1, t.wounds));
    v += t.player === me ? -harm : harm;
  }
  return v;
}

export function jumpPlans(state: GameState, ctx: EngineContext, me: PlayerId, w: Weights): Plan[] {
  const airborne = Object.entries(state.troopers).filter(([, t]) => t.player === me && t.status === 'off-table');
  if (airborne.length === 0) return [];
  const foes = Object.entries(state.troopers).filter(([, t]) => t.player !== me && t.status === 'model');
  if (foes.length === 0) return [];
  const last = state.round >= factsOf(state).rounds;
  const out: Plan[] = [];
  for (const [id] of airborne) {
    const explodes = profile(state, id).skills.includes('combat-jump-explosion');
    const spots: Plan[] = [];
    for (const [fid, f] of foes) {
      const radii = explodes ? [1.8, 2.3, 8] : [7, 10];
      for (const s of landings(state, ctx, id, { x: f.x!, y: f.y! }, radii, 10)) {
        const facing = facingTo(s, { x: f.x!, y: f.y! });
        const bonus = explodes ? blast(state, me, id, s) : 0;
        const o = outlook({ ...state, troopers: { ...state.troopers, [id]: { ...state.troopers[id]!, status: 'model', x: s.x, y: s.y, z: s.z, facing } } }, ctx, id, s);
        const est = bonus + spotValue(o, w) - o.aroRisk;
        const dry = jumpCommand(state, me, id, s, facing);
        const { explosion: _e, ...plain } = dry as Command & { explosion?: true };
        spots.push({ actor: id, first: plain as Command, seconds: [], est: last ? est + 5 : est - 6, kind: `jump ${fid}`, bonus, give: dry });
      }
    }
    spots.sort((a, b) => b.est - a.est);
    out.push(...spots.slice(0, 3));
  }
  return out;
}
