import {
  batchCreateArtifactsBodySchema,
  createArtifactBodySchema,
  searchArtifactsQuerySchema,
  updateArtifactBodySchema,
} from './artifact-dto';
import { ARTIFACT_MESSAGES as M } from './artifact-limits';
import { artifactRoutes } from './artifact-routes';
import { embedCode, shareLinks, shareText } from './share';

const valid = { title: 'T', type: 'HTML', content: '<p>x</p>' };
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('createArtifactBodySchema', () => {
  it('parses tags from text', () => {
    expect(createArtifactBodySchema.parse({ ...valid, tags: 'a, b,,' }).tags).toEqual(['a', 'b']);
  });

  it.each<[Record<string, unknown>, string]>([
    [{ ...valid, content: 'x'.repeat(500_001) }, M.contentTooLarge],
    [{ ...valid, title: 't'.repeat(201) }, M.titleTooLong],
    [{ ...valid, content: '   ' }, M.contentRequired],
    [{ ...valid, tags: Array.from({ length: 10_000 }, (_, i) => `t${i}`) }, M.tooManyTags],
    [{ ...valid, tags: 5 }, M.tagsInvalid],
    [{ ...valid, tags: [1, 2] }, M.tagsInvalid],
    [{ ...valid, metadata: 7 }, M.metadataInvalid],
    [{ ...valid, metadata: 'x'.repeat(10_001) }, M.metadataTooLarge],
    [{ ...valid, metadata: JSON.parse(`${'{"a":'.repeat(9)}1${'}'.repeat(9)}`) }, M.metadataTooDeep],
  ])('rejects with the spec message %#', (body, message) => {
    expect(firstMessage(createArtifactBodySchema.safeParse(body))).toBe(message);
  });

  it('accepts exactly 500000 characters and 200-character titles', () => {
    const body = { ...valid, title: 't'.repeat(200), content: 'x'.repeat(500_000) };
    expect(createArtifactBodySchema.safeParse(body).success).toBe(true);
  });

  it('rejects unknown fields such as a client-sent userId', () => {
    expect(createArtifactBodySchema.safeParse({ ...valid, userId: 'someone' }).success).toBe(false);
  });

  it('bounds batches', () => {
    const many = Array.from({ length: 21 }, () => valid);
    expect(firstMessage(batchCreateArtifactsBodySchema.safeParse({ artifacts: many }))).toBe(M.batchTooLarge);
    expect(firstMessage(batchCreateArtifactsBodySchema.safeParse({ artifacts: [] }))).toBe(M.batchEmpty);
  });

  it('needs at least one field to update', () => {
    expect(firstMessage(updateArtifactBodySchema.safeParse({}))).toBe(M.nothingToUpdate);
    expect(updateArtifactBodySchema.safeParse({ isPublic: true }).success).toBe(true);
  });
});

describe('searchArtifactsQuerySchema', () => {
  it.each(['a\u0000b', '\u0000', 'esc\u001b[2J', 'bell\u0007', 'del\u007f'])(
    'refuses control characters in %j with a message',
    (q) => {
      expect(firstMessage(searchArtifactsQuerySchema.safeParse({ q }))).toBe(M.searchQueryInvalid);
    },
  );

  it('takes tabs, line breaks and any other text', () => {
    for (const q of ['chart\tnumbers', 'line\nbreak', 'Grüße 📈', '[*?(regex'])
      expect(searchArtifactsQuerySchema.safeParse({ q }).success).toBe(true);
  });

  it('says so in its JSON schema, for the OpenAPI document', () => {
    const search = artifactRoutes.find((r) => r.id === 'searchMyArtifacts');
    expect(JSON.stringify(search?.query?.toJSONSchema())).toContain('"pattern"');
  });
});

describe('share helpers', () => {
  it('builds the view URL on the app and the embed URL and 100% × 600px frame on the renderer', () => {
    expect(shareLinks({ app: 'https://vault.example/', renderer: 'https://render.example' }, 'a1')).toEqual({
      url: 'https://vault.example/view/a1',
      embedUrl: 'https://render.example/embed/a1',
      embedCode:
        '<iframe src="https://render.example/embed/a1" width="100%" height="600px" frameborder="0" loading="lazy"></iframe>',
    });
  });

  it('escapes what goes into attributes', () => {
    expect(embedCode('https://x', 'a"b', { title: '<t>"' })).toContain('title="&lt;t&gt;&quot;"');
    expect(embedCode('https://x', 'a"b')).toContain('src="https://x/embed/a%22b"');
  });

  it('words the share text as the spec', () => {
    expect(shareText('HTML', 'Chart')).toBe('Check out this HTML artifact: Chart');
  });
});

describe('artifact routes', () => {
  it('have unique ids and method+path pairs', () => {
    expect(new Set(artifactRoutes.map((r) => r.id)).size).toBe(artifactRoutes.length);
    expect(new Set(artifactRoutes.map((r) => `${r.method} ${r.path}`)).size).toBe(artifactRoutes.length);
  });
});
