import { useEffect, useState } from 'react';
import { type ArtifactSummary } from '@core-vault/contracts';
import { api } from '../../../lib/api/client';
import { endpoints } from '../../../lib/api/endpoints';
import { formatDateTime } from '../../../lib/dates';
import { Dialog } from '../../../components/ui';

type Version = Awaited<ReturnType<typeof loadVersions>>[number];
const loadVersions = async (id: string) =>
  (await api.call(endpoints.artifacts.listVersions, { params: { id } })).versions;

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
  const [versions, setVersions] = useState<Version[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    loadVersions(artifact.id)
      .then((v) => live && setVersions(v))
      .catch(
        (err: unknown) => live && setError(err instanceof Error ? err.message : 'Failed to load versions'),
      );
    return () => {
      live = false;
    };
  }, [artifact.id, version]);

  const restore = async (n: number) => {
    try {
      const res = await api.call(endpoints.artifacts.restoreVersion, {
        params: { id: artifact.id, version: String(n) },
      });
      onRestored(res.artifact);
      setVersion((v) => v + 1);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Failed to restore');
    }
  };

  return (
    <Dialog title={`Version history: ${artifact.title}`} onClose={onClose}>
      {error && (
        <div className="cv-banner cv-banner-error" role="alert">
          {error}
        </div>
      )}
      {!versions && !error && <p>Loading versions...</p>}
      {versions && (
        <ol className="vh-list">
          {versions.map((v) => (
            <li key={v.version} className="cv-spread">
              <span>
                <strong>v{v.version}</strong> {v.title} · {v.type} · {v.size} characters ·{' '}
                {formatDateTime(v.createdAt)}
                {v.current && <span className="cv-badge cv-tone-green"> current</span>}
              </span>
              {!v.current && (
                <button type="button" className="cv-btn cv-btn-small" onClick={() => void restore(v.version)}>
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
