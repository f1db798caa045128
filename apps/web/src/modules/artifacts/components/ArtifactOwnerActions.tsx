import { Suspense, lazy, useState } from 'react';
import { type Artifact } from '@core-vault/contracts';
import { LazyEditDialog } from '../edit/LazyEditDialog';

// Loaded when the owner asks for it, like the edit dialog: the view page carries only the buttons.
const History = lazy(() =>
  import('./history/HistoryForArtifact').then((m) => ({ default: m.HistoryForArtifact })),
);

/**
 * The owner's actions on the view page: Edit opens the edit dialog, History the versions and
 * activity. The view page reads the artifact outside any query cache, so after a save or a restore
 * it shows the stored artifact by reloading unless the page passes its own `onSaved`.
 */
export function ArtifactOwnerActions({
  artifactId,
  onSaved,
}: {
  artifactId: string;
  onSaved?: (artifact: Artifact | null) => void;
}) {
  const [open, setOpen] = useState<'edit' | 'history' | null>(null);
  const saved = onSaved ?? (() => window.location.reload());
  return (
    <>
      <button type="button" onClick={() => setOpen('edit')}>
        Edit
      </button>
      <button type="button" onClick={() => setOpen('history')}>
        History
      </button>
      {open === 'edit' && (
        <LazyEditDialog artifactId={artifactId} onClose={() => setOpen(null)} onSaved={saved} />
      )}
      {open === 'history' && (
        <Suspense fallback={null}>
          <History artifactId={artifactId} onClose={() => setOpen(null)} onRestored={() => saved(null)} />
        </Suspense>
      )}
    </>
  );
}
