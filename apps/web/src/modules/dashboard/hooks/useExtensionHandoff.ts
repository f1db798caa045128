import { useEffect, useRef } from 'react';
import { type Artifact } from '@core-vault/contracts';
import { endpoints } from '../../../lib/api/endpoints';
import { useApiMutation } from '../../../lib/query';
import { clearPendingUploads, readPendingUploads } from '../pending-uploads';

/**
 * Uploads the extension left behind (younger than 5 minutes): switch to the upload tab, create
 * them in one batch, then clear the saved entry. Runs once per dashboard visit.
 */
export function useExtensionHandoff(handlers: {
  onStart: () => void;
  onDone: (created: Artifact[]) => void;
  onError: (message: string) => void;
}): void {
  const ran = useRef(false);
  const { mutateAsync: batchCreate } = useApiMutation(endpoints.artifacts.batchCreate);
  const { mutate: report } = useApiMutation(endpoints.onboarding.report);
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    const pending = readPendingUploads();
    if (pending.length === 0) return;
    latest.current.onStart();
    batchCreate({ body: { artifacts: pending.slice(0, 20) } })
      .then((res) => {
        clearPendingUploads();
        latest.current.onDone(res.artifacts);
        // Best effort: tells onboarding the extension is in use.
        report({ params: { milestone: 'extension_installed' }, body: {} });
      })
      .catch((err: unknown) =>
        latest.current.onError(
          err instanceof Error ? err.message : 'Error uploading artifact. Please try again.',
        ),
      );
  }, [batchCreate, report]);
}
