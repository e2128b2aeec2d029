import { useCallback, useState } from 'react';
import type { RootState } from '@react-three/fiber';
import { TableScene } from '../scene/TableScene';

export function App() {
  const [ready, setReady] = useState(false);

  // R3F calls onCreated before the first frame; wait for that frame (and one
  // more for the compositor) before flagging the view as ready for tests.
  const handleCreated = useCallback((state: RootState) => {
    state.invalidate();
    requestAnimationFrame(() => requestAnimationFrame(() => setReady(true)));
  }, []);

  return (
    <div className="app">
      <header className="app-header">
        <h1 className="app-title">Infinity Table</h1>
        <p className="app-subtitle">A virtual battlefield for Infinity N4</p>
      </header>
      <main className="app-view" data-ready={ready ? 'true' : 'false'} data-testid="table-view">
        <TableScene onCreated={handleCreated} />
      </main>
    </div>
  );
}
