import { ARTIFACT_LIMITS, type Artifact } from '@core-vault/contracts';
import { ApiError, messageOf } from '../../lib/api/errors';
import {
  type FailedUpload,
  type PendingUpload,
  addFailedUploads,
  readFailedUploads,
  readPendingUploads,
  removeFailedUploads,
  removePendingUploads,
} from './pending-uploads';
import { HANDOFF_TEXTS } from './pending-uploads-texts';

/** The Web Lock every dashboard tab takes before it touches the hand-off entries. */
export const HANDOFF_LOCK = 'cv.pending-uploads';

/** Creates these artifacts in one call (the gateway's batch route; all or nothing). */
export type UploadBatch = (artifacts: PendingUpload[]) => Promise<Artifact[]>;

export interface RunOptions {
  upload: UploadBatch;
  /** Before each call: the last item of the batch being sent, of how many. */
  onProgress?: (uploading: number, total: number) => void;
  clock?: () => number;
}

export interface RunResult {
  /** How many items the run found (0: nothing to do). */
  total: number;
  created: Artifact[];
  failed: FailedUpload[];
  /** The session ended (401): what was not sent yet waits for the next sign-in. */
  signedOut: boolean;
}

/**
 * Runs `job` while holding the hand-off lock, so two dashboard tabs (or two runs in one tab) never
 * read the same items and upload them twice. Every browser the SPA supports has Web Locks; without
 * them the job runs as is (the caller still serialises its own runs).
 */
export async function withHandoffLock<T>(job: () => Promise<T>): Promise<T> {
  const locks = 'locks' in navigator ? navigator.locks : undefined;
  // The lock is held until the job's promise settles.
  return locks ? await locks.request(HANDOFF_LOCK, job) : await job();
}

const isSignedOut = (err: unknown) => err instanceof ApiError && err.status === 401;
// Refused for what is in it (400), or for its size together (413: each item may fit alone).
const isRejected = (err: unknown) => err instanceof ApiError && (err.status === 400 || err.status === 413);
const reasonOf = (err: unknown) => messageOf(err, HANDOFF_TEXTS.unknownReason);

interface Sink {
  saved: (batch: PendingUpload[]) => void;
  failed: (failures: FailedUpload[]) => void;
}

/**
 * Uploads `items` in order, in batches of the gateway's maximum. A batch refused as invalid or too
 * large (400, 413) is sent again item by item, so only the bad items fail; any other failure fails
 * the batch.
 */
async function uploadAll(items: PendingUpload[], opts: RunOptions, sink: Sink): Promise<RunResult> {
  const clock = opts.clock ?? Date.now;
  const result: RunResult = { total: items.length, created: [], failed: [], signedOut: false };
  const fail = (batch: PendingUpload[], err: unknown) => {
    const failures = batch.map((artifact) => ({ artifact, reason: reasonOf(err), failedAt: clock() }));
    result.failed.push(...failures);
    sink.failed(failures);
  };
  const send = async (batch: PendingUpload[]) => {
    const created = await opts.upload(batch);
    result.created.push(...created);
    sink.saved(batch);
  };
  for (let i = 0; i < items.length; i += ARTIFACT_LIMITS.batchMax) {
    const batch = items.slice(i, i + ARTIFACT_LIMITS.batchMax);
    opts.onProgress?.(i + batch.length, items.length);
    try {
      await send(batch);
    } catch (err) {
      if (isSignedOut(err)) return { ...result, signedOut: true };
      if (!isRejected(err) || batch.length === 1) {
        fail(batch, err);
        continue;
      }
      for (const item of batch) {
        try {
          await send([item]);
        } catch (itemErr) {
          if (isSignedOut(itemErr)) return { ...result, signedOut: true };
          fail([item], itemErr);
        }
      }
    }
  }
  return result;
}

/**
 * Uploads the extension's pending items (contract #19 §3). Each saved batch is removed from the
 * stored entry at once; a failed item moves to the failed list before it leaves the entry, so an
 * item is always in one of the two until it is saved.
 */
export function runPendingUploads(opts: RunOptions): Promise<RunResult> {
  const clock = opts.clock ?? Date.now;
  return withHandoffLock(() =>
    uploadAll(readPendingUploads(clock()), opts, {
      saved: (batch) => removePendingUploads(batch, clock()),
      failed: (failures) => {
        addFailedUploads(failures);
        removePendingUploads(
          failures.map((f) => f.artifact),
          clock(),
        );
      },
    }),
  );
}

/** "Retry failed": the failed list goes through the same upload; what fails again keeps its row. */
export function retryFailedUploads(opts: RunOptions): Promise<RunResult> {
  return withHandoffLock(() =>
    uploadAll(
      readFailedUploads().map((f) => f.artifact),
      opts,
      { saved: removeFailedUploads, failed: addFailedUploads },
    ),
  );
}
