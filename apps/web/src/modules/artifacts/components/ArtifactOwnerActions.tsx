import { useState } from 'react';
import { type Artifact } from '@core-vault/contracts';
import { LazyEditDialog } from '../edit/LazyEditDialog';

/**
 * The owner's actions on the view page: Edit opens the edit dialog. The view page reads the
 * artifact outside any query cache, so after a save it shows the stored artifact by reloading
 * unless the page passes its own `onSaved`.
 */
export function ArtifactOwnerActions({
  artifactId,
  onSaved,
}: {
  artifactId: string;
  onSaved?: (artifact: Artifact | null) => void;
}) {
  const [editing, setEditing] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setEditing(true)}>
        Edit
      </button>
      {editing && (
        <LazyEditDialog
          artifactId={artifactId}
          onClose={() => setEditing(false)}
          onSaved={onSaved ?? (() => window.location.reload())}
        />
      )}
    </>
  );
}
