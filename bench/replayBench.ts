/** The replay of a long game through `apply`, command by command, as a loaded game file is replayed. */
import { apply, createGame } from '../src/core/engine';
import type { GameFile } from '../src/core/model/types';
import type { EngineContext } from '../src/core/ports';
import { time, warmUntilSettled, type Timing } from './timing';

export function replayBench(file: GameFile, ctx: EngineContext, runs: number): Timing & { byCommand: Record<string, number>; warmed: number } {
  const { commands, ...setup } = file;
  const byCommand: Record<string, number> = {};
  const once = () => {
    let state = createGame(setup);
    for (const c of commands) {
      const r = apply(state, c, ctx);
      if (!r.ok) throw new Error(`command ${c.do} is refused on replay: ${r.rejection.message}`);
      state = r.state;
    }
  };
  const warmed = warmUntilSettled(once, 6, 20);
  const t = time(once, runs);
  // Where the time goes, by command, in one more run.
  let state = createGame(setup);
  for (const c of commands) {
    const t0 = performance.now();
    state = (apply(state, c, ctx) as { state: typeof state }).state;
    byCommand[c.do] = (byCommand[c.do] ?? 0) + performance.now() - t0;
  }
  return { ...t, byCommand, warmed };
}
