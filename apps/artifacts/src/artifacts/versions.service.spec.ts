import { createArtifactBodySchema } from '@core-vault/contracts';
import { newArtifact } from './artifact-state';
import { type ArtifactVersionDoc } from './artifact.schema';
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
  createdAt: new Date('2026-01-01T00:00:00Z'),
  archivedAt: new Date('2026-02-01T00:00:00Z'),
};

function service() {
  const reads: number[] = [];
  const versions = as<VersionsRepository>({
    list: (): Promise<VersionSummaryDoc[]> => Promise.resolve([v1]),
    get: (_id: string, version: number) => {
      reads.push(version);
      return Promise.resolve(version === 1 ? v1 : null);
    },
  });
  // Access (owner/admin, 404/403) is ArtifactsService.loadManageable's decision, specified there.
  const artifacts = as<ArtifactsService>({ loadManageable: () => Promise.resolve(current) });
  return { versions: new VersionsService(artifacts, versions), reads };
}

describe('VersionsService', () => {
  it('lists the current version first, then the kept ones', async () => {
    const { versions } = service();
    const { versions: list } = await versions.list(owner, current._id);
    expect(list.map((v) => [v.version, v.title, v.current])).toEqual([
      [2, 'Now', true],
      [1, 'Then', false],
    ]);
    expect(list[1]?.createdAt).toBe('2026-01-01T00:00:00.000Z');
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
