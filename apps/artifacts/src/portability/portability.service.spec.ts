import { type Logger } from 'pino';
import { createArtifactBodySchema, importArtifactsBodySchema } from '@core-vault/contracts';
import { type OutboxRelayService } from '@core-vault/platform';
import { authUser } from '@core-vault/platform/testing';
import { ArtifactEvents } from '../artifacts/artifact-events';
import { newArtifact } from '../artifacts/artifact-state';
import { type RuntimePortability } from '../runtime/runtime-portability';
import { type SettingsRepository } from '../settings/settings.repository';
import {
  type PortabilityRepository,
  type StoredArtifact,
  type StoredVersion,
} from './portability.repository';
import { EXPORT_BATCH, PortabilityService } from './portability.service';

/** The service sees only the methods a fake gives; this is the one place that says so. */
const as = <T>(fake: Partial<T>): T => fake as T;

/** A cursor over a list that records whether it was closed. */
function cursor<T>(items: T[]) {
  const c = {
    closed: false,
    async *[Symbol.asyncIterator]() {
      for (const item of items) yield await Promise.resolve(item);
    },
    close: () => {
      c.closed = true;
      return Promise.resolve();
    },
  };
  return c;
}

const user = authUser({ id: 'u1', migratedFromUserId: 'old-u1' });
const doc = (title: string, version = 2): StoredArtifact => ({
  ...newArtifact(user, createArtifactBodySchema.parse({ title, type: 'MARKDOWN', content: `# ${title}` })),
  viewCount: 2,
  version,
});

function setup(opts: { artifacts?: StoredArtifact[]; failInsert?: string; collectionFull?: boolean } = {}) {
  const asked: { owners?: readonly string[]; inserted: string[]; versions: StoredVersion[] } = {
    inserted: [],
    versions: [],
  };
  const versionCursors: ReturnType<typeof cursor<StoredVersion>>[] = [];
  const all = opts.artifacts ?? [];
  const batches: (string | null)[] = [];
  const repo = as<PortabilityRepository>({
    listCollections: (owners) => {
      asked.owners = owners;
      return Promise.resolve([{ name: 'Charts', artifactIds: (opts.artifacts ?? []).map((a) => a._id) }]);
    },
    // The order is the array's; a batch starts after the position's id.
    artifactBatch: (_owners, after, limit) => {
      batches.push(after?.id ?? null);
      const start = after ? all.findIndex((a) => a._id === after.id) + 1 : 0;
      return Promise.resolve(all.slice(start, start + limit));
    },
    countArtifacts: () => Promise.resolve(all.length),
    versionCursor: (artifactId) => {
      const c = cursor<StoredVersion>([
        {
          _id: `${artifactId}:1`,
          artifactId,
          version: 1,
          title: 'Then',
          type: 'MARKDOWN',
          content: '# then',
          rendered: null,
          renderError: null,
          securityWarning: null,
          size: 6,
          createdAt: new Date('2026-01-01T00:00:00Z'),
          archivedAt: new Date('2026-01-02T00:00:00Z'),
          note: 'first',
        },
      ]);
      versionCursors.push(c);
      return c;
    },
    insertWithVersions: (artifact, versions) => {
      if (artifact.title === opts.failInsert) return Promise.reject(new Error('write failed'));
      asked.inserted.push(artifact.title);
      asked.versions.push(...versions);
      return Promise.resolve();
    },
    addToCollectionNamed: () => Promise.resolve(!opts.collectionFull),
  });
  const nudged: number[] = [];
  const service = new PortabilityService(
    repo,
    new ArtifactEvents(),
    as<SettingsRepository>({ allowsIndexing: () => Promise.resolve(false) }),
    as<OutboxRelayService>({ nudge: () => void nudged.push(1) }),
    // No runtime data (window.storage): the artifact-runtime int-spec covers export and import of it.
    as<RuntimePortability>({ exportOf: () => Promise.resolve(null), importInto: () => Promise.resolve(0) }),
    as<Logger>({ warn: () => undefined }),
  );
  return { service, asked, batches, versionCursors, nudged };
}

describe('PortabilityService export', () => {
  const exportLines = async (t: ReturnType<typeof setup>) => {
    const exp = await t.service.openExport(user);
    const out: string[] = [];
    await exp.writeTo((chunk) => Promise.resolve(void out.push(chunk)));
    const lines = out
      .join('')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    return { total: exp.total, lines };
  };

  it('writes every artifact of the caller and their migrated-from id, then the trailer, closing each cursor', async () => {
    const t = setup({ artifacts: [doc('A'), doc('B')] });
    const { total, lines } = await exportLines(t);
    expect(total).toBe(2);
    expect(t.asked.owners).toEqual(['u1', 'old-u1']);
    expect(lines.map((l) => l['title'] ?? l['end'])).toEqual(['A', 'B', { count: 2, totalViews: 4 }]);
    expect(lines[0]).toMatchObject({ collections: ['Charts'], versions: [{ version: 1, note: 'first' }] });
    expect(t.versionCursors.every((c) => c.closed)).toBe(true);
  });

  it('asks for earlier versions only of artifacts past their first version', async () => {
    const t = setup({ artifacts: [doc('A', 1), doc('B', 3)] });
    const { lines } = await exportLines(t);
    expect(lines.slice(0, 2).map((l) => [l['title'], (l['versions'] as unknown[]).length])).toEqual([
      ['A', 0],
      ['B', 1],
    ]);
    expect(t.versionCursors).toHaveLength(1);
  });

  it(`reads in batches of ${EXPORT_BATCH}, each after the last one's final artifact`, async () => {
    const many = Array.from({ length: EXPORT_BATCH * 2 + 1 }, (_, i) => doc(`T${i}`));
    const t = setup({ artifacts: many });
    const { total, lines } = await exportLines(t);
    expect(total).toBe(many.length);
    expect(lines.slice(0, -1).map((l) => l['title'])).toEqual(many.map((a) => a.title));
    expect(t.batches).toEqual([null, many[EXPORT_BATCH - 1]?._id, many[EXPORT_BATCH * 2 - 1]?._id]);
  });

  it('stops at a failed write without the trailer and still closes the cursors', async () => {
    const t = setup({ artifacts: [doc('A'), doc('B')] });
    const out: string[] = [];
    let writes = 0;
    const exp = await t.service.openExport(user);
    await expect(
      exp.writeTo((chunk) => {
        if (++writes > 3) return Promise.reject(new Error('client gone'));
        out.push(chunk);
        return Promise.resolve();
      }),
    ).rejects.toThrow('client gone');
    expect(out.join('')).not.toContain('"end"');
    expect(t.versionCursors.every((c) => c.closed)).toBe(true);
  });
});

describe('PortabilityService.import', () => {
  const body = (...items: Record<string, unknown>[]) =>
    importArtifactsBodySchema.parse({
      artifacts: items.map((over, i) => ({ title: `T${i}`, type: 'HTML', content: '<p>x</p>', ...over })),
    });

  it('reports each artifact: imported, partial with what was left out, failed when not stored', async () => {
    const t = setup({ failInsert: 'T1' });
    const { results } = await t.service.import(
      user,
      body({ id: 'a' }, { id: 'b' }, { id: 'c', omittedVersions: 2 }),
    );
    expect(results.map((r) => [r.sourceId, r.status, r.id === null])).toEqual([
      ['a', 'imported', false],
      ['b', 'failed', true],
      ['c', 'partial', false],
    ]);
    expect(results[1]?.message).toBe('It could not be stored. Nothing of it was kept; please try again.');
    expect(results[2]?.message).toBe(
      'Imported without its 2 oldest versions: together they are larger than one import request.',
    );
    expect(t.asked.inserted).toEqual(['T0', 'T2']);
    expect(t.nudged).toHaveLength(1);
  });

  it('says which collections it could not put an artifact into', async () => {
    const t = setup({ collectionFull: true });
    const { results } = await t.service.import(user, body({ collections: ['Charts', 'Demos'] }));
    expect(results[0]).toMatchObject({
      status: 'imported',
      message: 'Not added to "Charts", "Demos": the collection limit was reached.',
    });
  });
});
