import { uniqueSuffix } from '@core-vault/platform/testing';
import { type TestApp, artifactInput, client, startArtifactsApp, tokenFor } from '../testing';

let t: TestApp;
let api: ReturnType<typeof client>;
const s = uniqueSuffix();
const user = tokenFor(`searcher-${s}`);
const migrated = tokenFor(`searcher-new-${s}`, { mig: `searcher-${s}` });
const other = tokenFor(`other-${s}`);

beforeAll(async () => {
  t = await startArtifactsApp();
  api = client(t.url);
  const make = (token: string, over: Record<string, unknown>) =>
    api('POST', '/api/v1/artifacts', { token, body: artifactInput(over) });
  // Created oldest first; the content-only hits differ in frequency and recency.
  await make(user, { title: 'Notes', content: 'a pie chart, then another chart' });
  await make(user, { title: 'Report', tags: 'chart,finance', content: 'numbers' });
  await make(user, { title: 'Sales Chart', content: 'quarterly figures' });
  await make(user, { title: 'Misc', content: 'one chart only' });
  await make(user, { title: 'Unrelated', content: 'nothing to see' });
  await make(user, { title: 'Regex (a+)+ title', content: 'literal [brackets].* here' });
  await make(other, { title: 'Chart of someone else', isPublic: true });
});
afterAll(() => t.close());

const search = async (q: string, token = user, extra = '') => {
  const res = await api('GET', `/api/v1/artifacts/search?q=${encodeURIComponent(q)}${extra}`, { token });
  return res;
};
const titles = (res: { body: { artifacts: { title: string }[] } }) => res.body.artifacts.map((a) => a.title);

describe('search', () => {
  it('ranks title > tag > content, then term frequency, then recency; own artifacts only', async () => {
    const res = await search('CHART');
    expect(res.status).toBe(200);
    expect(titles(res)).toEqual(['Sales Chart', 'Report', 'Notes', 'Misc']);
    expect(res.body.total).toBe(4);
    expect(res.body.artifacts[0]).not.toHaveProperty('content');
    const [first, second] = res.body.artifacts.map((a) => a.score);
    expect(first).toBeGreaterThan(second ?? Infinity);
  });

  it('breaks ties by recency', async () => {
    const res = await search('chart', user, '');
    const [notes, misc] = res.body.artifacts.slice(2).map((a) => a.score);
    expect(notes).toBeGreaterThan(misc ?? Infinity); // "chart" twice vs once
    const tie = await search('only another');
    expect(titles(tie)).toEqual(['Misc', 'Notes']);
  });

  it('searches the description too, ranked between title and content hits', async () => {
    const mine = tokenFor(`describer-${s}`);
    const make = (over: Record<string, unknown>) =>
      api('POST', '/api/v1/artifacts', { token: mine, body: artifactInput(over) });
    await make({ title: 'Quokka facts', content: 'x' });
    await make({ title: 'Plain', content: 'a quokka in the content, quokka again' });
    const described = (
      await make({ title: 'Untitled idea', content: 'y', description: 'About the **quokka**' })
    ).body.artifact.id;
    await make({ title: 'Nothing', content: 'z' });
    expect(titles(await search('quokka', mine))).toEqual(['Quokka facts', 'Untitled idea', 'Plain']);
    // An edited description is found at once.
    await api('PATCH', `/api/v1/artifacts/${described}`, {
      token: mine,
      body: { description: 'wombat notes' },
    });
    expect(titles(await search('wombat', mine))).toEqual(['Untitled idea']);
    expect(titles(await search('quokka', mine))).toEqual(['Quokka facts', 'Plain']);
  });

  it('treats regex syntax literally', async () => {
    expect(titles(await search('(a+)+'))).toEqual(['Regex (a+)+ title']);
    expect(titles(await search('[brackets].*'))).toEqual(['Regex (a+)+ title']);
    expect(titles(await search('.*'))).toEqual(['Regex (a+)+ title']);
  });

  it('paginates', async () => {
    const page = await search('chart', user, '&limit=2&page=2');
    expect(titles(page)).toEqual(['Notes', 'Misc']);
    expect(page.body).toMatchObject({ page: 2, limit: 2, total: 4, hasMore: false });
  });

  it('covers the migrated-from id, never anyone else', async () => {
    expect(titles(await search('chart', migrated))).toContain('Sales Chart');
    expect(titles(await search('chart', other))).toEqual(['Chart of someone else']);
  });

  it('needs a query and a signed-in user', async () => {
    const blank = await search('   ');
    expect([blank.status, blank.body.message]).toEqual([400, 'Enter something to search for.']);
    expect((await api('GET', '/api/v1/artifacts/search?q=x')).status).toBe(401);
    expect((await search('x'.repeat(201))).status).toBe(400);
  });
});
