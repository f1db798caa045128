import {
  FAILED_UPLOADS_KEY,
  HANDOFF_MAX_AGE_MS,
  PENDING_UPLOADS_KEY,
  addFailedUploads,
  clearFailedUploads,
  mergePendingUploads,
  readFailedUploads,
  readPendingUploads,
  removeFailedUploads,
  removePendingUploads,
  savePendingUploads,
} from './pending-uploads';

const item = { title: 'From the extension', type: 'HTML' as const, content: '<p>hello</p>' };

describe('extension hand-off', () => {
  beforeEach(() => localStorage.clear());

  it('hands over uploads younger than 5 minutes', () => {
    savePendingUploads([item], 1_000_000);
    expect(readPendingUploads(1_000_000 + HANDOFF_MAX_AGE_MS - 1)).toEqual([item]);
  });

  it('ignores and clears uploads 5 minutes old or older', () => {
    savePendingUploads([item], 1_000_000);
    expect(readPendingUploads(1_000_000 + HANDOFF_MAX_AGE_MS)).toEqual([]);
    expect(localStorage.getItem(PENDING_UPLOADS_KEY)).toBeNull();
  });

  it('clears unreadable entries and drops invalid items', () => {
    localStorage.setItem(PENDING_UPLOADS_KEY, '{not json');
    expect(readPendingUploads()).toEqual([]);
    expect(localStorage.getItem(PENDING_UPLOADS_KEY)).toBeNull();
    localStorage.setItem(
      PENDING_UPLOADS_KEY,
      JSON.stringify({ savedAt: Date.now(), artifacts: [item, { title: 'no content' }, 'junk'] }),
    );
    expect(readPendingUploads()).toEqual([item]);
  });

  it('refuses a save time in the future (a clock trick would keep it forever)', () => {
    savePendingUploads([item], 2_000_000);
    expect(readPendingUploads(1_000_000)).toEqual([]);
  });
});

const numbered = (n: number) => ({ title: `Item ${n}`, type: 'HTML' as const, content: `<p>${n}</p>` });
const stored = () =>
  JSON.parse(localStorage.getItem(PENDING_UPLOADS_KEY) ?? 'null') as {
    savedAt: number;
    artifacts: unknown[];
  } | null;

describe('extension hand-off: merge and remove-saved', () => {
  beforeEach(() => localStorage.clear());

  it('merges new items after the fresh ones and moves the save time to now', () => {
    savePendingUploads([numbered(1)], 1_000_000);
    mergePendingUploads([numbered(2)], 1_000_500);
    expect(stored()).toEqual({ savedAt: 1_000_500, artifacts: [numbered(1), numbered(2)] });
  });

  it('drops a stale entry before merging (its items are not revived)', () => {
    savePendingUploads([numbered(1)], 1_000_000);
    mergePendingUploads([numbered(2)], 1_000_000 + HANDOFF_MAX_AGE_MS);
    expect(stored()?.artifacts).toEqual([numbered(2)]);
  });

  it('removes exactly the saved items, keeping what was appended meanwhile and other copies', () => {
    const now = Date.now();
    savePendingUploads([numbered(1), numbered(2), numbered(1), numbered(3)], now);
    removePendingUploads([numbered(1), numbered(3), numbered(9)], now);
    expect(stored()).toEqual({ savedAt: now, artifacts: [numbered(2), numbered(1)] });
    removePendingUploads([numbered(2), numbered(1)], now);
    expect(localStorage.getItem(PENDING_UPLOADS_KEY)).toBeNull();
  });

  it('rewrites the entry without invalid items so they are not read again', () => {
    const now = Date.now();
    localStorage.setItem(PENDING_UPLOADS_KEY, JSON.stringify({ savedAt: now, artifacts: [item, 'junk'] }));
    readPendingUploads(now);
    expect(stored()).toEqual({ savedAt: now, artifacts: [item] });
  });
});

describe('extension hand-off: failed list', () => {
  beforeEach(() => localStorage.clear());
  const failure = (n: number, reason = 'Title is required.') => ({
    artifact: numbered(n),
    reason,
    failedAt: 1_000 + n,
  });

  it('keeps failures without expiry, one row per artifact with the latest reason', () => {
    addFailedUploads([failure(1), failure(2)]);
    addFailedUploads([failure(2, 'Network error. Please try again.')]);
    expect(readFailedUploads()).toEqual([failure(1), failure(2, 'Network error. Please try again.')]);
    expect(JSON.parse(localStorage.getItem(FAILED_UPLOADS_KEY) ?? '')).toHaveProperty('items');
  });

  it('removes retried items and clears on discard', () => {
    addFailedUploads([failure(1), failure(2)]);
    removeFailedUploads([numbered(1)]);
    expect(readFailedUploads()).toEqual([failure(2)]);
    clearFailedUploads();
    expect(readFailedUploads()).toEqual([]);
    expect(localStorage.getItem(FAILED_UPLOADS_KEY)).toBeNull();
  });

  it('clears an unreadable list and skips malformed rows', () => {
    localStorage.setItem(FAILED_UPLOADS_KEY, '{oops');
    expect(readFailedUploads()).toEqual([]);
    expect(localStorage.getItem(FAILED_UPLOADS_KEY)).toBeNull();
    localStorage.setItem(
      FAILED_UPLOADS_KEY,
      JSON.stringify({ items: [failure(1), { artifact: { title: 'x' }, reason: 'r', failedAt: 1 }, 7] }),
    );
    expect(readFailedUploads()).toEqual([failure(1)]);
  });
});
