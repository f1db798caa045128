import { useQuery } from '@tanstack/react-query';
import { type ArtifactSummary } from '@core-vault/contracts';
import { endpoints } from '../../../../lib/api/endpoints';
import { apiQuery } from '../../../../lib/query';
import { ArtifactFrame } from '../../../viewer';
import { HISTORY_TEXTS as T, versionName } from './history-labels';
import { Banner } from '../../../../components/ui';

/**
 * One version rendered as the view page renders it: the viewer's sandboxed frame on the
 * artifact's own origin, with its own storage and runtime (artifact code never runs on the app's
 * origin, nor on another artifact's). A lazy chunk, loaded on first preview.
 */
export function HistoryPreview({
  artifact,
  version,
}: {
  artifact: Pick<ArtifactSummary, 'id' | 'title' | 'allowNetwork'>;
  version: number;
}) {
  const detail = useQuery(
    apiQuery(endpoints.artifacts.getVersion, { params: { id: artifact.id, version: String(version) } }),
  );
  if (detail.isPending) return <p role="status">{T.loadingContent}</p>;
  if (detail.error) return <Banner tone="error">{detail.error.message}</Banner>;
  const v = detail.data.version;
  return (
    <div className="vh-preview" data-testid="version-preview">
      <ArtifactFrame
        artifact={{
          title: `${v.title || artifact.title} (${versionName(version)})`,
          type: v.type,
          content: v.content,
          rendered: v.rendered,
          renderError: v.renderError,
          securityWarning: v.securityWarning,
          allowNetwork: artifact.allowNetwork,
        }}
        storageId={artifact.id}
        edgeLabel="Content by you · runs isolated from Core Vault"
      />
    </div>
  );
}
