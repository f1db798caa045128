import { Suspense, lazy, useState } from 'react';
import { type Artifact } from '@core-vault/contracts';
import { LazyEditDialog } from '../edit/LazyEditDialog';

// Loaded when the owner asks for it, like the edit dialog: the view page carries only the buttons.
const History = lazy(() =>
  import('./history/HistoryForArtifact').then((m) => ({ default: m.HistoryForArtifact })),
);

/**
 * The owner's actions on the view page: Edit opens the edit dialog, History the versions and
 * activity. The view page reads the artifact outside any query cache: after a save or a restore
 * `onSaved` has it read the stored artifact again.
 */
export function ArtifactOwnerActions({
  artifactId,
  onSaved,
}: {
  artifactId: string;
  onSaved: (artifact: Artifact | null) => void;
}) {
  const [open, setOpen] = useState<'edit' | 'history' | null>(null);
  return (
    <>
      <button type="button" onClick={() => setOpen('edit')}>
        Edit
      </button>
      <button type="button" onClick={() => setOpen('history')}>
        History
      </button>
      {open === 'edit' && (
        <LazyEditDialog artifactId={artifactId} onClose={() => setOpen(null)} onSaved={onSaved} />
      )}
      {open === 'history' && (
        <Suspense fallback={null}>
          <History artifactId={artifactId} onClose={() => setOpen(null)} onRestored={() => onSaved(null)} />
        </Suspense>
      )}
    </>
  );
}
