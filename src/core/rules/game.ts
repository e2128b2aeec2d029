/**
 * The game's Orders that this version models: Combat Jump (CJ), the reveal of a hidden trooper (HD),
 * and Discover against a TO Camouflage marker (TOC).
 */
import { CONTACT, HD17_SEARCH } from '../data/facts';
import { cylinderGap, facingVector, type Cylinder } from '../geometry/shapes';
import type { CommandOf, PlayerId, Skill } from '../model/types';
import { refuse, type Tx } from './context';
import { checkNoFallbackOwed, checkTurn, fallbackPlacement, has, requireTrooper } from './deployment';
import { isSuccess, judgeRoll, successValue } from './dice';
import { checkContacts, checkOnTable, checkRoom, isOnTable, normaliseFacing, silhouetteAt, silhouetteOf, trooperName } from './placement';
import { hasLineOfFireBetween } from './queries';

/** Damage of the Combat Jump (Explosion) template attack (CJ-10). */
const EXPLOSION_DAMAGE = 12;

function hasSkill(tx: Tx, id: string, skill: Skill): boolean {
  return has(tx.profile(id), skill);
}

function checkOwner(tx: Tx, player: PlayerId, id: string): void {
  const t = tx.trooper(id);
  if (t.player !== player) refuse('not-your-trooper', null, `${trooperName(tx.draft, id)} belongs to Player ${t.player}.`);
}

/** A new marker id the first time a trooper becomes a marker; kept afterwards. */
function giveMarkerId(tx: Tx, id: string): string {
  const t = tx.trooper(id);
  if (!t.markerId) {
    tx.draft.markerCount[t.player] += 1;
    t.markerId = `${t.player}-m${tx.draft.markerCount[t.player]}`;
  }
  return t.markerId;
}

// ---------------------------------------------------------------- Combat Jump

/**
 * CJ-3, CJ-4, CJ-5: where a jumper may land: not Prone; wholly on the table; never inside a building or
 * over a roofless one's open top; wholly on a surface at least as large as its base, overlapping nothing;
 * not touching the side of scenery, an objective, an enemy, or its own side's TO Camouflage marker.
 */
export function checkLanding(tx: Tx, player: PlayerId, id: string, x: number, y: number, zWanted: number, prone: boolean): number {
  const d = tx.draft;
  if (prone) refuse('prone-landing', 'CJ-3', 'A Combat Jump cannot land Prone.');
  const r = silhouetteAt(d, id, x, y, zWanted, false).r;
  checkOnTable(d, 'CJ-4', x, y, r);
  const surface = tx.ctx.scenery.supportHeight(x, y, r, zWanted);
  const inside = tx.ctx.scenery.enclosing(x, y, r, surface ?? zWanted);
  if (inside !== null) refuse('enclosed-scenery', 'CJ-5', `No landing inside the building "${inside}", open roof or not.`);
  const opts = { roomRule: 'CJ-4', contactRule: 'CJ-3', ignore: id };
  const z = checkRoom(tx, id, x, y, zWanted, false, opts);
  const c = silhouetteAt(d, id, x, y, z, false);
  const side = tx.ctx.scenery.nearestSide(c);
  if (side && side.gap <= CONTACT.touch) {
    refuse('scenery-contact', 'CJ-3', `The base touches the side of "${side.solid.id}": a jumper cannot land in contact with scenery for Cover.`);
  }
  checkContacts(tx, player, c, opts);
  return z;
}

/** CJ-1, CJ-2, CJ-6, CJ-10, CJ-11: the Combat Jump Entire Order. */
export function combatJump(tx: Tx, cmd: CommandOf<'combatJump'>): CommandOf<'combatJump'> {
  const d = tx.draft;
  const id = requireTrooper(d, cmd.trooper);
  // CJ-1: only in the player's own Active Turn.
  if (d.phase !== 'game') refuse('out-of-turn', 'CJ-1', 'A Combat Jump is an Order of the game: it cannot come before the game starts.');
  if (d.active !== cmd.player) refuse('not-active-player', 'CJ-1', `A Combat Jump comes only in its player's Active Turn; it is Player ${d.active}'s turn.`);
  checkOwner(tx, cmd.player, id);
  const t = tx.trooper(id);
  // CJ-1, CJ-10: only an airborne trooper waiting off the table jumps, and only once.
  if (t.status !== 'off-table') refuse('wrong-status', null, `${trooperName(d, id)} is not waiting off the table: it cannot jump.`);
  checkNoFallbackOwed(tx, cmd.player);
  if (!hasSkill(tx, id, 'combat-jump') && !hasSkill(tx, id, 'combat-jump-explosion')) refuse('no-skill', 'CJ-1', `${trooperName(d, id)} lacks Combat Jump.`);
  if (cmd.explosion && !hasSkill(tx, id, 'combat-jump-explosion')) refuse('no-skill', 'CJ-10', `${trooperName(d, id)} lacks Combat Jump (Explosion).`);
  const as = cmd.as ?? 'model';
  if (as === 'marker' && !hasSkill(tx, id, 'to-camouflage')) refuse('no-skill', 'TOC-1', `${trooperName(d, id)} lacks TO Camouflage: it lands as a model.`);
  let mod = 0;
  if (cmd.controlledJump !== undefined) {
    // CJ-11: a Controlled Jump program changes the PH roll: -3 from an enemy hacker, +3 from an allied one.
    const hacker = requireTrooper(d, cmd.controlledJump);
    if (!isOnTable(tx.trooper(hacker))) refuse('wrong-status', null, 'The Controlled Jump hacker must stand on the table as a model or marker.');
    if (!hasSkill(tx, hacker, 'controlled-jump')) refuse('no-skill', 'CJ-11', `${cmd.controlledJump} lacks Controlled Jump.`);
    mod = tx.trooper(hacker).player === cmd.player ? 3 : -3;
  }
  if (cmd.roll === undefined && d.dice.mode === 'manual') refuse('missing-roll', null, `Give the PH roll of ${trooperName(d, id)}'s Combat Jump.`);
  const z = checkLanding(tx, cmd.player, id, cmd.at.x, cmd.at.y, cmd.at.z ?? 0, cmd.prone ?? false);

  // CJ-6: the trooper is placed, then the PH roll (Controlled Jump included).
  let recorded: CommandOf<'combatJump'> = cmd;
  const { die, fresh } = tx.d20(cmd.roll);
  if (fresh) recorded = { ...recorded, roll: die };
  const target = successValue(tx.profile(id).ph, [mod]);
  const roll = tx.roll(cmd.player, id, die, target);
  d.orderJumper = id;
  if (!isSuccess(roll.result)) {
    // CJ-7: a failure lands it in its own zone, at the table edge, as a model: the fallback comes next.
    t.status = 'awaiting-fallback';
    d.pendingFallback = { player: cmd.player, trooper: id, reason: 'combat-jump', ...(cmd.explosion ? { explosion: true } : {}) };
    tx.emit({ type: 'awaitingFallback', player: cmd.player, trooper: id });
    return recorded;
  }
  t.status = as;
  t.x = cmd.at.x;
  t.y = cmd.at.y;
  t.z = z;
  t.facing = normaliseFacing(cmd.facing);
  t.prone = false;
  t.fixed = true;
  if (as === 'marker') giveMarkerId(tx, id);
  tx.emit({ type: 'placed', player: cmd.player, trooper: id, as, x: t.x, y: t.y, z, facing: t.facing, prone: false });
  if (cmd.explosion) recorded = { ...recorded, saves: explode(tx, id, cmd.saves) };
  aroList(tx, id);
  return recorded;
}

/**
 * HD-4, CJ-7: after a failed Infiltration or Combat Jump roll the trooper is placed as a model in its own
 * zone at the table edge; a jumper then explodes if it had Combat Jump (Explosion), and the AROs follow.
 */
export function fallback(tx: Tx, cmd: CommandOf<'fallback'>): CommandOf<'fallback'> {
  const d = tx.draft;
  const id = requireTrooper(d, cmd.trooper);
  if (d.phase === 'deployment') checkTurn(tx, cmd.player, 'a fallback');
  else if (d.phase !== 'game') refuse('out-of-turn', 'DEP-1', 'There is nothing to fall back from before deployment.');
  else if (d.active !== cmd.player) refuse('out-of-turn', 'CJ-1', `It is Player ${d.active}'s turn.`);
  checkOwner(tx, cmd.player, id);
  const owed = d.pendingFallback;
  if (!owed || owed.trooper !== id) refuse('wrong-status', null, `${trooperName(d, id)} has no failed roll to fall back from.`);
  if (owed.reason === 'infiltration') {
    fallbackPlacement(tx, cmd, id, 'HD-4', 'DEP-6', 'DEP-4');
    return cmd;
  }
  const explosion = owed.explosion ?? false;
  fallbackPlacement(tx, cmd, id, 'CJ-7', 'CJ-4', 'CJ-3');
  tx.draft.orderJumper = id;
  let recorded = cmd;
  if (explosion) recorded = { ...cmd, saves: explode(tx, id, cmd.saves) };
  aroList(tx, id);
  return recorded;
}

/**
 * CJ-10: the Circular Template centred on the jumper's base (FACTS: a vertical cylinder of the template's
 * radius, from half its height below the base to half above), Damage 12 against ARM, sparing the jumper
 * and everything off the table. TOC-14: it hits a camouflage marker only when it also hits a trooper that
 * is not camouflaged; TOC-11: such a marker becomes its model, keeping the marker's facing.
 * Returns the saves made, by trooper id, for the record.
 */
function explode(tx: Tx, jumper: string, carried: Record<string, number> | undefined): Record<string, number> {
  const d = tx.draft;
  const j = silhouetteOf(d, jumper)!;
  const half = tx.facts.explosionHalfHeight;
  const template: Cylinder = { x: j.x, y: j.y, z: j.z - half, r: tx.facts.circularTemplateDiameter / 2, h: 2 * half };
  const touched = Object.entries(d.troopers)
    .filter(([id, t]) => id !== jumper && isOnTable(t) && cylinderGap(template, silhouetteOf(d, id)!) <= CONTACT.touch)
    .map(([id]) => id);
  const models = touched.filter((id) => tx.trooper(id).status === 'model');
  const hits = (models.length > 0 ? touched : []).sort();
  tx.emit({ type: 'template', shape: 'circular', x: j.x, y: j.y, z: j.z, hits });
  const saves: Record<string, number> = {};
  /** markers the hit turns into models, with where they stood (a failed save may remove them) */
  const revealed: { id: string; player: PlayerId; x: number; y: number; z: number; facing: number }[] = [];
  for (const id of hits) {
    const t = tx.trooper(id);
    const key = carried?.[id] !== undefined ? id : t.markerId && carried?.[t.markerId] !== undefined ? t.markerId : id;
    if (carried?.[key] === undefined && d.dice.mode === 'manual') refuse('missing-roll', null, `Give the saving roll of ${t.status === 'marker' ? t.markerId : id}.`);
    const { die } = tx.d20(carried?.[key]);
    saves[id] = die;
    if (t.status === 'marker') {
      // TOC-11: a hit that forces a saving roll ends the TO Camouflaged state.
      t.status = 'model';
      revealed.push({ id, player: t.player, x: t.x!, y: t.y!, z: t.z!, facing: t.facing ?? 0 });
    }
    const target = EXPLOSION_DAMAGE - tx.profile(id).arm;
    const wound = judgeRoll(die, target).result !== 'failure';
    tx.emit({ type: 'save', player: t.player, trooper: id, roll: die, target, result: wound ? 'wound' : 'saved' });
    if (wound) {
      t.wounds -= 1;
      if (t.wounds <= 0) {
        t.status = 'removed';
        t.x = t.y = t.z = t.facing = null;
        t.prone = false;
      }
    }
  }
  for (const r of revealed) {
    tx.emit({ type: 'revealed', player: r.player, trooper: r.id, as: 'model', x: r.x, y: r.y, z: r.z, facing: r.facing });
  }
  return saves;
}

/** CJ-8: the enemy troopers that may react: those with Line of Fire to the jumper where it ended up. */
function aroList(tx: Tx, jumper: string): void {
  const d = tx.draft;
  const owner = tx.trooper(jumper).player;
  const by = Object.entries(d.troopers)
    .filter(([id, t]) => t.player !== owner && isOnTable(t) && hasLineOfFireBetween(d, tx.ctx, id, jumper))
    .map(([id]) => id)
    .sort();
  tx.emit({ type: 'aro', player: owner, trooper: jumper, by });
}

// ---------------------------------------------------------------- Hidden Deployment

const ACTIVE_DECLARES = ['cautious-move', 'short-move-no-roll', 'mount', 'dismount', 'other'];
const ARO_DECLARES = ['short-move-no-roll', 'delay-aro', 'stop-marker-state', 'other'];
/** HD-11: what a trooper able to deploy as a marker may declare and stay a marker. */
const KEEPS_MARKER = ['cautious-move', 'short-move-no-roll', 'mount', 'dismount', 'delay-aro', 'stop-marker-state'];

/**
 * HD-17: the closest spot to the recorded one where the trooper fits: supported at the recorded height,
 * wholly on the table, overlapping no scenery, in contact with no model or marker. Rings of 1/20" out to
 * 6", each walked from the recorded facing counter-clockwise in 1 degree steps (GAME-FILE.md).
 */
export function revealSpot(tx: Tx, id: string): { x: number; y: number; z: number } {
  const d = tx.draft;
  const t = tx.trooper(id);
  const x0 = t.x!;
  const y0 = t.y!;
  const z0 = t.z!;
  const facing = t.facing ?? 0;
  const { width, depth } = d.setup.table;
  const others = Object.entries(d.troopers)
    .filter(([o, ot]) => o !== id && isOnTable(ot))
    .map(([o]) => silhouetteOf(d, o)!);
  const scenery = tx.ctx.scenery;
  for (let k = 0; k <= HD17_SEARCH.rings; k++) {
    const radius = k * HD17_SEARCH.ringStep;
    const steps = k === 0 ? 1 : 360 / HD17_SEARCH.angleStepDeg;
    for (let j = 0; j < steps; j++) {
      const dir = facingVector(facing + j * HD17_SEARCH.angleStepDeg);
      const x = x0 + radius * dir.x;
      const y = y0 + radius * dir.y;
      const c = silhouetteAt(d, id, x, y, z0, t.prone);
      if (x - c.r < -CONTACT.contain || y - c.r < -CONTACT.contain || x + c.r > width + CONTACT.contain || y + c.r > depth + CONTACT.contain) continue;
      const z = scenery.supportHeight(x, y, c.r, z0);
      if (z === null || Math.abs(z - z0) > 1e-9) continue;
      if (scenery.enclosing(x, y, c.r, z) !== null || scenery.overlapping(c)) continue;
      if (others.some((o) => cylinderGap(c, o) <= CONTACT.touch)) continue;
      return { x, y, z };
    }
  }
  return refuse('no-room', 'HD-17', `There is no room for ${trooperName(d, id)} within 6 inches of the spot it recorded.`);
}

/** HD-10, HD-11, HD-13, HD-17, TOC-1: a hidden trooper appears, as its model or its marker. */
export function reveal(tx: Tx, cmd: CommandOf<'reveal'>): CommandOf<'reveal'> {
  const d = tx.draft;
  const id = requireTrooper(d, cmd.trooper);
  if (d.phase !== 'game') refuse('out-of-turn', 'HD-10', 'A hidden trooper appears only during the game.');
  checkOwner(tx, cmd.player, id);
  const t = tx.trooper(id);
  if (t.status !== 'hidden') refuse('wrong-status', null, `${trooperName(d, id)} is not in Hidden Deployment.`);
  checkNoFallbackOwed(tx, cmd.player);
  const own = d.active === cmd.player;
  const allowed = own ? ACTIVE_DECLARES : ARO_DECLARES;
  if (!allowed.includes(cmd.declares)) {
    refuse(
      'not-active-player',
      'HD-10',
      own ? `"${cmd.declares}" is an ARO: it cannot be declared in your own Active Turn.` : `"${cmd.declares}" cannot be declared as an ARO in Player ${d.active}'s turn.`,
    );
  }
  const spot = revealSpot(tx, id);
  // HD-11, TOC-1: a trooper that can be a marker stays one when what it declares does not reveal it.
  const as = hasSkill(tx, id, 'to-camouflage') && KEEPS_MARKER.includes(cmd.declares) ? 'marker' : 'model';
  t.status = as;
  t.x = spot.x;
  t.y = spot.y;
  t.z = spot.z;
  t.facing = normaliseFacing(cmd.facing ?? t.facing ?? 0);
  delete t.cover;
  if (as === 'marker') giveMarkerId(tx, id);
  tx.emit({ type: 'revealed', player: t.player, trooper: id, as, x: spot.x, y: spot.y, z: spot.z, facing: t.facing });
  return cmd;
}

// ---------------------------------------------------------------- TO Camouflage

/** The range MOD of a Discover roll (FACTS: Discover), each band including its upper bound. */
export function discoverRangeMod(inches: number): number {
  if (inches <= 8) return 3;
  if (inches <= 32) return 0;
  if (inches <= 48) return -3;
  return -6;
}

/** TOC-5, TOC-6, TOC-12: a Discover roll against a TO Camouflage marker. */
export function discover(tx: Tx, cmd: CommandOf<'discover'>): CommandOf<'discover'> {
  const d = tx.draft;
  const id = requireTrooper(d, cmd.trooper);
  const target = requireTrooper(d, cmd.target);
  if (d.phase !== 'game') refuse('out-of-turn', 'TOC-5', 'Discover is a skill of the game: it cannot come before the game starts.');
  checkOwner(tx, cmd.player, id);
  const me = tx.trooper(id);
  const it = tx.trooper(target);
  if (me.status !== 'model') refuse('wrong-status', null, `${trooperName(d, id)} must stand on the table as a model to Discover.`);
  if (it.status !== 'marker' || it.player === cmd.player) refuse('wrong-status', null, `${cmd.target} is not an enemy marker.`);
  checkNoFallbackOwed(tx, cmd.player);
  const markerId = it.markerId!;
  // TOC-6: a failed Discover locks that trooper out of that marker until the next turn.
  if ((d.discoverLocks[id] ?? []).includes(markerId)) {
    refuse('discover-locked', 'TOC-6', `${trooperName(d, id)} failed to Discover ${markerId} this turn: it may try again next turn.`);
  }
  // TOC-5: Discover needs Line of Fire to the marker.
  if (!hasLineOfFireBetween(d, tx.ctx, id, target)) refuse('not-visible', 'TOC-5', `${trooperName(d, id)} has no Line of Fire to ${markerId}.`);
  const range = Math.max(0, cylinderGap(silhouetteOf(d, id)!, silhouetteOf(d, target)!));
  const sv = successValue(tx.profile(id).wip, [discoverRangeMod(range), -6]);
  const { die, fresh } = tx.d20(cmd.roll);
  const recorded = fresh ? { ...cmd, roll: die } : cmd;
  const roll = tx.roll(cmd.player, id, die, sv);
  if (isSuccess(roll.result)) {
    // TOC-5, TOC-12: the model replaces the marker, facing as its owner chooses.
    it.status = 'model';
    it.facing = normaliseFacing(cmd.facing ?? it.facing ?? 0);
    tx.emit({ type: 'discovered', player: it.player, marker: markerId, trooper: target, by: id });
  } else {
    d.discoverLocks[id] = [...(d.discoverLocks[id] ?? []), markerId];
    tx.emit({ type: 'discoverFailed', player: it.player, marker: markerId, by: id });
  }
  return recorded;
}

