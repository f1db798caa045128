import { type ArtifactsRepository } from '../../../artifacts/artifacts.repository';
import { type SearchDocument, type SearchSource } from '../../search-document';
import { type SearchIndexAdmin } from '../../search-index.admin';
import { type ArtifactSearchRepository } from '../../search.repository';
import { RebuildSearchIndexCommand } from './rebuild-search-index.command';
import { RebuildSearchIndex } from './rebuild-search-index.usecase';

const as = <T>(fake: Partial<T>): T => fake as T;

const doc = (id: string, over: Partial<SearchSource> = {}): SearchSource => ({
  _id: id,
  owner: 'u1',
  title: id,
  description: '',
  content: '',
  tags: [],
  type: 'HTML',
  isPublic: false,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  updatedAt: new Date('2026-01-01T00:00:00Z'),
  rev: 1,
  deletedAt: null,
  ...over,
});

/** Indexes by name, the alias, and every call in order. */
function setup(live: SearchSource[], changedDuringLoad: SearchSource[], failBulk = false) {
  const log: string[] = [];
  const indexes = new Map<string, Map<string, SearchDocument>>([['idx-old', new Map()]]);
  let alias = 'idx-old';
  const artifacts = as<ArtifactsRepository>({
    async *streamForSearch(batchSize: number, changedSince?: Date) {
      const docs = changedSince ? changedDuringLoad : live;
      for (let i = 0; i < docs.length; i += batchSize)
        yield await Promise.resolve(docs.slice(i, i + batchSize));
    },
  });
  const search = as<ArtifactSearchRepository>({
    bulkUpsert: (index: string, docs: readonly SearchDocument[]) => {
      log.push(`bulk ${index} ${docs.map((d) => d.id).join(',')}`);
      if (failBulk) return Promise.reject(new Error('engine refused'));
      for (const d of docs) indexes.get(index)?.set(d.id, d);
      return Promise.resolve();
    },
    remove: (id: string, rev: number) => {
      log.push(`remove ${id}@${rev}`);
      indexes.get(alias)?.delete(id);
      return Promise.resolve();
    },
  });
  const admin = as<SearchIndexAdmin>({
    createIndex: () => {
      indexes.set('idx-new', new Map());
      log.push('create idx-new');
      return Promise.resolve('idx-new');
    },
    refresh: () => Promise.resolve(),
    liveIndex: () => Promise.resolve(alias),
    pointAliasAt: (index: string) => {
      log.push(`alias → ${index}`);
      const previous = [alias];
      alias = index;
      return Promise.resolve(previous);
    },
    dropIndex: (index: string) => {
      log.push(`drop ${index}`);
      indexes.delete(index);
      return Promise.resolve();
    },
  });
  return { rebuild: new RebuildSearchIndex(artifacts, search, admin), log, indexes, alias: () => alias };
}

describe('RebuildSearchIndex', () => {
  it('fills a fresh index in batches, moves the alias, re-applies changes made meanwhile, drops the old one', async () => {
    const t = setup([doc('a'), doc('b'), doc('c')], [doc('b', { rev: 2, deletedAt: new Date() }), doc('d')]);
    const progress: number[] = [];
    const report = await t.rebuild.execute(
      RebuildSearchIndexCommand.create({ batchSize: 2, onProgress: (n) => progress.push(n) }),
    );
    expect(t.log).toEqual([
      'create idx-new',
      'bulk idx-new a,b',
      'bulk idx-new c',
      'alias → idx-new',
      'bulk idx-new d',
      'remove b@2',
      'drop idx-old',
    ]);
    expect(progress).toEqual([2, 3]);
    expect(report).toEqual({ index: 'idx-new', indexed: 3, caughtUp: 2, replaced: ['idx-old'] });
    expect([...(t.indexes.get('idx-new')?.keys() ?? [])].sort()).toEqual(['a', 'c', 'd']);
  });

  it('on failure drops the half-built index and leaves the old one serving', async () => {
    const t = setup([doc('a')], [], true);
    await expect(t.rebuild.execute(RebuildSearchIndexCommand.create())).rejects.toThrow('engine refused');
    expect(t.alias()).toBe('idx-old');
    expect(t.log.at(-1)).toBe('drop idx-new');
    expect(t.indexes.has('idx-old')).toBe(true);
  });
});

describe('RebuildSearchIndexCommand', () => {
  it('bounds the batch size', () => {
    expect(RebuildSearchIndexCommand.create().batchSize).toBe(200);
    expect(() => RebuildSearchIndexCommand.create({ batchSize: 0 })).toThrow(RangeError);
    expect(() => RebuildSearchIndexCommand.create({ batchSize: 10_000 })).toThrow(RangeError);
  });
});
