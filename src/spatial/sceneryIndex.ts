/**
 * The scenery index behind the core's port. Placement queries are answered exactly from discs and
 * boxes (src/core/geometry/scenery.ts); ray queries for Line of Fire come with the BVH.
 */
import { resolveFacts } from '../core/data/facts';
import { AnalyticScenery, buildSceneryModel } from '../core/geometry/scenery';
import type { Setup } from '../core/model/types';
import type { SceneryIndex } from '../core/ports';

export function createSceneryIndex(setup: Pick<Setup, 'table' | 'terrain' | 'facts'>): SceneryIndex {
  return new AnalyticScenery(buildSceneryModel(setup, resolveFacts(setup.facts)));
}
