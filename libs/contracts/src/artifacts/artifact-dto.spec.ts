import {
  batchCreateArtifactsBodySchema,
  createArtifactBodySchema,
  readArtifactQuerySchema,
  restoreVersionBodySchema,
  searchArtifactsQuerySchema,
  shareArtifactBodySchema,
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

  it('does not count the revision or the version note as something to update', () => {
    expect(firstMessage(updateArtifactBodySchema.safeParse({ revision: 3, versionNote: 'n' }))).toBe(
      M.nothingToUpdate,
    );
    expect(updateArtifactBodySchema.safeParse({ description: '', revision: 3 }).success).toBe(true);
  });

  it('bounds the description (2,000) and the version note (200) with their messages', () => {
    expect(createArtifactBodySchema.safeParse({ ...valid, description: 'd'.repeat(2_000) }).success).toBe(
      true,
    );
    expect(
      firstMessage(createArtifactBodySchema.safeParse({ ...valid, description: 'd'.repeat(2_001) })),
    ).toBe(M.descriptionTooLong);
    expect(firstMessage(updateArtifactBodySchema.safeParse({ description: 'd'.repeat(2_001) }))).toBe(
      'Description is too long. Maximum 2000 characters allowed.',
    );
    expect(
      firstMessage(updateArtifactBodySchema.safeParse({ title: 't', versionNote: 'n'.repeat(201) })),
    ).toBe('Version note is too long. Maximum 200 characters allowed.');
  });

  it('takes only a whole, non-negative revision', () => {
    for (const revision of [-1, 1.5, '2'])
      expect(updateArtifactBodySchema.safeParse({ title: 't', revision }).success).toBe(false);
  });
});

describe('restore, pinned read and share bodies', () => {
  it('restore takes no body or an optional revision, nothing else', () => {
    expect(restoreVersionBodySchema.safeParse(undefined).success).toBe(true);
    expect(restoreVersionBodySchema.safeParse({ revision: 4 }).success).toBe(true);
    expect(restoreVersionBodySchema.safeParse({ version: 4 }).success).toBe(false);
  });

  it('?v= is a positive whole number, else the version message', () => {
    expect(readArtifactQuerySchema.parse({ v: '3' }).v).toBe(3);
    expect(readArtifactQuerySchema.parse({}).v).toBeUndefined();
    for (const v of ['0', '-1', '1.5', 'abc', ''])
      expect(firstMessage(readArtifactQuerySchema.safeParse({ v }))).toBe(M.versionInvalid);
  });

  it('share may pin a version', () => {
    expect(shareArtifactBodySchema.parse({ channel: 'link', version: 2 }).version).toBe(2);
    expect(shareArtifactBodySchema.safeParse({ channel: 'link', version: 0 }).success).toBe(false);
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
        '<iframe src="https://render.example/embed/a1" width="100%" height="600px" data-cv-autosize frameborder="0" loading="lazy"></iframe><script async src="https://render.example/assets/embed.js"></script>',
    });
  });

  it('pins the view URL, the embed URL and the frame to a version when asked', () => {
    const links = shareLinks(
      { app: 'https://vault.example', renderer: 'https://render.example' },
      'a1',
      'T',
      3,
    );
    expect(links.url).toBe('https://vault.example/view/a1?v=3');
    expect(links.embedUrl).toBe('https://render.example/embed/a1?v=3');
    expect(links.embedCode).toContain('src="https://render.example/embed/a1?v=3"');
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

  it('document 400, 404 and 409 where the service can answer them', () => {
    const byId = (id: string) => artifactRoutes.find((r) => r.id === id)?.errors ?? {};
    for (const id of ['updateArtifact', 'restoreArtifactVersion'])
      expect(Object.keys(byId(id))).toEqual(expect.arrayContaining(['400', '404', '409']));
    expect(Object.keys(byId('getArtifact'))).toEqual(expect.arrayContaining(['400', '403', '404']));
    expect(Object.keys(byId('shareArtifact'))).toEqual(expect.arrayContaining(['400', '403', '404']));
  });
});
