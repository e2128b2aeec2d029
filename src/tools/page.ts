/**
 * The page's tools: one controller joined to the page's game and session stores. The tools see the
 * game only through `knowledgeOf(state, viewer)`, answer again whenever the game or the viewer
 * changes, and follow the selection.
 */
import { gameStore, viewOf } from '../state/gameStore';
import { sessionStore } from '../state/sessionStore';
import { ToolController } from './controller';
import { knowledgeOf } from './knowledge';

export const tableTools = new ToolController({
  knowledge: () => {
    const g = gameStore.getState();
    return knowledgeOf(g.state, g.viewer, g.ctx, viewOf(g.state, g.viewer));
  },
  selected: () => sessionStore.getState().selected,
  select: (key) => sessionStore.getState().select(key),
});

gameStore.subscribe((s, prev) => {
  if (s.state !== prev.state || s.viewer !== prev.viewer || s.ctx !== prev.ctx) tableTools.refresh();
});

sessionStore.subscribe((s, prev) => {
  if (s.selected !== prev.selected) tableTools.selectionChanged(s.selected);
});
