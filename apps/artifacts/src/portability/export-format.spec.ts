import {
  createArtifactBodySchema,
  exportedArtifactSchema,
  importArtifactsBodySchema,
} from '@core-vault/contracts';
import { authUser } from '@core-vault/platform/testing';
import { newArtifact } from '../artifacts/artifact-state';
import {
  EXPORT_ARTIFACT_END,
  collectionNamesById,
  exportHead,
  exportTrailer,
  exportVersion,
} from './export-format';
import { planImport } from './import-plan';
import { type StoredVersion } from './portability.repository';

const doc = {
  ...newArtifact(
    authUser(),
    createArtifactBodySchema.parse({
      title: 'Now',
      type: 'MARKDOWN',
      content: '# now "quoted" ]}',
      tags: 'a,b',
    }),
  ),
  version: 3,
  viewCount: 4,
};
const version = (n: number, note?: string): StoredVersion => ({
  _id: `${doc._id}:${n}`,
  artifactId: doc._id,
  version: n,
  title: `v${n}`,
  type: 'MARKDOWN',
  content: `# ${n}`,
  rendered: null,
  renderError: null,
  securityWarning: null,
  size: 3,
  createdAt: new Date(`2026-01-0${n}T00:00:00Z`),
  archivedAt: new Date(`2026-01-0${n + 1}T00:00:00Z`),
  ...(note === undefined ? {} : { note }),
});

describe('export lines', () => {
  it('pieces make one JSON line per artifact, with its versions oldest first, that the import reads back', () => {
    const line =
      exportHead(doc, ['Charts']) +
      exportVersion(version(1), true, true) +
      exportVersion(version(2, 'Fix'), false) +
      EXPORT_ARTIFACT_END;
    expect(line.endsWith('\n')).toBe(true);
    expect(line.trimEnd()).not.toContain('\n');
    const parsed = exportedArtifactSchema.parse(JSON.parse(line));
    expect(parsed).toMatchObject({
      id: doc._id,
      title: 'Now',
      description: '',
      content: '# now "quoted" ]}',
      tags: ['a', 'b'],
      viewCount: 4,
      version: 3,
      collections: ['Charts'],
      versions: [
        { version: 1, note: null, author: null, published: true },
        { version: 2, note: 'Fix', published: false },
      ],
    });
    expect(importArtifactsBodySchema.safeParse({ artifacts: [parsed] }).success).toBe(true);
  });

  it('carries a pinned frame height, which the import takes back; an automatic one says nothing', () => {
    expect(JSON.parse(exportHead(doc, []) + EXPORT_ARTIFACT_END)).not.toHaveProperty('frameHeight');
    for (const frameHeight of [1_200, 'viewport'] as const) {
      const line = JSON.parse(exportHead({ ...doc, frameHeight }, []) + EXPORT_ARTIFACT_END) as unknown;
      expect(exportedArtifactSchema.parse(line).frameHeight).toBe(frameHeight);
      const item = importArtifactsBodySchema.parse({ artifacts: [line] }).artifacts[0]!;
      expect(planImport(authUser(), item, false).artifact.frameHeight).toBe(frameHeight);
    }
  });

  it('an artifact without earlier versions has an empty list', () => {
    expect(JSON.parse(exportHead(doc, []) + EXPORT_ARTIFACT_END)).toMatchObject({
      versions: [],
      collections: [],
    });
  });

  it('ends with a trailer line that counts what was written', () => {
    expect(JSON.parse(exportTrailer(2, 7))).toEqual({ end: { count: 2, totalViews: 7 } });
  });

  it('names every collection of an artifact once', () => {
    const names = collectionNamesById([
      { name: 'A', artifactIds: ['x', 'y'] },
      { name: 'B', artifactIds: ['x'] },
      { name: 'A', artifactIds: ['x'] },
    ]);
    expect(names.get('x')).toEqual(['A', 'B']);
    expect(names.get('y')).toEqual(['A']);
    expect(names.get('z')).toBeUndefined();
  });
});
