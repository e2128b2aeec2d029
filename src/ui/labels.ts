/** Words the page shows for the engine's codes: skills, statuses, events. */
import type { Command, GameEvent, Phase, PlayerId, Setup, Skill, TrooperProfile, TrooperStatus } from '../core/model/types';
import type { LogEntry } from '../state/gameStore';
import { profileIn } from '../state/pieces';
import { SKILL_MODULES, type AnySkillName } from '../core/api';

export const SKILL_LABELS: Record<Skill, string> = {
  lieutenant: 'Lieutenant',
  'combat-jump': 'Combat Jump',
  'combat-jump-explosion': 'Combat Jump (Explosion)',
  'hidden-deployment': 'Hidden Deployment',
  'to-camouflage': 'TO Camouflage',
  infiltration: 'Infiltration',
  'forward-deployment-4': 'Forward Deployment (+4")',
  'forward-deployment-8': 'Forward Deployment (+8")',
  'controlled-jump': 'Controlled Jump',
  'tactical-awareness': 'Tactical Awareness',
  sensor: 'Sensor',
  'super-jump': 'Super-Jump',
  'climbing-plus': 'Climbing Plus',
  hacker: 'Hacker',
  doctor: 'Doctor',
  engineer: 'Engineer',
  'forward-observer': 'Forward Observer',
  'specialist-operative': 'Specialist Operative',
};

export const STATUS_LABELS: Record<TrooperStatus, string> = {
  undeployed: 'Not deployed',
  reserve: 'Kept back',
  model: 'On the table',
  marker: 'TO Camouflage marker',
  hidden: 'Hidden Deployment',
  'off-table': 'Airborne, off the table',
  'awaiting-fallback': 'Awaiting fallback',
  unconscious: 'Unconscious',
  removed: 'Removed',
};

/** Short form for the roster. */
export const STATUS_SHORT: Record<TrooperStatus, string> = {
  undeployed: 'to deploy',
  reserve: 'kept back',
  model: 'model',
  marker: 'marker',
  hidden: 'hidden',
  'off-table': 'airborne',
  'awaiting-fallback': 'fallback',
  unconscious: 'unconscious',
  removed: 'removed',
};

/** A facing in words: degrees and the nearest compass point. */
export function facingLabel(deg: number): string {
  const names = ['north', 'north-west', 'west', 'south-west', 'south', 'south-east', 'east', 'north-east'];
  const i = Math.round((((deg % 360) + 360) % 360) / 45) % 8;
  return `${Math.round(deg)}° (${names[i]})`;
}

export function inchesLabel(n: number): string {
  // To a tenth, and a whole number without its ".0" (19.96 reads 20", as 20 does).
  const t = n.toFixed(1);
  return `${t.endsWith('.0') ? t.slice(0, -2) : t}"`;
}

/**
 * The profiles the log may name troopers by: those the viewer may read (`knownProfiles`). Without it,
 * the setup's rosters (solo, tests). A trooper the viewer does not know is named by its id, which is
 * all the view gives (a marker id, say).
 */
export type Names = Readonly<Record<string, TrooperProfile>>;

function nameOf(setup: Setup, id: string, known: Names | undefined): string {
  return (known ? known[id]?.name : profileIn(setup, id)?.name) ?? id;
}

export function playerLabel(setup: Setup, p: PlayerId): string {
  return setup.players[p].name || `Player ${p}`;
}

/** A name with its possessive: "Player A's", "Copper Wardens'". */
/** An objective of the table in words (MIS-20): objectives have ids only, so "console-east" reads "Console east". */
export function objectiveLabel(id: string): string {
  const words = id.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function possessive(name: string): string {
  return /s$/i.test(name) ? `${name}'` : `${name}'s`;
}

/** A side's name with its possessive. */
export function playerPossessive(setup: Setup, p: PlayerId): string {
  return possessive(playerLabel(setup, p));
}


/** One line of the log: the event it tells, in words. */
export interface LogLine {
  event: GameEvent;
  text: string;
}

/** What the line of an event may know besides the event: its command, its phase, the other events of it. */
export interface LineContext {
  command?: Command;
  phase?: Phase;
  /** the other events of the same command, as the viewer sees them */
  siblings?: readonly GameEvent[];
  /** the piece (as the viewer names it) was already placed earlier in this log */
  placedBefore?: boolean;
  /** the commands before this one, for a fallback that follows a failed Combat Jump */
  earlier?: readonly Command[];
}

type Namer = (id: string) => string;

/** The owner of a trooper id, from the rosters of the setup. */
function ownerOf(setup: Setup, id: string): PlayerId | null {
  for (const p of ['A', 'B'] as const) if (setup.players[p].troopers.some((t) => t.id === id)) return p;
  return null;
}

/**
 * CJ-11: the Controlled Jump declared against a Combat Jump, in words: its modifier, and the hacker
 * where the viewer may name it (a hacker it may not know is "a hacker").
 */
function controlledJumpWords(cmd: Extract<Command, { do: 'combatJump' }>, setup: Setup, known: Names | undefined): string | null {
  const hacker = cmd.controlledJump;
  if (hacker === undefined) return null;
  const mod = ownerOf(setup, hacker) === cmd.player ? '+3' : '−3';
  const who = known ? known[hacker]?.name : profileIn(setup, hacker)?.name;
  return `${mod}, Controlled Jump ARO by ${who ?? 'a hacker'}`;
}

/** A skill's name in the log, as its module in the core words it (rules/skills/); `none` is no skill. */
export function skillWords(skill: string): string {
  if (skill === 'none') return 'no second skill';
  return Object.hasOwn(SKILL_MODULES, skill) ? SKILL_MODULES[skill as AnySkillName].words.name : skill;
}

/** A roll of the Active Turn, by the skill it was for: its module's name for the roll, with the attribute. */
export function rollWords(skill: string): string | null {
  return Object.hasOwn(SKILL_MODULES, skill) ? (SKILL_MODULES[skill as AnySkillName].words.roll ?? null) : null;
}

const SOURCE_WORDS: Record<string, string> = {
  regular: 'a Regular Order',
  irregular: 'an Irregular Order',
  lieutenant: 'the Lieutenant Special Order',
  own: 'its own Order',
};

/** A declaration in words: who, what, with which weapon and against whom. */
function declaredLine(e: Extract<GameEvent, { type: 'declared' }>, setup: Setup, name: Namer, known: Names | undefined): string {
  const who = name(e.trooper);
  const shown = who === e.trooper && /^[AB]-m\d+$/.test(who) ? `Marker ${who}` : who;
  let what = skillWords(e.skill);
  if (e.skill === 'bs-attack') {
    const id = 'weapon' in e ? e.weapon : '';
    const profile = known ? known[e.trooper] : profileIn(setup, e.trooper);
    const weapon = profile?.weapons.find((w) => w.id === id)?.name ?? id;
    const targets = 'targets' in e && e.targets ? e.targets.map((t) => `${name(t.target)} (B${t.burst})`).join(', ') : '';
    what = `BS Attack with ${weapon}${targets ? ` at ${targets}` : ''}`;
  }
  if (e.skill === 'discover' && 'target' in e) what = `Discover ${name(e.target)}`;
  if (e.window !== undefined) return `ARO (window ${e.window}): ${shown} ${e.skill === 'delay' ? what : `declares ${what}`}`;
  if (e.from) return `${playerLabel(setup, e.player)} gives ${shown} ${SOURCE_WORDS[e.from] ?? 'an Order'}: ${what}`;
  return `${shown}: ${what}`;
}

/** What a roll was for: told by its command, or (without one) by the other events of the command. */
function rollKind(e: Extract<GameEvent, { type: 'roll' }>, ctx: LineContext, setup: Setup, known: Names | undefined): string {
  const cmd = ctx.command;
  if (cmd) {
    switch (cmd.do) {
      case 'initiative':
        return 'Initiative roll (WIP)';
      case 'deploy':
        return 'Infiltration roll (PH)';
      case 'discover':
        return 'Discover roll (WIP)';
      case 'rolls':
      case 'aros':
      case 'second':
      case 'order':
        return e.skill ? (rollWords(e.skill) ?? 'Roll') : 'Roll';
      case 'combatJump': {
        const cj = controlledJumpWords(cmd, setup, known);
        return cj ? `Combat Jump roll (PH ${cj})` : 'Combat Jump roll (PH)';
      }
      default:
        return 'Roll';
    }
  }
  const siblings = ctx.siblings ?? [];
  if (siblings.some((s) => s.type === 'initiative')) return 'Initiative roll (WIP)';
  if (siblings.some((s) => s.type === 'discovered' || s.type === 'discoverFailed')) return 'Discover roll (WIP)';
  if (siblings.some((s) => s.type === 'aro' || s.type === 'template')) return 'Combat Jump roll (PH)';
  const t = 'trooper' in e ? e.trooper : undefined;
  if (siblings.some((s) => (s.type === 'placed' || s.type === 'awaitingFallback') && s.trooper === t)) return 'Infiltration roll (PH)';
  return 'Roll';
}

/** The Combat Jump a fallback of the game comes from: the last jump of that trooper among the commands before it. */
function jumpBefore(ctx: LineContext, trooper: string): Extract<Command, { do: 'combatJump' }> | undefined {
  const earlier = ctx.earlier ?? [];
  for (let i = earlier.length - 1; i >= 0; i--) {
    const c = earlier[i]!;
    if (c.do === 'combatJump' && c.trooper === trooper) return c;
  }
  return undefined;
}

/**
 * One line of the game log. `ctx` tells what the event was for (its command, the phase, the other
 * events of the command); `known` the profiles the viewer may read.
 */
export function eventLine(e: GameEvent, setup: Setup, ctx: LineContext = {}, known?: Names): string {
  return line(e, setup, ctx, known, (id) => nameOf(setup, id, known));
}

/**
 * The whole log as lines, from the commands as the viewer may see them: each roll says what it was
 * for, and a trooper placed again (before its position is fixed) is told as a move, not a second
 * deployment.
 */
export function logLines(entries: readonly LogEntry[], setup: Setup, known?: Names): LogLine[] {
  const out: LogLine[] = [];
  const placed = new Set<string>();
  const earlier: Command[] = [];
  let window: Extract<GameEvent, { type: 'aroWindow' }> | null = null;
  for (const entry of entries) {
    for (const e of entry.events) {
      const placedBefore = e.type === 'placed' && placed.has(e.trooper);
      out.push({ event: e, text: eventLine(e, setup, { command: entry.command, phase: entry.phase, siblings: entry.events, placedBefore, earlier }, known) });
      if (e.type === 'placed') placed.add(e.trooper);
      if (e.type === 'aroWindow') window = e;
    }
    // An ARO window closed with no ARO the viewer may see (passed without a hand-over, or answered with none) says so.
    if (entry.command.do === 'aros' && window && !entry.events.some((e) => e.type === 'declared')) {
      out.push({ event: window, text: `ARO window ${window.window} closes: no ARO from ${playerLabel(setup, window.player)}` });
    }
    if (entry.command.do === 'aros') window = null;
    earlier.push(entry.command);
  }
  return out;
}

function placedLine(e: Extract<GameEvent, { type: 'placed' }>, setup: Setup, ctx: LineContext, known: Names | undefined, name: Namer): string {
  const what = e.as === 'marker' ? ' as a marker' : e.as === 'hidden' ? ' in Hidden Deployment' : '';
  const who = name(e.trooper);
  // An opponent's marker is known only by its marker id.
  const shown = who === e.trooper && /^[AB]-m\d+$/.test(who) ? `Marker ${who}` : who;
  const prone = e.prone ? ', Prone' : '';
  const cmd = ctx.command;
  if (cmd?.do === 'combatJump') return `${shown} lands by Combat Jump${what}`;
  if (cmd?.do === 'fallback') {
    if (ctx.phase === 'game') {
      // CJ-7: a fallback in the game follows a failed Combat Jump (and its Controlled Jump, if one was declared).
      const jump = jumpBefore(ctx, cmd.trooper);
      const cj = jump ? controlledJumpWords(jump, setup, known) : null;
      return `${shown} failed its Combat Jump${cj ? ` (${cj})` : ''}: placed at its own table edge`;
    }
    return `${shown} failed its Infiltration roll: placed at its own table edge`;
  }
  return `${shown} ${ctx.placedBefore ? 'placed again' : 'deployed'}${what}${prone}`;
}

function line(e: GameEvent, setup: Setup, ctx: LineContext, known: Names | undefined, bare: Namer): string {
  // A piece the viewer knows only as a marker is "Marker A-m1".
  const name: Namer = (id) => {
    const n = bare(id);
    return n === id && /^[AB]-m\d+$/.test(n) ? `Marker ${n}` : n;
  };
  switch (e.type) {
    case 'roll': {
      const kind = rollKind(e, ctx, setup, known);
      // INI-6: the opponent's initiative roll comes without its Lieutenant's name.
      const who = 'trooper' in e && e.trooper ? name(e.trooper) : `${playerPossessive(setup, e.player)} Lieutenant`;
      const result = e.result === 'critical' ? 'critical!' : e.result;
      // A Burst rolls several dice at once: all of them, and the best result.
      if (e.dice && e.dice.length > 1) return `${kind}: ${who} rolls ${e.dice.join(', ')} against ${e.target}, ${result}`;
      return `${kind}: ${who} rolls ${e.roll} against ${e.target}, ${result}`;
    }
    case 'initiative':
      return e.winner ? `${playerLabel(setup, e.winner)} wins the Initiative roll` : 'The Initiative roll is tied: roll again';
    case 'choice':
      if (e.choice) return `${playerLabel(setup, e.player)} keeps ${e.choice === 'deployment' ? 'Deployment' : 'Initiative'}`;
      if (e.keeperZone) return `${playerLabel(setup, e.player)} takes the ${e.keeperZone} zone; ${playerLabel(setup, e.first!)} deploys first`;
      return `${playerLabel(setup, e.player)} gives the first turn of every round to ${playerLabel(setup, e.first!)}`;
    case 'placed':
      return placedLine(e, setup, ctx, known, name);
    case 'awaitingFallback': {
      const what = ctx.command?.do === 'combatJump' || ctx.phase === 'game' ? 'Combat Jump' : 'Infiltration';
      return `${name(e.trooper)} failed its ${what} roll: it must be placed at its own table edge`;
    }
    case 'keptBack':
      return `${playerLabel(setup, e.player)} ends its main step and keeps ${e.count} trooper${e.count === 1 ? '' : 's'} back`;
    case 'step':
      return `${e.step === 'main' ? 'Main' : 'Last'} deployment step: ${playerLabel(setup, e.active)}`;
    case 'turn':
      return `Round ${e.round}: ${playerPossessive(setup, e.active)} turn`;
    case 'orders': {
      const parts = Object.entries(e.groups).map(([g, n]) => `Combat Group ${g}: ${n}`);
      const irregular = Object.entries(e.irregular).filter(([, n]) => n > 0);
      if (irregular.length) parts.push(`Irregular: ${irregular.map(([id, n]) => `${name(id)} ${n}`).join(', ')}`);
      if (e.markersIrregular) parts.push(`Irregular of markers: ${e.markersIrregular}`);
      if (e.lieutenant !== undefined) parts.push(`Lieutenant: ${e.lieutenant}`);
      return `${playerPossessive(setup, e.player)} Orders: ${parts.join('; ') || 'none'}`;
    }
    case 'regrouped':
      return `${e.trooper ? name(e.trooper) : `A trooper of ${playerPossessive(setup, e.player)}`} joins Combat Group ${e.group}`;
    case 'revealed':
      return `${name(e.trooper)} appears${e.as === 'marker' ? ' as a marker' : ''}`;
    case 'discovered':
      return `${name(e.by)} discovers marker ${e.marker}: ${name(e.trooper)}`;
    case 'discoverFailed':
      return `${name(e.by)} fails to discover marker ${e.marker}`;
    case 'template': {
      const shape = e.shape === 'circular' ? 'Circular Template' : e.shape === 'small-teardrop' ? 'Small Teardrop Template' : 'Large Teardrop Template';
      return `${shape}: ${e.hits.length ? e.hits.map((h) => name(h)).join(', ') : 'no one'} hit`;
    }
    case 'save': {
      const what = ctx.command?.do === 'combatJump' ? 'ARM roll against the explosion (CJ-10)' : 'Saving roll';
      return `${what}: ${name(e.trooper)} rolls ${e.roll} against ${e.target}, ${e.result === 'wound' ? 'wounded' : 'saved'}`;
    }
    case 'declared':
      return declaredLine(e, setup, name, known);
    case 'aroWindow':
      return e.eligible.length
        ? `ARO window ${e.window}: ${e.eligible.map((t) => name(t)).join(', ')} may react`
        : `ARO window ${e.window}: no trooper of ${playerLabel(setup, e.player)} on the table may react`;
    case 'moved': {
      // MOV-11, MOV-13, MOV-14, MOV-17, MOV-20: how it moved, where a Move's words would not say.
      const at = `x ${inchesLabel(e.x)}, y ${inchesLabel(e.y)}`;
      const high = e.z > 0 ? `, ${inchesLabel(e.z)} high` : '';
      const prone = e.prone ? ', Prone' : '';
      if (e.skill === 'climb') return `${name(e.trooper)} climbs to ${at}${high}${e.onWall ? ', on the wall' : ''}`;
      if (e.skill === 'jump') return `${name(e.trooper)} jumps to ${at}${high}`;
      // MOV-19: a Move of no length (its path the start alone) turns the trooper, or lays it down, in place.
      const inPlace = e.path.length > 0 && e.path.every((p) => p.x === e.x && p.y === e.y);
      if (inPlace) return `${name(e.trooper)} ${e.skill === 'dodge' ? 'stays after its Dodge' : 'stays in place'}, facing ${Math.round(e.facing)}°${prone}`;
      if (e.skill === 'dodge') return `${name(e.trooper)} moves after its Dodge to ${at}${prone}`;
      return `${name(e.trooper)} moves to ${at}${prone}`;
    }
    case 'coordinated': // COORD-13
      return `Coordinated Order of ${playerLabel(setup, e.player)}: ${name(e.spearhead)} (Spearhead) with ${e.with.map((t) => name(t)).join(', ')}`;
    case 'commandToken':
      return `${playerLabel(setup, e.player)} spends a Command Token (${e.left} left)`;
    case 'idleInstead': // COORD-5
      return `${name(e.trooper)} does Idle instead of its ${e.skill}`;
    case 'dodgeMoves':
      return `Dodge moves to choose: ${e.troopers.map((t) => name(t)).join(', ')}`;
    case 'engaged': // CC-2
      return `${name(e.trooper)} is Engaged with ${e.with.map((t) => name(t)).join(', ')}`;
    case 'disengaged':
      return `${name(e.trooper)} is no longer Engaged`;
    case 'coupDeGrace': // CC-9
      return `${name(e.trooper)} gives ${name(e.target)} the Coup de Grâce`;
    case 'strayHit': // CC-10
      return `${name(e.trooper)}'s shot strays into ${name(e.target)}`;
    case 'hits':
      return `${name(e.by)} scores ${e.hits} hit${e.hits === 1 ? '' : 's'} on ${name(e.target)}${e.criticals ? ` (${e.criticals} critical)` : ''}`;
    case 'wounds':
      return e.status === 'unconscious' ? `${name(e.trooper)} is Unconscious` : e.status === 'removed' ? `${name(e.trooper)} is dead` : `${name(e.trooper)} has ${e.wounds} Wound${e.wounds === 1 ? '' : 's'} left`;
    case 'camouflaged':
      return `${name(e.trooper)} goes back to Camouflage as marker ${e.marker}`;
    case 'camouflageFailed':
      return `${name(e.trooper)} cannot go back to Camouflage: seen by ${e.by.map((b) => name(b)).join(', ')}`;
    case 'gameEnd':
      return `The game ends after round ${e.round}`;
    case 'aro':
      return e.by.length ? `AROs against ${name(e.trooper)}: ${e.by.map((b) => name(b)).join(', ')}` : `No enemy sees ${name(e.trooper)}`;
    case 'lof':
      return `Line of Fire: ${e.visible ? `yes${e.cover ? ', Partial Cover' : ''}` : 'no'}`;
    case 'distance':
      return `Distance: ${e.inches.toFixed(2)}"`;
    case 'odds':
      return 'success' in e ? `Odds: ${(e.success * 100).toFixed(1)}% success` : `Odds: ${(e.a * 100).toFixed(1)}% / ${(e.b * 100).toFixed(1)}%`;
    // Missions (docs/rules/missions.md)
    case 'zoneCount':
      return `${setup.mission?.zones.find((z) => z.id === e.zone)?.name ?? e.zone}: ${e.dominatedBy ? `held by ${playerLabel(setup, e.dominatedBy)}` : 'held by nobody'} (${e.points.A} to ${e.points.B} points)`;
    case 'scored':
      return `${playerLabel(setup, e.player)} scores ${e.points} for ${setup.mission?.scoring.find((r) => r.id === e.rule)?.label ?? e.rule} (${e.total} in all)`;
    case 'gameResult':
      return e.winner ? `${playerLabel(setup, e.winner)} wins, ${e.points.A} to ${e.points.B} Objective Points` : `A draw: ${e.points.A} to ${e.points.B} Objective Points, ${e.victoryPoints.A} to ${e.victoryPoints.B} Victory Points`;
    case 'activated':
      return `${name(e.trooper)} activates ${objectiveLabel(e.objective)}`;
    case 'lossOfLieutenant':
      return `${playerLabel(setup, e.player)} is in Loss of Lieutenant: every Order is Irregular this turn`;
    case 'retreat':
      return `${playerLabel(setup, e.player)} is in Retreat!`;
    case 'classifiedChosen':
      return `${playerLabel(setup, e.player)} chooses a classified objective, in secret`;
    case 'classifiedRevealed':
      return `${playerLabel(setup, e.player)} achieved its classified objective: ${setup.mission?.classified?.find((c) => c.id === e.objective)?.label ?? e.objective}`;
    case 'lieutenantNamed':
      return `${playerLabel(setup, e.player)} names a new Lieutenant, in secret`;
    default:
      // Events the engine may add later are still listed, by their type.
      return (e as { type: string }).type;
  }
}
