import type { GameEvent } from '../core/model/types';
import type { LogEntry } from '../state/gameStore';

/** Events that carry no secret at all: both players may read them on the shared screen. */
const PUBLIC = new Set<GameEvent['type']>(['initiative', 'choice', 'keptBack', 'step', 'turn']);

/**
 * What both players may read together, from the full list of events: the public ones, and the
 * initiative rolls without their Lieutenants' names (INI-6: only the WIP is open).
 */
export function publicEvents(events: readonly GameEvent[]): GameEvent[] {
  const initiativeCommands = new Set(events.filter((e) => e.type === 'initiative').map((e) => e.index));
  const out: GameEvent[] = [];
  for (const e of events) {
    if (PUBLIC.has(e.type)) out.push(e);
    else if (e.type === 'roll' && initiativeCommands.has(e.index)) {
      const { trooper: _secret, ...rest } = e;
      out.push(rest as GameEvent);
    }
  }
  return out;
}

/** The log's entries as both players may read them together: each command with only its public events. */
export function publicEntries(entries: readonly LogEntry[]): LogEntry[] {
  return entries.map((e) => ({ ...e, events: publicEvents(e.events) }));
}
