import { deployTool } from '../tools/pageTools';
import { usePointerHint } from './usePointerHint';

const subscribe = (listener: () => void) => deployTool.subscribe(listener);

/** Writes the engine's verdict on the spot under the pointer: green "legal", or red with the rule and its sentence. */
function show(el: HTMLDivElement): void {
  const s = deployTool.snapshot;
  const v = s.verdict;
  if (s.phase === 'idle' || !v || !s.at) {
    el.className = 'placement-hint';
    return;
  }
  el.className = `placement-hint shown ${v.ok ? 'ok' : 'bad'}`;
  el.textContent = v.ok ? (s.phase === 'rolling' ? 'Enter the Infiltration roll' : v.message) : `${v.rule ? `${v.rule}: ` : ''}${v.message}`;
}

/** The engine's verdict on the spot under the pointer, written next to it while a trooper is in hand. */
export function PlacementHint({ container }: { container: HTMLElement | null }) {
  const ref = usePointerHint(container, subscribe, show);
  return <div ref={ref} className="placement-hint" data-testid="ghost-hint" role="status" />;
}
