import { type ThumbnailerConfig } from '../config';
import { type ArtifactVersionsRepository, type CurrentVersionRef } from './artifact-versions.repository';
import { BackfillThumbnailsUseCase } from './backfill-thumbnails.usecase';
import { BACKFILL_GRACE_MS, BACKFILL_MAX_SCANNED, BACKFILL_PAGE } from './thumbnail-backfill';
import { type ThumbnailQueue } from './thumbnail.queue';
import { type ThumbnailsRepository } from './thumbnails.repository';

const NOW = new Date('2026-12-07T12:00:00Z');

/** `n` live artifacts, least recently changed first, as the repository walks them. */
function store(n: number, recorded: (i: number) => boolean) {
  const all: CurrentVersionRef[] = Array.from({ length: n }, (_, i) => ({
    artifactId: `a${String(i).padStart(6, '0')}`,
    owner: `u${i % 3}`,
    version: 1 + (i % 4),
    updatedAt: new Date(Date.UTC(2025, 0, 1) + i * 1000),
  }));
  const liveCurrentVersions = jest.fn(
    (before: Date, after: Pick<CurrentVersionRef, 'artifactId' | 'updatedAt'> | null, limit: number) => {
      const start = after ? all.findIndex((r) => r.artifactId === after.artifactId) + 1 : 0;
      return Promise.resolve(all.filter((r) => r.updatedAt < before).slice(start, start + limit));
    },
  );
  const ids = new Set(all.filter((_, i) => recorded(i)).map((r) => `${r.artifactId}:${r.version}`));
  const recordedVersions = jest.fn((rows: CurrentVersionRef[]) =>
    Promise.resolve(new Set(rows.map((r) => `${r.artifactId}:${r.version}`).filter((id) => ids.has(id)))),
  );
  const enqueue = jest.fn(() => Promise.resolve());
  const run = new BackfillThumbnailsUseCase(
    { liveCurrentVersions } as unknown as ArtifactVersionsRepository,
    { recordedVersions } as unknown as ThumbnailsRepository,
    { enqueue } as unknown as ThumbnailQueue,
    { THUMBNAIL_BACKFILL_BATCH: 100 } as ThumbnailerConfig,
  );
  return { run, all, enqueue, liveCurrentVersions };
}

describe('BackfillThumbnailsUseCase', () => {
  it('queues the oldest versions without a picture, a batch per pass, with the event path’s job data', async () => {
    const { run, all, enqueue } = store(1_200, (i) => i % 2 === 0);
    const first = await run.execute(null, NOW);
    expect(first.queued).toBe(100);
    expect(enqueue).toHaveBeenNthCalledWith(1, {
      artifactId: all[1]!.artifactId,
      ownerId: all[1]!.owner,
      version: all[1]!.version,
    });
    expect(enqueue).toHaveBeenLastCalledWith(expect.objectContaining({ artifactId: all[199]!.artifactId }));
    // The next pass goes on after the last one decided, not from the start again.
    expect(first.next).toEqual({ artifactId: all[199]!.artifactId, updatedAt: all[199]!.updatedAt });
    enqueue.mockClear();
    await run.execute(first.next, NOW);
    expect(enqueue).toHaveBeenNthCalledWith(1, expect.objectContaining({ artifactId: all[201]!.artifactId }));
  });

  it('starts over once the walk reached the end', async () => {
    const { run, enqueue } = store(30, (i) => i !== 7);
    const pass = await run.execute(null, NOW);
    expect(pass).toEqual({ queued: 1, scanned: 30, next: null });
    expect(enqueue).toHaveBeenCalledTimes(1);
  });

  it('reads at most BACKFILL_MAX_SCANNED rows when nearly everything has its picture', async () => {
    const { run, enqueue, all } = store(BACKFILL_MAX_SCANNED + 3 * BACKFILL_PAGE, () => true);
    const pass = await run.execute(null, NOW);
    expect(pass.scanned).toBe(BACKFILL_MAX_SCANNED);
    expect(pass.next).toEqual(
      expect.objectContaining({ artifactId: all[BACKFILL_MAX_SCANNED - 1]!.artifactId }),
    );
    expect(enqueue).not.toHaveBeenCalled();
  });

  it('leaves versions changed within the grace period to their events', async () => {
    const { run, liveCurrentVersions } = store(1, () => false);
    await run.execute(null, NOW);
    expect(liveCurrentVersions).toHaveBeenCalledWith(
      new Date(NOW.getTime() - BACKFILL_GRACE_MS),
      null,
      BACKFILL_PAGE,
    );
  });
});
