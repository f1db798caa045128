import { ARTIFACT_LIMITS, ARTIFACT_MESSAGES } from './artifact-limits';
import { PORTABILITY_LIMITS, PORTABILITY_MESSAGES, importArtifactsBodySchema } from './portability-dto';

const item = (over: Record<string, unknown> = {}) => ({
  id: 'src-1',
  title: 'Chart',
  type: 'HTML',
  content: '<p>now</p>',
  version: 3,
  versions: [
    {
      version: 1,
      title: 'Chart',
      type: 'HTML',
      content: '<p>one</p>',
      createdAt: '2026-01-01T00:00:00.000Z',
      note: null,
    },
    {
      version: 2,
      title: 'Chart',
      type: 'HTML',
      content: '<p>two</p>',
      createdAt: '2026-01-02T00:00:00.000Z',
      note: 'Fix',
    },
  ],
  ...over,
});

/** The first issue's path and message, as the 400 names them. */
function firstIssue(body: unknown): { path: string; message: string } | null {
  const r = importArtifactsBodySchema.safeParse(body);
  if (r.success) return null;
  const issue = r.error.issues[0];
  return issue ? { path: issue.path.join('.'), message: issue.message } : null;
}

describe('importArtifactsBodySchema', () => {
  it('reads an exported artifact, ignoring what the import does not use (counters, authors)', () => {
    const r = importArtifactsBodySchema.parse({
      artifacts: [item({ viewCount: 9, versionAuthor: 'someone-else', somethingNewer: true })],
    });
    expect(r.artifacts[0]).not.toHaveProperty('viewCount');
    expect(r.artifacts[0]?.versions?.map((v) => v.version)).toEqual([1, 2]);
  });

  it('refuses a file that is not an export, an empty one, and more than one request holds', () => {
    expect(firstIssue({ items: [] })?.message).toBeDefined();
    expect(firstIssue({ artifacts: 'x' })?.message).toBe(PORTABILITY_MESSAGES.notAnExport);
    expect(firstIssue({ artifacts: [] })?.message).toBe(PORTABILITY_MESSAGES.importEmpty);
    const many = Array.from({ length: PORTABILITY_LIMITS.importRequestMaxArtifacts + 1 }, () => item());
    expect(firstIssue({ artifacts: many })?.message).toBe(PORTABILITY_MESSAGES.importTooMany);
  });

  it.each([
    ['versions out of order', item({ versions: [...item().versions].reverse() }), 'artifacts.0.versions'],
    ['a version not older than the current', item({ version: 2 }), 'artifacts.0.versions'],
  ])('names the artifact and the field: %s', (_, bad, path) => {
    expect(firstIssue({ artifacts: [item(), bad] })).toEqual({
      path: path.replace('0', '1'),
      message: PORTABILITY_MESSAGES.versionsOrder,
    });
  });

  it.each([
    ['empty content', { content: '  ' }, ARTIFACT_MESSAGES.contentRequired],
    [
      'content over the limit',
      { content: 'x'.repeat(ARTIFACT_LIMITS.contentMaxChars + 1) },
      ARTIFACT_MESSAGES.contentTooLarge,
    ],
    [
      'a long description',
      { description: 'd'.repeat(ARTIFACT_LIMITS.descriptionMaxChars + 1) },
      ARTIFACT_MESSAGES.descriptionTooLong,
    ],
    ['a date that is no date', { createdAt: 'yesterday' }, PORTABILITY_MESSAGES.dateInvalid],
    ['a type that does not exist', { type: 'PDF' }, undefined],
  ])('applies the limits of create: %s', (_, over, message) => {
    const issue = firstIssue({ artifacts: [item(over)] });
    expect(issue).not.toBeNull();
    if (message) expect(issue?.message).toBe(message);
  });

  it('refuses more earlier versions than are ever kept', () => {
    const versions = Array.from({ length: ARTIFACT_LIMITS.versionsKept + 1 }, (_, i) => ({
      version: i + 1,
      title: 't',
      type: 'HTML',
      content: 'c',
      createdAt: '2026-01-01T00:00:00.000Z',
    }));
    expect(firstIssue({ artifacts: [item({ version: 500, versions })] })?.message).toBe(
      PORTABILITY_MESSAGES.tooManyVersions,
    );
  });

  it('takes an artifact without history (the current version only)', () => {
    expect(firstIssue({ artifacts: [{ title: '', type: 'MARKDOWN', content: '# x' }] })).toBeNull();
  });
});
