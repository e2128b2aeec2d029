/** Words the page shows for the engine's codes: skills, statuses, events. */
import type { GameEvent, PlayerId, Setup, Skill, TrooperProfile, TrooperStatus } from '../core/model/types';
import { profileIn } from '../state/pieces';

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
  return `${Number.isInteger(n) ? n : n.toFixed(1)}"`;
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

/** What a roll was for, told by the other events of its command. */
function rollKind(e: Extract<GameEvent, { type: 'roll' }>, siblings: readonly GameEvent[]): string {
  if (siblings.some((s) => s.type === 'initiative')) return 'Initiative roll (WIP)';
  if (siblings.some((s) => s.type === 'discovered' || s.type === 'discoverFailed')) return 'Discover roll (WIP)';
  if (siblings.some((s) => s.type === 'aro' || s.type === 'template')) return 'Combat Jump roll (PH)';
  const t = 'trooper' in e ? e.trooper : undefined;
  if (siblings.some((s) => (s.type === 'placed' || s.type === 'awaitingFallback') && s.trooper === t)) return 'Infiltration roll (PH)';
  return 'roll';
}

/**
 * One line of the game log. `siblings` are the other events of the same command (they tell what a
 * roll was for); `known` the profiles the viewer may read.
 */
export function eventLine(e: GameEvent, setup: Setup, siblings: readonly GameEvent[] = [], known?: Names): string {
  return line(e, setup, siblings, (id) => nameOf(setup, id, known));
}

/** The whole log as lines, each roll told with what it was for. */
export function logLines(events: readonly GameEvent[], setup: Setup, known?: Names): string[] {
  const byIndex = new Map<number, GameEvent[]>();
  for (const e of events) {
    const list = byIndex.get(e.index);
    if (list) list.push(e);
    else byIndex.set(e.index, [e]);
  }
  return events.map((e) => eventLine(e, setup, byIndex.get(e.index) ?? [], known));
}

function line(e: GameEvent, setup: Setup, siblings: readonly GameEvent[], name: (id: string) => string): string {
  switch (e.type) {
    case 'roll': {
      const kind = rollKind(e, siblings);
      // INI-6: the opponent's initiative roll comes without its Lieutenant's name.
      const who = 'trooper' in e && e.trooper ? name(e.trooper) : `${playerLabel(setup, e.player)}'s Lieutenant`;
      const result = e.result === 'critical' ? 'critical!' : e.result;
      return kind === 'roll' ? `${who} rolls ${e.roll} against ${e.target}: ${result}` : `${kind}: ${who} rolls ${e.roll} against ${e.target}, ${result}`;
    }
    case 'initiative':
      return e.winner ? `${playerLabel(setup, e.winner)} wins the Initiative roll` : 'The Initiative roll is tied: roll again';
    case 'choice':
      if (e.choice) return `${playerLabel(setup, e.player)} keeps ${e.choice === 'deployment' ? 'Deployment' : 'Initiative'}`;
      if (e.keeperZone) return `${playerLabel(setup, e.player)} takes the ${e.keeperZone} zone; ${playerLabel(setup, e.first!)} deploys first`;
      return `${playerLabel(setup, e.player)} gives the first turn of every round to ${playerLabel(setup, e.first!)}`;
    case 'placed': {
      const what = e.as === 'marker' ? ' as a marker' : e.as === 'hidden' ? ' in Hidden Deployment' : '';
      const who = name(e.trooper);
      // An opponent's marker is known only by its marker id.
      const shown = who === e.trooper && /^[AB]-m\d+$/.test(who) ? `Marker ${who}` : who;
      return `${shown} deployed${what}${e.prone ? ', Prone' : ''}`;
    }
    case 'awaitingFallback':
      return `${name(e.trooper)} failed its roll: it must be placed at its own table edge`;
    case 'keptBack':
      return `${playerLabel(setup, e.player)} ends its main step and keeps ${e.count} trooper${e.count === 1 ? '' : 's'} back`;
    case 'step':
      return `${e.step === 'main' ? 'Main' : 'Last'} deployment step: ${playerLabel(setup, e.active)}`;
    case 'turn':
      return `Round ${e.round}: ${playerLabel(setup, e.active)}'s turn`;
    case 'orders': {
      const parts = Object.entries(e.groups).map(([g, n]) => `Combat Group ${g}: ${n}`);
      const irregular = Object.entries(e.irregular).filter(([, n]) => n > 0);
      if (irregular.length) parts.push(`Irregular: ${irregular.map(([id, n]) => `${name(id)} ${n}`).join(', ')}`);
      if (e.markersIrregular) parts.push(`Irregular of markers: ${e.markersIrregular}`);
      if (e.lieutenant !== undefined) parts.push(`Lieutenant: ${e.lieutenant}`);
      return `${playerLabel(setup, e.player)}'s Orders: ${parts.join('; ') || 'none'}`;
    }
    case 'regrouped':
      return `${e.trooper ? name(e.trooper) : `A trooper of ${playerLabel(setup, e.player)}'s`} joins Combat Group ${e.group}`;
    case 'revealed':
      return `${name(e.trooper)} appears${e.as === 'marker' ? ' as a marker' : ''}`;
    case 'discovered':
      return `${name(e.by)} discovers marker ${e.marker}: ${name(e.trooper)}`;
    case 'discoverFailed':
      return `${name(e.by)} fails to discover marker ${e.marker}`;
    case 'template':
      return `Circular Template: ${e.hits.length ? e.hits.map((h) => name(h)).join(', ') : 'no one'} hit`;
    case 'save':
      return `${name(e.trooper)} saves ${e.roll} against ${e.target}: ${e.result === 'wound' ? 'wounded' : 'saved'}`;
    case 'aro':
      return e.by.length ? `AROs against ${name(e.trooper)}: ${e.by.map((b) => name(b)).join(', ')}` : `No enemy sees ${name(e.trooper)}`;
    case 'lof':
      return `Line of Fire: ${e.visible ? `yes${e.cover ? ', Partial Cover' : ''}` : 'no'}`;
    case 'distance':
      return `Distance: ${e.inches.toFixed(2)}"`;
    case 'odds':
      return 'success' in e ? `Odds: ${(e.success * 100).toFixed(1)}% success` : `Odds: ${(e.a * 100).toFixed(1)}% / ${(e.b * 100).toFixed(1)}%`;
    default:
      // Events the engine may add later are still listed, by their type.
      return (e as { type: string }).type;
  }
}
