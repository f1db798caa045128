import { errors } from '@opensearch-project/opensearch';
import { type Logger } from 'pino';
import { type ArtifactsRepository } from '../artifacts/artifacts.repository';
import { type SearchSource } from './search-document';
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

function setup(failures: number) {
  const asked: Date[] = [];
  const written: string[] = [];
  let left = failures;
  const catchUp = new SearchCatchUp(
    as<ArtifactsRepository>({
      async *streamForSearch(_batch: number, since?: Date) {
        asked.push(since ?? new Date(0));
        yield await Promise.resolve([doc('a'), doc('b', true)]);
      },
    }),
    as<ArtifactSearchRepository>({
      // One bulk request per batch: live ones indexed, deleted ones removed (sync decides).
      sync: (docs) => {
        if (left-- > 0) return Promise.reject(new errors.ConnectionError('down', undefined));
        for (const d of docs) written.push(`${d.deletedAt ? 'remove' : 'upsert'} ${d._id}@${d.rev}`);
        return Promise.resolve();
      },
    }),
    as<Logger>({ info: () => undefined, error: () => undefined }),
  );
  return { catchUp, asked, written };
}

describe('SearchCatchUp', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('re-indexes everything changed since the earliest missed change, deletions included', async () => {
    const t = setup(0);
    t.catchUp.missed(new Date('2026-01-03T00:00:00Z'));
    t.catchUp.missed(new Date('2026-01-02T00:00:00Z'));
    t.catchUp.missed(new Date('2026-01-04T00:00:00Z'));
    expect(t.catchUp.pending).toBe(true);
    await jest.advanceTimersByTimeAsync(2_000);
    expect(t.asked).toEqual([new Date('2026-01-02T00:00:00Z')]);
    expect(t.written).toEqual(['upsert a@3', 'remove b@3']);
    expect(t.catchUp.pending).toBe(false);
  });

  it('keeps trying while the engine is still away', async () => {
    const t = setup(2);
    t.catchUp.missed(new Date('2026-01-02T00:00:00Z'));
    await jest.advanceTimersByTimeAsync(2_000);
    expect(t.catchUp.pending).toBe(true);
    await jest.advanceTimersByTimeAsync(4_000);
    expect(t.written).toEqual(['upsert a@3', 'remove b@3']);
    expect(t.asked).toHaveLength(3);
    expect(t.catchUp.pending).toBe(false);
  });
});
