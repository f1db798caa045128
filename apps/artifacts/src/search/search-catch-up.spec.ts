import { errors } from '@opensearch-project/opensearch';
import { type Logger } from 'pino';
import { type ArtifactsRepository } from '../artifacts/artifacts.repository';
import { type SearchSource } from './search-document';
import { type ArtifactsConfig } from '../config';
import { type MissedChanges, type SearchBacklogRepository } from './search-backlog.repository';
import { SearchCatchUp } from './search-catch-up';
import { type ArtifactSearchRepository } from './search.repository';

const as = <T>(fake: Partial<T>): T => fake as T;

const doc = (id: string, deleted = false): SearchSource => ({
  _id: id,
  owner: 'u1',
  title: id,
  description: '',
  content: '',
  tags: [],
  type: 'HTML',
  isPublic: false,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  updatedAt: new Date('2026-01-02T00:00:00Z'),
  rev: 3,
  deletedAt: deleted ? new Date('2026-01-02T00:00:00Z') : null,
});

/** The note as SearchBacklogRepository keeps it in MongoDB: earliest change, count of misses. */
class MemoryBacklog {
  note: MissedChanges | null = null;

  noteMissed(_alias: string, changedAt: Date): Promise<void> {
    const since = this.note && this.note.since < changedAt ? this.note.since : changedAt;
    this.note = { since, seq: (this.note?.seq ?? 0) + 1 };
    return Promise.resolve();
  }

  missed(): Promise<MissedChanges | null> {
    return Promise.resolve(this.note && { ...this.note });
  }

  settle(_alias: string, seen: MissedChanges): Promise<boolean> {
    if (this.note?.seq !== seen.seq) return Promise.resolve(false);
    this.note = null;
    return Promise.resolve(true);
  }
}

function setup(failures: number, backlog = new MemoryBacklog()) {
  const asked: Date[] = [];
  const written: string[] = [];
  let left = failures;
  let duringSync: (() => Promise<void>) | undefined;
  const catchUp = new SearchCatchUp(
    as<ArtifactsRepository>({
      async *streamForSearch(_batch: number, since?: Date) {
        asked.push(since ?? new Date(0));
        yield await Promise.resolve([doc('a'), doc('b', true)]);
      },
    }),
    as<ArtifactSearchRepository>({
      // One bulk request per batch: live ones indexed, deleted ones removed (sync decides).
      sync: async (docs) => {
        if (left-- > 0) throw new errors.ConnectionError('down', undefined);
        await duringSync?.();
        for (const d of docs) written.push(`${d.deletedAt ? 'remove' : 'upsert'} ${d._id}@${d.rev}`);
      },
    }),
    as<SearchBacklogRepository>(backlog),
    as<ArtifactsConfig>({ SEARCH_INDEX: 'cv-artifacts' }),
    as<Logger>({ info: () => undefined, warn: () => undefined, error: () => undefined }),
  );
  return {
    catchUp,
    asked,
    written,
    backlog,
    onSync: (fn: () => Promise<void>) => (duringSync = fn),
  };
}

describe('SearchCatchUp', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('re-indexes everything changed since the earliest missed change, deletions included', async () => {
    const t = setup(0);
    await t.catchUp.missed(new Date('2026-01-03T00:00:00Z'));
    await t.catchUp.missed(new Date('2026-01-02T00:00:00Z'));
    await t.catchUp.missed(new Date('2026-01-04T00:00:00Z'));
    expect(await t.catchUp.pending()).toBe(true);
    await jest.advanceTimersByTimeAsync(2_000);
    expect(t.asked).toEqual([new Date('2026-01-02T00:00:00Z')]);
    expect(t.written).toEqual(['upsert a@3', 'remove b@3']);
    expect(await t.catchUp.pending()).toBe(false);
  });

  it('keeps trying while the engine is still away', async () => {
    const t = setup(2);
    await t.catchUp.missed(new Date('2026-01-02T00:00:00Z'));
    await jest.advanceTimersByTimeAsync(2_000);
    expect(await t.catchUp.pending()).toBe(true);
    await jest.advanceTimersByTimeAsync(4_000);
    expect(t.written).toEqual(['upsert a@3', 'remove b@3']);
    expect(t.asked).toHaveLength(3);
    expect(await t.catchUp.pending()).toBe(false);
  });

  it('picks up a note left before a restart, without a new miss', async () => {
    const backlog = new MemoryBacklog();
    await backlog.noteMissed('cv-artifacts', new Date('2026-01-02T00:00:00Z'));
    const t = setup(0, backlog);
    t.catchUp.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(2_000);
    expect(t.asked).toEqual([new Date('2026-01-02T00:00:00Z')]);
    expect(await t.catchUp.pending()).toBe(false);
    t.catchUp.onApplicationShutdown();
  });

  it('keeps a miss noted while it was catching up, and runs again for it', async () => {
    const t = setup(0);
    await t.catchUp.missed(new Date('2026-01-02T00:00:00Z'));
    t.onSync(async () => {
      t.onSync(() => Promise.resolve());
      await t.catchUp.missed(new Date('2026-01-05T00:00:00Z'));
    });
    await jest.advanceTimersByTimeAsync(2_000);
    expect(await t.catchUp.pending()).toBe(true);
    await jest.advanceTimersByTimeAsync(2_000);
    expect(t.asked).toEqual([new Date('2026-01-02T00:00:00Z'), new Date('2026-01-02T00:00:00Z')]);
    expect(await t.catchUp.pending()).toBe(false);
  });

  it('looks for notes another instance left, also when it noted none', async () => {
    const t = setup(0);
    t.catchUp.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(2_000);
    expect(t.asked).toEqual([]);
    await t.backlog.noteMissed('cv-artifacts', new Date('2026-01-06T00:00:00Z'));
    await jest.advanceTimersByTimeAsync(30_000);
    expect(t.asked).toEqual([new Date('2026-01-06T00:00:00Z')]);
    t.catchUp.onApplicationShutdown();
  });
});
