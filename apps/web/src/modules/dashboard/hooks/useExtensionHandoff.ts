import { useCallback, useEffect, useRef, useState } from 'react';
import { type Artifact } from '@core-vault/contracts';
import { endpoints } from '../../../lib/api/endpoints';
import { useApiMutation } from '../../../lib/query';
import {
  FAILED_UPLOADS_KEY,
  type FailedUpload,
  PENDING_UPLOADS_EVENT,
  PENDING_UPLOADS_KEY,
  clearFailedUploads,
  readFailedUploads,
} from '../pending-uploads';
import {
  type RunOptions,
  type RunResult,
  retryFailedUploads,
  runPendingUploads,
} from '../pending-uploads-run';

export interface HandoffState {
  /** While uploading: the last item of the batch being sent, of how many. */
  progress: { uploading: number; total: number } | null;
  /** Items that could not be saved, with why (kept until retried or discarded). */
  failed: FailedUpload[];
  retryFailed: () => void;
  discardFailed: () => void;
}

/**
 * Uploads what the browser extension left in this tab's storage: on mount, when the extension
 * says it wrote more (`cv:pending-uploads`), and when another tab changed the entry (`storage`).
 * Runs are serialised in this hook and, through the Web Lock, across hooks and tabs.
 */
export function useExtensionHandoff(handlers: {
  onStart: () => void;
  onDone: (created: Artifact[]) => void;
}): HandoffState {
  const { mutateAsync: batchCreate } = useApiMutation(endpoints.artifacts.batchCreate);
  const { mutate: report } = useApiMutation(endpoints.onboarding.report);
  const [progress, setProgress] = useState<HandoffState['progress']>(null);
  const [failed, setFailed] = useState<FailedUpload[]>(readFailedUploads);
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  // This hook's runs one after another (the lock does the same across tabs where it exists).
  const queue = useRef<Promise<void>>(Promise.resolve());

  const enqueue = useCallback(
    (run: (opts: RunOptions) => Promise<RunResult>) => {
      const job = async () => {
        let started = false;
        const result = await run({
          upload: async (artifacts) => (await batchCreate({ body: { artifacts } })).artifacts,
          onProgress: (uploading, total) => {
            if (!started) latest.current.onStart();
            started = true;
            setProgress({ uploading, total });
          },
        });
        setProgress(null);
        setFailed(readFailedUploads());
        if (result.created.length === 0) return;
        latest.current.onDone(result.created);
        // Best effort: tells onboarding the extension is in use.
        report({ params: { milestone: 'extension_installed' }, body: {} });
      };
      // A run never rejects the queue: storage and uploads report through state.
      queue.current = queue.current.then(job).catch(() => setProgress(null));
    },
    [batchCreate, report],
  );

  useEffect(() => {
    const check = () => enqueue(runPendingUploads);
    const onStorage = (e: StorageEvent) => {
      if (e.key === PENDING_UPLOADS_KEY && e.newValue) check();
      if (e.key === FAILED_UPLOADS_KEY || e.key === null) setFailed(readFailedUploads());
    };
    check();
    window.addEventListener(PENDING_UPLOADS_EVENT, check);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(PENDING_UPLOADS_EVENT, check);
      window.removeEventListener('storage', onStorage);
    };
  }, [enqueue]);

  return {
    progress,
    failed,
    retryFailed: () => enqueue(retryFailedUploads),
    discardFailed: () => {
      clearFailedUploads();
      setFailed([]);
    },
  };
}
