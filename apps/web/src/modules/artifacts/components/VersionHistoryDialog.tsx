import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ArtifactSummary } from '@core-vault/contracts';
import { Dialog } from '../../../components/ui';
import { endpoints } from '../../../lib/api/endpoints';
import { formatDateTime } from '../../../lib/dates';
import { apiKey, apiQuery, useApiMutation } from '../../../lib/query';

/** Every version of one artifact, newest first; an older one can be restored as a new version. */
export function VersionHistoryDialog({
  artifact,
  onClose,
  onRestored,
}: {
  artifact: ArtifactSummary;
  onClose: () => void;
  onRestored: (a: ArtifactSummary) => void;
}) {
  const client = useQueryClient();
  const params = { id: artifact.id };
  const versions = useQuery(apiQuery(endpoints.artifacts.listVersions, { params }));
  const restore = useApiMutation(endpoints.artifacts.restoreVersion, {
    onSuccess: (res) => {
      onRestored(res.artifact);
      void client.invalidateQueries({ queryKey: apiKey(endpoints.artifacts.listVersions, { params }) });
    },
  });
  const failure = versions.error
    ? versions.error.message || 'Failed to load versions'
    : restore.error
      ? restore.error.message || 'Failed to restore'
      : null;

  return (
    <Dialog title={`Version history: ${artifact.title}`} onClose={onClose}>
      {failure && (
        <div className="cv-banner cv-banner-error" role="alert">
          {failure}
        </div>
      )}
      {versions.isPending && <p>Loading versions...</p>}
      {versions.data && (
        <ol className="vh-list">
          {versions.data.versions.map((v) => (
            <li key={v.version} className="cv-spread">
              <span>
                <strong>v{v.version}</strong> {v.title} · {v.type} · {v.size} characters ·{' '}
                {formatDateTime(v.createdAt)}
                {v.current && <span className="cv-badge cv-tone-green"> current</span>}
              </span>
              {!v.current && (
                <button
                  type="button"
                  className="cv-btn cv-btn-small"
                  disabled={restore.isPending}
                  onClick={() => restore.mutate({ params: { id: artifact.id, version: String(v.version) } })}
                >
                  Restore
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
    </Dialog>
  );
}
