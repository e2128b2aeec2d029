/** Words the page shows for the engine's codes: skills, statuses, events. */
import type { GameEvent, PlayerId, Setup, Skill, TrooperStatus } from '../core/model/types';
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
};

export const STATUS_LABELS: Record<TrooperStatus, string> = {
  undeployed: 'Not deployed',
  reserve: 'Kept back',
  model: 'On the table',
  marker: 'TO Camouflage marker',
  hidden: 'Hidden Deployment',
  'off-table': 'Airborne, off the table',
  'awaiting-fallback': 'Awaiting fallback',
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

function nameOf(setup: Setup, id: string): string {
  return profileIn(setup, id)?.name ?? id;
}

function playerLabel(setup: Setup, p: PlayerId): string {
  return setup.players[p].name || `Player ${p}`;
}

/** One line of the game log. */
export function eventLine(e: GameEvent, setup: Setup): string {
  switch (e.type) {
    case 'roll': {
      const who = 'trooper' in e && e.trooper ? nameOf(setup, e.trooper) : playerLabel(setup, e.player);
      return `${who} rolls ${e.roll} against ${e.target}: ${e.result}`;
    }
    case 'initiative':
      return e.winner ? `${playerLabel(setup, e.winner)} wins the Initiative roll` : 'The Initiative roll is tied';
    case 'choice':
      if (e.choice) return `${playerLabel(setup, e.player)} keeps ${e.choice === 'deployment' ? 'Deployment' : 'Initiative'}`;
      if (e.keeperZone) return `${playerLabel(setup, e.player)} takes the ${e.keeperZone} zone; ${playerLabel(setup, e.first!)} deploys first`;
      return `${playerLabel(setup, e.first!)} will take the first turn`;
    case 'placed': {
      const what = e.as === 'marker' ? ' as a marker' : e.as === 'hidden' ? ' in Hidden Deployment' : '';
      return `${nameOf(setup, e.trooper)} deployed${what}${e.prone ? ', Prone' : ''}`;
    }
    case 'awaitingFallback':
      return `${nameOf(setup, e.trooper)} failed its roll: fallback owed`;
    case 'keptBack':
      return `${playerLabel(setup, e.player)} keeps ${e.count} trooper back`;
    case 'step':
      return `${e.step === 'main' ? 'Main' : 'Last'} deployment step: ${playerLabel(setup, e.active)}`;
    case 'turn':
      return `Round ${e.round}: ${playerLabel(setup, e.active)}'s turn`;
    case 'revealed':
      return `${nameOf(setup, e.trooper)} appears${e.as === 'marker' ? ' as a marker' : ''}`;
    case 'discovered':
      return `${nameOf(setup, e.by)} discovers marker ${e.marker}: ${nameOf(setup, e.trooper)}`;
    case 'discoverFailed':
      return `${nameOf(setup, e.by)} fails to discover marker ${e.marker}`;
    case 'template':
      return `Circular Template: ${e.hits.length ? e.hits.map((h) => nameOf(setup, h)).join(', ') : 'no one'} hit`;
    case 'save':
      return `${nameOf(setup, e.trooper)} saves ${e.roll} against ${e.target}: ${e.result === 'wound' ? 'wounded' : 'saved'}`;
    case 'aro':
      return e.by.length ? `AROs against ${nameOf(setup, e.trooper)}: ${e.by.map((b) => nameOf(setup, b)).join(', ')}` : `No enemy sees ${nameOf(setup, e.trooper)}`;
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
