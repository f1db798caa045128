/**
 * The index administration against the real engine answering slowly, as a loaded host does: a CI
 * run's boot and rebuild failed when creating an index took longer than the search's 3 s timeout
 * (the client asked again, and the engine answered "already exists"). Here every answer of the
 * engine is held back past that timeout by a proxy on loopback.
 */
import { testInfra, uniqueSuffix } from '@core-vault/platform/testing';
import { Client } from '@opensearch-project/opensearch';
import { type EngineProxy, engineProxy } from '../testing/engine-proxy';
import { SEARCH_REQUEST_TIMEOUT_MS, createOpenSearchClient, isSearchUnavailable } from './opensearch.client';
import { SearchIndexAdmin } from './search-index.admin';
import { ArtifactSearchRepository } from './search.repository';

const ANSWER_DELAY_MS = SEARCH_REQUEST_TIMEOUT_MS + 700;

describe('index administration on an engine that answers slowly', () => {
  const engine = new URL(testInfra().opensearchUrl);
  const alias = `test-${uniqueSuffix()}-slow`;
  const direct = new Client({ node: engine.origin });
  let proxy: EngineProxy;
  let slow: Client;

  beforeAll(async () => {
    proxy = await engineProxy(engine.origin, { answerDelayMs: ANSWER_DELAY_MS });
    slow = createOpenSearchClient({ url: proxy.url });
  });

  afterAll(async () => {
    await slow.close();
    await proxy.close();
    await direct.indices.delete({ index: `${alias}-*`, ignore_unavailable: true });
    await direct.close();
  });

  it('creates the live index once, although each answer takes longer than a search may', async () => {
    const admin = new SearchIndexAdmin(slow, alias);
    const started = Date.now();
    const live = await admin.createLiveIndex();
    expect(Date.now() - started).toBeGreaterThanOrEqual(ANSWER_DELAY_MS);
    expect(await new SearchIndexAdmin(direct, alias).liveIndex()).toBe(live);
    const { body } = await direct.indices.get({ index: `${alias}-*` });
    expect(Object.keys(body)).toEqual([live]);
  }, 60_000);

  it('an index write waits past the search timeout too (the consumer has 10 s)', async () => {
    const repo = new ArtifactSearchRepository(slow, alias);
    const now = new Date().toISOString();
    await repo.upsert(
      {
        id: 'slow-1',
        owner: 'someone',
        title: 'Written slowly',
        description: '',
        content: 'x',
        tags: [],
        type: 'HTML',
        visibility: 'private',
        createdAt: now,
        updatedAt: now,
        rev: 1,
      },
      1,
    );
    const { body } = await direct.get({ index: alias, id: 'slow-1' });
    expect(body._version).toBe(1);
  }, 30_000);

  it('a search still gives up after its own timeout (answered 503, not held)', async () => {
    const repo = new ArtifactSearchRepository(slow, alias);
    const started = Date.now();
    const err = await repo.search({ owners: ['nobody'], text: 'x', page: 1, limit: 10 }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isSearchUnavailable(err)).toBe(true);
    // One try and the client's one retry, each cut at the search's timeout.
    expect(Date.now() - started).toBeLessThan(2 * SEARCH_REQUEST_TIMEOUT_MS + 1_500);
  }, 30_000);
});
