import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installThreeConsole } from './scene/threeConsole';
import { pageSaves } from './state/pageSaves';
import { sessionStore } from './state/sessionStore';
import { App } from './ui/App';
import './ui/app.css';
// After app.css: the screen sizes' rules override the defaults.
import './ui/layout.css';

const container = document.getElementById('root');
if (!container) {
  throw new Error('Missing #root element in index.html');
}

installThreeConsole();

// The autosaved game, if any, replayed before the first frame (Hotseat: the hand-over first); with
// none, the page opens on the start panel (New game, the demo to look around, Load).
if (!pageSaves.restore()) sessionStore.getState().setStartPanel(true);

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
