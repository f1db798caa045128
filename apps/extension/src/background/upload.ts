import { CoreVaultApiError } from '@core-vault/api-client';
import { viewUrl, type ArtifactInput, type SaveItem, type SaveResult } from '../shared/artifact';

/** What a failure means for the items: the key is bad, the items are bad, or a later try may work. */
export type FailureKind = 'auth' | 'validation' | 'retryable';

export function failureKind(err: unknown): FailureKind {
  if (!(err instanceof CoreVaultApiError)) return 'retryable';
  if (err.status === 401 || err.status === 403) return 'auth';
  if (err.status === 400 || err.status === 413 || err.status === 422) return 'validation';
  return 'retryable'; // network (0), 429, 5xx: the same items may go through later
}

/** The sentence the popup shows for a failure. */
export function failureReason(err: unknown): string {
  if (!(err instanceof CoreVaultApiError)) return 'The upload failed unexpectedly.';
  if (err.status === 0) return 'The vault could not be reached.';
  if (err.status === 401 || err.status === 403)
    return 'The vault did not accept the saved key (revoked or expired?). Connect the extension again.';
  if (err.status === 429)
    return err.retryAfterSeconds !== undefined
      ? `Too many saves at once. Try again in ${err.retryAfterSeconds} s.`
      : 'Too many saves at once. Try again in a minute.';
  return err.message;
}

/** The part of CoreVaultClient an upload uses (a fake in the spec). */
export interface ArtifactsApi {
  createArtifact(body: ArtifactInput): Promise<SavedArtifact>;
  createArtifacts(
    bodies: readonly ArtifactInput[],
    onBatch?: (progress: { saved: SavedArtifact[] }) => void,
  ): Promise<unknown>;
}
interface SavedArtifact {
  id: string;
  title: string;
}

export interface UploadOutcome {
  /** One result per item, in the items' order. */
  results: SaveResult[];
  /** Items to keep for a later try or the hand-off to the vault tab, with why. */
  keep: { items: SaveItem[]; reason: string }[];
}

/**
 * Uploads in the client's batches. Each saved batch is final (the client tells us batch by
 * batch), so a failure keeps exactly the items not saved yet. A refused batch (400) is tried
 * item by item to tell the bad items from the good ones; a refused key or an unreachable vault
 * keeps the rest for the hand-off, since the same items may be saved another way.
 */
export async function uploadItems(
  api: ArtifactsApi,
  items: SaveItem[],
  vaultOrigin: string,
): Promise<UploadOutcome> {
  const results = new Map<string, SaveResult>();
  const keep: UploadOutcome['keep'] = [];
  let done = 0;
  const saved = (item: SaveItem, artifact: SavedArtifact): SaveResult => ({
    key: item.key,
    status: 'saved',
    id: artifact.id,
    title: artifact.title,
    url: viewUrl(vaultOrigin, artifact.id),
  });
  try {
    await api.createArtifacts(
      items.map((i) => i.artifact),
      ({ saved: batch }) => {
        batch.forEach((artifact, n) => {
          const item = items[done + n];
          if (item) results.set(item.key, saved(item, artifact));
        });
        done += batch.length;
      },
    );
  } catch (err) {
    const rest = items.slice(done);
    if (failureKind(err) === 'validation') {
      for (const item of rest) {
        try {
          results.set(item.key, saved(item, await api.createArtifact(item.artifact)));
        } catch (itemErr) {
          const reason = failureReason(itemErr);
          if (failureKind(itemErr) === 'validation')
            results.set(item.key, { key: item.key, status: 'failed', reason });
          else {
            results.set(item.key, { key: item.key, status: 'queued', reason });
            keep.push({ items: [item], reason });
          }
        }
      }
    } else {
      const reason = failureReason(err);
      for (const item of rest) results.set(item.key, { key: item.key, status: 'queued', reason });
      keep.push({ items: rest, reason });
    }
  }
  return {
    results: items.map(
      (i) =>
        results.get(i.key) ?? {
          key: i.key,
          status: 'failed',
          reason: 'The vault did not answer for this item.',
        },
    ),
    keep,
  };
}
