import { useRef } from 'react';
import { openEditor } from '../state/editors/library';
import { sessionStore, useSession } from '../state/sessionStore';
import { useModal } from './modal';
import './start.css';

/**
 * What the page opens on when no game was autosaved: a start of one's own (New game), the deployed demo
 * to look around, or a saved game to go on with; and how a game goes, in four steps. The demo's table
 * lies dimmed behind it, so nobody takes the demo for their game. It holds the page (`useModal`): the
 * focus starts on New game, Tab goes round its four buttons, and the table behind is inert.
 */
export function StartPanel({ onNewGame }: { onNewGame: (source: 'demo' | 'file') => void }) {
  const open = useSession((s) => s.startPanel);
  const panel = useRef<HTMLElement>(null);
  useModal(panel, open);
  if (!open) return null;
  return (
    <div className="start-backdrop">
      <section className="start-panel" role="dialog" aria-modal="true" aria-labelledby="start-title" data-testid="start-panel" ref={panel}>
        <h2 id="start-title">Infinity Table</h2>
        <p className="start-lead">A table for Infinity N4 games in the browser: the rules engine checks every placement and rolls every die.</p>
        <div className="start-actions">
          <button type="button" className="primary big" onClick={() => onNewGame('demo')} data-testid="start-new-game">
            New game
          </button>
          <button type="button" onClick={() => sessionStore.getState().setStartPanel(false)} data-testid="start-demo">
            Look around the demo
          </button>
          <button type="button" onClick={() => onNewGame('file')} data-testid="start-load">
            Load a saved game…
          </button>
          <button type="button" onClick={() => openEditor('army')} data-testid="start-editors">
            Armies and tables…
          </button>
        </div>
        <h3>How to play a game</h3>
        <ol className="start-steps" data-testid="start-steps">
          <li>
            <b>New game</b>: the demo, armies and a table (shipped, or your own from <b>Armies and tables</b>), or a file; <b>Hotseat</b> (two
            players, one screen) or <b>Solo</b>; dice rolled by the table or typed in.
          </li>
          <li>
            <b>Initiative</b>: roll it; the winner keeps Deployment or Initiative, then each keeper makes their choice.
          </li>
          <li>
            <b>Deployment</b>: pick a trooper in the side panel and click a green spot on the table; end your step. In Hotseat, hand the screen over
            when it asks.
          </li>
          <li>
            <b>Turns</b>: select a trooper and give it Orders (Move, attack, Dodge, Discover…); the other player answers with AROs; measure and check Line of Fire at any time; then <b>End turn</b>. Undo, Save and Load are top right.
          </li>
        </ol>
        <p className="hint">
          Two players on two computers (or two browser windows): look around the demo, then <b>Two machines</b> (top right) invites the other player
          with a link or a code; each plays on their own screen.
        </p>
        <p className="hint">The demo is a deployed game on a dense 48" table: try the tools on it (press ? for every key). Nothing you do there is kept.</p>
      </section>
    </div>
  );
}
