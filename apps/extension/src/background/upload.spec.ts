import { CoreVaultApiError } from '@core-vault/api-client';
import { type SaveItem } from '../shared/artifact';
import { failureKind, uploadItems, type ArtifactsApi } from './upload';

const item = (n: number, content = `content ${n}`): SaveItem => ({
  key: `k${n}`,
  artifact: { title: `T${n}`, type: 'HTML', content },
});
const VAULT = 'https://vault.test';

/** A fake API: batches of `batch`, refusing content "bad" with 400 and throwing `fail` on batch `failAt`. */
function fakeApi(
  opts: { batch?: number; failAt?: number; fail?: CoreVaultApiError } = {},
): ArtifactsApi & { created: string[] } {
  const created: string[] = [];
  const batch = opts.batch ?? 20;
  const create = (content: string) => {
    if (content === 'bad') throw new CoreVaultApiError(400, 'VALIDATION_FAILED', 'Content is bad.');
    created.push(content);
    return { id: `id-${created.length}`, title: content };
  };
  return {
    created,
    createArtifact: (body) => Promise.resolve().then(() => create(body.content)),
    createArtifacts: async (bodies, onBatch) => {
      await Promise.resolve();
      const out: { id: string; title: string }[] = [];
      for (let start = 0, n = 0; start < bodies.length; start += batch, n++) {
        if (n === opts.failAt && opts.fail) throw opts.fail;
        const slice = bodies.slice(start, start + batch);
        if (slice.some((b) => b.content === 'bad'))
          throw new CoreVaultApiError(400, 'VALIDATION_FAILED', 'Batch refused.');
        const saved = slice.map((b) => create(b.content));
        out.push(...saved);
        onBatch?.({ saved });
      }
      return out;
    },
  };
}

describe('failureKind', () => {
  it('sorts refusals of the key, of the items, and what a retry may fix', () => {
    expect(failureKind(new CoreVaultApiError(401, 'UNAUTHORIZED', 'x'))).toBe('auth');
    expect(failureKind(new CoreVaultApiError(403, 'FORBIDDEN', 'x'))).toBe('auth');
    expect(failureKind(new CoreVaultApiError(400, 'VALIDATION_FAILED', 'x'))).toBe('validation');
    expect(failureKind(new CoreVaultApiError(0, 'NETWORK_ERROR', 'x'))).toBe('retryable');
    expect(failureKind(new CoreVaultApiError(429, 'RATE_LIMITED', 'x', 30))).toBe('retryable');
    expect(failureKind(new CoreVaultApiError(503, 'UNAVAILABLE', 'x'))).toBe('retryable');
    expect(failureKind(new Error('boom'))).toBe('retryable');
  });
});

describe('uploadItems', () => {
  it('saves every item in order with its view link', async () => {
    const api = fakeApi({ batch: 2 });
    const out = await uploadItems(api, [item(1), item(2), item(3)], VAULT);
    expect(out.keep).toEqual([]);
    expect(out.results.map((r) => (r.status === 'saved' ? r.url : r.status))).toEqual([
      `${VAULT}/view/id-1`,
      `${VAULT}/view/id-2`,
      `${VAULT}/view/id-3`,
    ]);
  });

  it('keeps only the items after the last saved batch when the vault becomes unreachable', async () => {
    const api = fakeApi({ batch: 2, failAt: 1, fail: new CoreVaultApiError(0, 'NETWORK_ERROR', 'offline') });
    const out = await uploadItems(api, [item(1), item(2), item(3), item(4)], VAULT);
    expect(out.results.map((r) => r.status)).toEqual(['saved', 'saved', 'queued', 'queued']);
    expect(out.keep).toEqual([{ items: [item(3), item(4)], reason: 'The vault could not be reached.' }]);
  });

  it('tries a refused batch item by item: the bad item fails, the others are saved', async () => {
    const api = fakeApi();
    const out = await uploadItems(api, [item(1), item(2, 'bad'), item(3)], VAULT);
    expect(out.results.map((r) => r.status)).toEqual(['saved', 'failed', 'saved']);
    expect(out.results[1]).toEqual({ key: 'k2', status: 'failed', reason: 'Content is bad.' });
    expect(api.created).toEqual(['content 1', 'content 3']);
    expect(out.keep).toEqual([]);
  });

  it('keeps everything for the hand-off when the key is refused', async () => {
    const api = fakeApi({ failAt: 0, fail: new CoreVaultApiError(401, 'UNAUTHORIZED', 'no') });
    const out = await uploadItems(api, [item(1), item(2)], VAULT);
    expect(out.results.every((r) => r.status === 'queued')).toBe(true);
    expect(out.keep[0]?.items).toHaveLength(2);
  });
});
