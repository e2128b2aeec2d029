/**
 * Where the editors open (TOOL-9): nothing until one is asked for (the start panel, the New game
 * dialog) or was open before a reload; then the editors' chunk is fetched, so the table's first frame
 * never waits for it.
 */
import { lazy, Suspense } from 'react';
import { useLibrary } from '../../state/editors/library';

const Editors = lazy(() => import('./Editors'));

export function EditorsHost() {
  const open = useLibrary((s) => s.session.open);
  if (!open) return null;
  return (
    <Suspense fallback={<div className="editors-loading" data-testid="editors-loading">Opening the editors…</div>}>
      <Editors />
    </Suspense>
  );
}
