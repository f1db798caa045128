import { type Artifact } from '@core-vault/contracts';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../lib/api/errors';
import {
  type PendingUpload,
  PENDING_UPLOADS_KEY,
  readFailedUploads,
  readPendingUploads,
  savePendingUploads,
} from './pending-uploads';
import { retryFailedUploads, runPendingUploads } from './pending-uploads-run';

const numbered = (n: number): PendingUpload => ({ title: `Item ${n}`, type: 'HTML', content: `<p>${n}</p>` });
const items = (n: number) => Array.from({ length: n }, (_, i) => numbered(i + 1));
const created = (a: PendingUpload) => ({ id: `id-${a.title}`, title: a.title }) as unknown as Artifact;

/** A gateway stand-in: records each batch; `refuse` decides which calls fail and how. */
function gateway(refuse: (batch: PendingUpload[]) => ApiError | undefined = () => undefined) {
  const batches: string[][] = [];
  const saved: string[] = [];
  const upload = (batch: PendingUpload[]) => {
    batches.push(batch.map((a) => a.title));
    const err = refuse(batch);
    if (err) return Promise.reject(err);
    saved.push(...batch.map((a) => a.title));
    return Promise.resolve(batch.map(created));
  };
  return { batches, saved, upload };
}

const invalid = new ApiError(400, 'VALIDATION_ERROR', 'Title is too long.');
const down = new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);

describe('runPendingUploads', () => {
  beforeEach(() => localStorage.clear());

  it('uploads 25 items in two ordered batches, reports progress and leaves nothing behind', async () => {
    savePendingUploads(items(25));
    const gw = gateway();
    const progress: string[] = [];
    const result = await runPendingUploads({
      upload: gw.upload,
      onProgress: (n, total) => progress.push(`${n}/${total}`),
    });
    expect(gw.batches.map((b) => b.length)).toEqual([20, 5]);
    expect(gw.saved).toEqual(items(25).map((a) => a.title));
    expect(progress).toEqual(['20/25', '25/25']);
    expect(result.created).toHaveLength(25);
    expect(localStorage.getItem(PENDING_UPLOADS_KEY)).toBeNull();
  });

  it('removes each batch as soon as it is saved, and only that batch', async () => {
    savePendingUploads(items(25));
    const seen: number[] = [];
    await runPendingUploads({
      upload: (batch) => {
        seen.push(readPendingUploads().length);
        return Promise.resolve(batch.map(created));
      },
    });
    expect(seen).toEqual([25, 5]);
  });

  it('keeps items the extension appends during the upload', async () => {
    savePendingUploads(items(3));
    await runPendingUploads({
      upload: (batch) => {
        savePendingUploads([...items(3), numbered(99)]);
        return Promise.resolve(batch.map(created));
      },
    });
    expect(readPendingUploads()).toEqual([numbered(99)]);
  });

  it('moves a batch that failed on the network to the failed list, the other batch still arrives', async () => {
    savePendingUploads(items(25));
    const gw = gateway((batch) => (batch.length === 20 ? down : undefined));
    const result = await runPendingUploads({ upload: gw.upload });
    expect(gw.saved).toEqual(
      items(25)
        .slice(20)
        .map((a) => a.title),
    );
    expect(result.failed).toHaveLength(20);
    expect(readFailedUploads().map((f) => [f.artifact.title, f.reason])).toEqual(
      items(20).map((a) => [a.title, NETWORK_ERROR_MESSAGE]),
    );
    expect(localStorage.getItem(PENDING_UPLOADS_KEY)).toBeNull();
  });

  it('retries a refused (400) batch item by item, so only the bad item fails', async () => {
    savePendingUploads(items(5));
    const gw = gateway((batch) => (batch.some((a) => a.title === 'Item 3') ? invalid : undefined));
    await runPendingUploads({ upload: gw.upload });
    expect(gw.batches).toEqual([
      ['Item 1', 'Item 2', 'Item 3', 'Item 4', 'Item 5'],
      ['Item 1'],
      ['Item 2'],
      ['Item 3'],
      ['Item 4'],
      ['Item 5'],
    ]);
    expect(gw.saved).toEqual(['Item 1', 'Item 2', 'Item 4', 'Item 5']);
    expect(readFailedUploads().map((f) => [f.artifact.title, f.reason])).toEqual([
      ['Item 3', 'Title is too long.'],
    ]);
  });

  it('sends a batch too large together (413) item by item', async () => {
    savePendingUploads(items(3));
    const tooLarge = new ApiError(413, 'PAYLOAD_TOO_LARGE', 'Request body too large.');
    const gw = gateway((batch) => (batch.length > 1 ? tooLarge : undefined));
    const result = await runPendingUploads({ upload: gw.upload });
    expect(gw.saved).toEqual(['Item 1', 'Item 2', 'Item 3']);
    expect(result.failed).toEqual([]);
  });

  it('stops when the session ended: what was not saved waits for the next sign-in', async () => {
    savePendingUploads(items(25));
    const gw = gateway((batch) =>
      batch.length === 5 ? new ApiError(401, 'UNAUTHORIZED', 'Not signed in') : undefined,
    );
    const result = await runPendingUploads({ upload: gw.upload });
    expect(result.signedOut).toBe(true);
    expect(readPendingUploads()).toEqual(items(25).slice(20));
    expect(readFailedUploads()).toEqual([]);
  });

  it('does nothing when there is nothing fresh', async () => {
    const gw = gateway();
    expect((await runPendingUploads({ upload: gw.upload })).total).toBe(0);
    expect(gw.batches).toEqual([]);
  });
});

describe('retryFailedUploads', () => {
  beforeEach(() => localStorage.clear());

  it('saves what now works and keeps what fails again with the new reason', async () => {
    savePendingUploads(items(3));
    await runPendingUploads({ upload: gateway(() => down).upload });
    expect(readFailedUploads()).toHaveLength(3);
    const gw = gateway((batch) => (batch.some((a) => a.title === 'Item 2') ? invalid : undefined));
    const result = await retryFailedUploads({ upload: gw.upload });
    expect(result.created.map((a) => a.title)).toEqual(['Item 1', 'Item 3']);
    expect(readFailedUploads().map((f) => [f.artifact.title, f.reason])).toEqual([
      ['Item 2', 'Title is too long.'],
    ]);
  });
});
