/** What the table's tools ask the rules: distances, Line of Fire, what a template touches. */
import { templateShape, templateTouches, type TemplatePlacement } from '../../geometry/templates';
import type { GameState } from '../../model/types';
import { factsOf } from '../context';
import { isOnTable, silhouetteOf } from '../placement';

export { endpoint } from './queries';
export { hasLineOfFireBetween, lineOfFireBetween, lofQuery, SightLines, type LofAnswer } from './lineOfFire';

/** TOOL-3: the troopers on the table (models and markers) a template placed by hand touches, by id. */
export function templateHits(state: GameState, placement: TemplatePlacement): string[] {
  const shape = templateShape(placement, factsOf(state));
  return Object.entries(state.troopers)
    .filter(([id, t]) => isOnTable(t) && templateTouches(shape, silhouetteOf(state, id)!))
    .map(([id]) => id)
    .sort();
}
