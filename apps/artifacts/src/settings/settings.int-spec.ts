import { ARTIFACT_MESSAGES as M, type SitemapPage } from '@core-vault/contracts';
import { uniqueSuffix } from '@core-vault/platform/testing';
import { artifactInput, type client, tokenFor, useArtifactsApp } from '../testing';

const s = uniqueSuffix();
const allowing = tokenFor(`allowing-${s}`);
const quiet = tokenFor(`quiet-${s}`);

const ctx = useArtifactsApp();
const api: ReturnType<typeof client> = (...args) => ctx.api(...args);

const create = async (token: string, over: Record<string, unknown>) =>
  (await api('POST', '/api/v1/artifacts', { token, body: artifactInput(over) })).body.artifact as {
    id: string;
    indexable: boolean;
  };
const sitemapIds = async (page = 1) => {
  const res = await api<SitemapPage>('GET', `/api/v1/artifacts/sitemap?page=${page}`);
  expect(res.status).toBe(200);
  return res.body.entries.map((e) => e.id);
};

describe('artifact settings: search-engine indexing', () => {
  it('is off by default, and is the caller’s own', async () => {
    const res = await api('GET', '/api/v1/artifact-settings', { token: quiet });
    expect([res.status, res.body]).toEqual([200, { allowIndexing: false }]);
    expect((await api('GET', '/api/v1/artifact-settings')).status).toBe(401);
    for (const body of [{}, { allowIndexing: 'yes' }, { allowIndexing: true, extra: 1 }])
      expect((await api('PUT', '/api/v1/artifact-settings', { token: quiet, body })).status).toBe(400);
  });

  it('lists only public artifacts of owners who allow indexing in the public sitemap, newest first', async () => {
    const before = await create(allowing, { title: 'older public', isPublic: true });
    const privateOne = await create(allowing, { title: 'private' });
    const quietOne = await create(quiet, { title: 'quiet public', isPublic: true });
    expect(before.indexable).toBe(false);
    expect(await sitemapIds()).not.toContain(before.id);

    const put = await api('PUT', '/api/v1/artifact-settings', {
      token: allowing,
      body: { allowIndexing: true },
    });
    expect([put.status, put.body]).toEqual([200, { allowIndexing: true }]);
    expect((await api('GET', '/api/v1/artifact-settings', { token: allowing })).body).toEqual({
      allowIndexing: true,
    });
    const after = await create(allowing, { title: 'newer public', isPublic: true });
    expect(after.indexable).toBe(true);
    // Existing artifacts follow the setting, and the public read says so at once (cache dropped).
    expect((await api('GET', `/api/v1/artifacts/${before.id}`)).body.artifact.indexable).toBe(true);

    const ids = await sitemapIds();
    expect(ids.filter((id) => [before.id, after.id, privateOne.id, quietOne.id].includes(id))).toEqual([
      after.id,
      before.id,
    ]);

    await api('PUT', '/api/v1/artifact-settings', { token: allowing, body: { allowIndexing: false } });
    expect((await api('GET', `/api/v1/artifacts/${after.id}`)).body.artifact.indexable).toBe(false);
    const none = await sitemapIds();
    expect(none).not.toContain(after.id);
    expect(none).not.toContain(before.id);
  });

  it('pages the sitemap and refuses a bad page; "sitemap" is never read as an artifact id', async () => {
    const res = await api('GET', '/api/v1/artifacts/sitemap?page=9999');
    expect(res.body).toEqual({ entries: [], page: 9999, hasMore: false });
    for (const page of ['0', 'x', '10001']) {
      const bad = await api('GET', `/api/v1/artifacts/sitemap?page=${page}`);
      expect(bad.status).toBe(400);
    }
    const plain = await api('GET', '/api/v1/artifacts/sitemap');
    expect([plain.status, plain.body.message]).not.toEqual([404, M.notFound]);
    expect(plain.body).toMatchObject({ page: 1, entries: expect.any(Array) });
  });
});
