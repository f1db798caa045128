import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type Artifact, type ArtifactSummary, type PublishVersionsChoice } from '@core-vault/contracts';
import { Banner, Dialog } from '../../../../components/ui';
import { endpoints } from '../../../../lib/api/endpoints';
import { apiQuery, useApiMutation } from '../../../../lib/query';
import { CARD_MESSAGES } from '../../artifact-actions';
import {
  PUBLISH_TEXTS as T,
  allBecomePublic,
  latestBecomesPublic,
  publicBefore,
  savedWhilePrivate,
  stayPrivate,
} from './publish-labels';
import './publish.css';

export interface PublishDialogProps {
  artifact: ArtifactSummary;
  onClose: () => void;
  onPublished: (artifact: Artifact) => void;
}

/**
 * Make Public for an artifact with earlier versions (#32): says which versions become public and
 * lets the owner publish the latest only (the default: versions saved while it was private stay
 * theirs) or all of them. Versions that were public before stay public either way.
 */
export function PublishDialog({ artifact, onClose, onPublished }: PublishDialogProps) {
  const params = { id: artifact.id };
  const versions = useQuery(apiQuery(endpoints.artifacts.listVersions, { params }));
  const [choice, setChoice] = useState<PublishVersionsChoice>('latest');
  const [error, setError] = useState<string | null>(null);
  const publish = useApiMutation(endpoints.artifacts.update, {
    onSuccess: (res) => {
      onPublished(res.artifact);
      onClose();
    },
    onError: (err) => setError(CARD_MESSAGES.visibilityError(err.message || 'Unknown error')),
  });

  const list = versions.data?.versions ?? [];
  const latest = list.find((v) => v.current)?.version ?? artifact.version;
  const earlier = list.filter((v) => !v.current);
  const privateOnes = earlier.filter((v) => !v.published).map((v) => v.version);
  const publicOnes = earlier.filter((v) => v.published).map((v) => v.version);
  const choose = privateOnes.length > 0;

  const submit = () => {
    setError(null);
    publish.mutate({
      params,
      body: { isPublic: true, ...(choose ? { publishVersions: choice } : {}) },
    });
  };

  return (
    <Dialog title={T.title} onClose={onClose}>
      <div className="pv-publish" data-testid="publish-dialog">
        <p>{latestBecomesPublic(latest)}</p>
        {versions.isPending && <p className="cv-hint">{T.loading}</p>}
        {versions.isError && <Banner tone="info">{T.loadFailed}</Banner>}
        {publicOnes.length > 0 && <p>{publicBefore(publicOnes)}</p>}
        {choose && (
          <>
            <p>{savedWhilePrivate(privateOnes)}</p>
            <fieldset className="pv-choices">
              <legend className="cv-label">{T.legend}</legend>
              <label className="pv-choice">
                <input
                  type="radio"
                  name="publish-versions"
                  checked={choice === 'latest'}
                  onChange={() => setChoice('latest')}
                />
                <span>
                  {T.latestOnly}
                  <span className="cv-hint">{stayPrivate(privateOnes)}</span>
                </span>
              </label>
              <label className="pv-choice">
                <input
                  type="radio"
                  name="publish-versions"
                  checked={choice === 'all'}
                  onChange={() => setChoice('all')}
                />
                <span>
                  {T.allVersions}
                  <span className="cv-hint">{allBecomePublic([...privateOnes, ...publicOnes, latest])}</span>
                </span>
              </label>
            </fieldset>
          </>
        )}
        {error && <Banner tone="error">{error}</Banner>}
        <div className="cv-row">
          <button
            type="button"
            className="cv-btn cv-btn-primary"
            disabled={publish.isPending || versions.isPending}
            onClick={submit}
          >
            {publish.isPending ? T.publishing : T.confirm}
          </button>
          <button type="button" className="cv-btn" disabled={publish.isPending} onClick={onClose}>
            {T.cancel}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
