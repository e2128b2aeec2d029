import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installThreeConsole } from './scene/threeConsole';
import { pageSaves } from './state/pageSaves';
import { App } from './ui/App';
import './ui/app.css';

const container = document.getElementById('root');
if (!container) {
  throw new Error('Missing #root element in index.html');
}

installThreeConsole();

// The autosaved game, if any, replayed before the first frame (Hotseat: the hand-over first).
pageSaves.restore();

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
