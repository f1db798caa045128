import { importArtifactsBodySchema } from '@core-vault/contracts';
import { authUser } from '@core-vault/platform/testing';
import { renderArtifact } from '../rendering/render';
import { planImport } from './import-plan';

const importer = authUser({ id: 'importer' });
const parse = (item: Record<string, unknown>) => {
  const first = importArtifactsBodySchema.parse({ artifacts: [item] }).artifacts[0];
  if (!first) throw new Error('no item');
  return first;
};
const exported = {
  id: 'old-id',
  title: 'Widget',
  description: 'About *it*',
  type: 'HTML',
  content: '<p>three</p><iframe src="https://evil.example"></iframe>',
  tags: ['a'],
  isPublic: true,
  allowNetwork: true,
  viewCount: 40,
  shareCount: 2,
  version: 7,
  versionCreatedAt: '2026-03-03T00:00:00.000Z',
  versionNote: 'Latest',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-03-04T00:00:00.000Z',
  versions: [
    {
      version: 5,
      title: 'Widget',
      type: 'HTML',
      content: '<p>five</p><a href="javascript:x()">y</a>',
      createdAt: '2026-02-01T00:00:00.000Z',
      note: null,
    },
    {
      version: 6,
      title: 'Old',
      type: 'MARKDOWN',
      content: '# six',
      createdAt: '2026-02-02T00:00:00.000Z',
      note: 'Six',
    },
  ],
};

describe('planImport', () => {
  it('makes a new artifact of the caller with counters at zero, visibility, dates and version numbers kept', () => {
    const { artifact, versions, omittedVersions } = planImport(importer, parse(exported), false);
    expect(artifact._id).not.toBe('old-id');
    expect(artifact).toMatchObject({
      owner: 'importer',
      title: 'Widget',
      description: 'About *it*',
      isPublic: true,
      allowNetwork: true,
      tags: ['a'],
      version: 7,
      versionInfo: { author: 'importer', note: 'Latest', restoredFrom: null },
      viewCount: 0,
      shareCount: 0,
      downloadCount: 0,
      rev: 1,
      deletedAt: null,
    });
    expect(artifact.createdAt.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(artifact.versionedAt.toISOString()).toBe('2026-03-03T00:00:00.000Z');
    expect(versions.map((v) => [v._id, v.version, v.note, v.author])).toEqual([
      [`${artifact._id}:5`, 5, null, 'importer'],
      [`${artifact._id}:6`, 6, 'Six', 'importer'],
    ]);
    // Each version stopped being current when the next one was made.
    expect(versions.map((v) => v.archivedAt.toISOString())).toEqual([
      '2026-02-02T00:00:00.000Z',
      '2026-03-03T00:00:00.000Z',
    ]);
    expect(omittedVersions).toBe(0);
  });

  it('renders every version again through the pipeline of create (the file is not trusted)', () => {
    const { artifact, versions } = planImport(importer, parse(exported), false);
    expect(artifact.rendered).toBe(renderArtifact('HTML', exported.content).rendered);
    expect(artifact.rendered).toContain('three');
    expect(artifact.rendered).not.toContain('<iframe');
    expect(versions[0]?.rendered).not.toContain('javascript:');
    expect(versions[1]?.type).toBe('MARKDOWN');
  });

  it('an artifact without history becomes version 1 unless the file says otherwise', () => {
    const { artifact, versions } = planImport(
      importer,
      parse({ title: '  ', type: 'MARKDOWN', content: '# x' }),
      false,
    );
    expect(artifact).toMatchObject({ title: 'Untitled', version: 1, isPublic: false, description: '' });
    expect(versions).toEqual([]);
  });

  it("copies the importer's search-engine setting and starts the activity at the file's creation", () => {
    const { artifact } = planImport(importer, parse(exported), true);
    expect(artifact.indexing).toBe(true);
    expect(artifact.activity).toEqual([
      { at: new Date('2026-01-01T00:00:00.000Z'), by: 'importer', kind: 'created', fields: [], version: 5 },
    ]);
  });

  it('carries what the SPA left out, for the partial report', () => {
    expect(planImport(importer, parse({ ...exported, omittedVersions: 3 }), false).omittedVersions).toBe(3);
  });

  it('publishes the versions the export marks published and the current one when public; older exports only the current one', () => {
    const marked = {
      ...exported,
      versions: [
        { ...exported.versions[0], published: true },
        { ...exported.versions[1], published: false },
      ],
    };
    expect(planImport(importer, parse(marked), false).artifact.publishedVersions).toEqual([5, 7]);
    expect(planImport(importer, parse(exported), false).artifact.publishedVersions).toEqual([7]);
    expect(
      planImport(importer, parse({ ...exported, isPublic: false }), false).artifact.publishedVersions,
    ).toEqual([]);
  });
});
