import { useQuery } from '@tanstack/react-query';
import { Dialog } from '../../../../components/ui';
import { messageOf } from '../../../../lib/api/errors';
import { endpoints } from '../../../../lib/api/endpoints';
import { apiQuery } from '../../../../lib/query';
import { WithQueryCache } from '../../../../lib/query/WithQueryCache';
import { HistoryDialog } from './HistoryDialog';
import { HISTORY_TEXTS as T } from './history-labels';

export interface HistoryForArtifactProps {
  artifactId: string;
  onClose: () => void;
  /** After a restore: the view page shows the stored artifact again. */
  onRestored: () => void;
}

/**
 * The History view opened from the view page's owner header, which knows the artifact only as a
 * visitor sees it: the owner's read (revision, owner) comes first.
 */
export function HistoryForArtifact(props: HistoryForArtifactProps) {
  return (
    <WithQueryCache>
      <OwnersHistory {...props} />
    </WithQueryCache>
  );
}

function OwnersHistory({ artifactId, onClose, onRestored }: HistoryForArtifactProps) {
  const read = useQuery(apiQuery(endpoints.artifacts.get, { params: { id: artifactId } }));
  if (read.isPending) return null;
  const artifact = read.data?.artifact;
  if (read.isError || !artifact || !('owner' in artifact))
    return (
      <Dialog title={T.historyTitle} onClose={onClose}>
        <p role="alert">{messageOf(read.error, T.versionsFailed)}</p>
      </Dialog>
    );
  return <HistoryDialog artifact={artifact} onClose={onClose} onRestored={() => onRestored()} />;
}
