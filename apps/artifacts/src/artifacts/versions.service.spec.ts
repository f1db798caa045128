import { createArtifactBodySchema } from '@core-vault/contracts';
import { newArtifact } from './artifact-state';
import { type ArtifactDoc, type ArtifactVersionDoc } from './artifact.schema';
import { type ArtifactsRepository } from './artifacts.repository';
import { type ArtifactsService } from './artifacts.service';
import { type VersionSummaryDoc, type VersionsRepository } from './versions.repository';
import { VersionsService } from './versions.service';
import { authUser, errorCode } from '@core-vault/platform/testing';

/** The service sees only the methods a fake gives; this is the one place that says so. */
const as = <T>(fake: Partial<T>): T => fake as T;

const owner = authUser();
const current = {
  ...newArtifact(owner, createArtifactBodySchema.parse({ title: 'Now', type: 'MARKDOWN', content: '# now' })),
  version: 2,
};
const v1: ArtifactVersionDoc = {
  _id: `${current._id}:1`,
  artifactId: current._id,
  version: 1,
  title: 'Then',
  type: 'MARKDOWN',
  content: '# then',
  rendered: '<h1>then</h1>',
  renderError: null,
  securityWarning: null,
  size: 6,
  author: 'u1',
  note: 'first draft',
  restoredFrom: null,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  archivedAt: new Date('2026-02-01T00:00:00Z'),
};
/** Before #18 a version had no author, note or origin. */
const v0: VersionSummaryDoc = {
  ...v1,
  _id: `${current._id}:0`,
  version: 0,
  author: undefined,
  note: undefined,
};

function service(doc: ArtifactDoc = current) {
  const reads: number[] = [];
  const versions = as<VersionsRepository>({
    list: (): Promise<VersionSummaryDoc[]> => Promise.resolve([v1, v0]),
    get: (_id: string, version: number) => {
      reads.push(version);
      return Promise.resolve(version === 1 ? v1 : null);
    },
  });
  // Access (owner/admin, 404/403) is ArtifactsService.loadManageable's decision, specified there.
  const access = as<ArtifactsService>({ loadManageable: () => Promise.resolve(doc) });
  const artifacts = as<ArtifactsRepository>({
    findActivity: () =>
      Promise.resolve([
        { at: new Date('2026-01-01T00:00:00Z'), by: 'u1', kind: 'created' as const, fields: [], version: 1 },
        {
          at: new Date('2026-01-02T00:00:00Z'),
          by: 'u1',
          kind: 'edited' as const,
          fields: ['title'],
          version: null,
        },
      ]),
  });
  return { versions: new VersionsService(access, artifacts, versions), reads };
}

describe('VersionsService', () => {
  it('lists the current version first, then the kept ones', async () => {
    const { versions } = service();
    const { versions: list } = await versions.list(owner, current._id);
    expect(list.map((v) => [v.version, v.title, v.current])).toEqual([
      [2, 'Now', true],
      [1, 'Then', false],
      [0, 'Then', false],
    ]);
    expect(list[1]).toMatchObject({
      createdAt: '2026-01-01T00:00:00.000Z',
      author: 'u1',
      note: 'first draft',
    });
    expect(list[0]).toMatchObject({ author: 'u1', note: null, restoredFrom: null });
    expect(list[2]).toMatchObject({ author: null, note: null, restoredFrom: null });
  });

  it('says which versions anyone may read while the artifact is public', async () => {
    const { versions } = service({ ...current, isPublic: true, publishedVersions: [2] });
    const { versions: list } = await versions.list(owner, current._id);
    expect(list.map((v) => [v.version, v.published])).toEqual([
      [2, true],
      [1, false],
      [0, false],
    ]);
    expect((await versions.get(owner, current._id, '1')).version.published).toBe(false);
    // Private and never public: nothing is published yet.
    const closed = service();
    expect((await closed.versions.list(owner, current._id)).versions.map((v) => v.published)).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('lists the activity newest first', async () => {
    const { versions } = service();
    expect((await versions.activity(owner, current._id)).activity).toEqual([
      { at: '2026-01-02T00:00:00.000Z', by: 'u1', kind: 'edited', fields: ['title'], version: null },
      { at: '2026-01-01T00:00:00.000Z', by: 'u1', kind: 'created', fields: [], version: 1 },
    ]);
  });

  it('answers the current version from the artifact itself and older ones from the history', async () => {
    const { versions, reads } = service();
    expect((await versions.get(owner, current._id, '2')).version).toMatchObject({
      current: true,
      content: '# now',
    });
    expect(reads).toEqual([]);
    expect((await versions.get(owner, current._id, '1')).version).toMatchObject({
      current: false,
      content: '# then',
      rendered: '<h1>then</h1>',
    });
  });

  it.each(['0', '3', '1.5', '01', 'latest', '9999999999'])('answers 404 for version %s', async (v) => {
    const { versions } = service();
    expect(await errorCode(versions.get(owner, current._id, v))).toBe('VERSION_NOT_FOUND');
  });
});
