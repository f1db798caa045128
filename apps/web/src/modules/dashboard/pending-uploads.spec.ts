import {
  HANDOFF_MAX_AGE_MS,
  PENDING_UPLOADS_KEY,
  readPendingUploads,
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
