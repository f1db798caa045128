import { WithQueryCache } from '../../../lib/query/WithQueryCache';
import { EditArtifactDialog, type EditArtifactDialogProps } from './EditArtifactDialog';

/** The edit dialog with the pages' query cache, or one of its own on the view page. */
export function EditArtifactDialogWithCache(props: EditArtifactDialogProps) {
  return (
    <WithQueryCache>
      <EditArtifactDialog {...props} />
    </WithQueryCache>
  );
}
