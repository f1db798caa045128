import { useQuery } from '@tanstack/react-query';
import { type Artifact } from '@core-vault/contracts';
import { Banner, Dialog, Spinner } from '../../../components/ui';
import { endpoints } from '../../../lib/api/endpoints';
import { messageOf } from '../../../lib/api/errors';
import { apiQuery } from '../../../lib/query';
import { EDIT_MESSAGES } from './edit-form';
import { EditForm } from './EditForm';

export interface EditArtifactDialogProps {
  artifactId: string;
  onClose: () => void;
  /**
   * After a save (the dialog then closes itself): the stored artifact, or null when only its
   * collections changed.
   */
  onSaved?: (artifact: Artifact | null) => void;
}

/**
 * Edit an artifact: title, description, tags, type, content (with the upload form's live preview,
 * limits and messages), a note for the new version, and its collections. The form opens from a
 * fresh read of the artifact, whose revision goes back with the save.
 */
export function EditArtifactDialog({ artifactId, onClose, onSaved }: EditArtifactDialogProps) {
  const read = useQuery({
    ...apiQuery(endpoints.artifacts.get, { params: { id: artifactId } }),
    // The form must start from the stored revision, never from an older cached answer.
    refetchOnMount: 'always',
  });
  if (read.isFetchedAfterMount && read.data)
    return <EditForm artifact={read.data.artifact} onClose={onClose} onSaved={onSaved} />;
  return (
    <Dialog title="Edit artifact" onClose={onClose}>
      {read.isError ? (
        <Banner tone="error">{messageOf(read.error, EDIT_MESSAGES.latestFailed)}</Banner>
      ) : (
        <Spinner />
      )}
    </Dialog>
  );
}
