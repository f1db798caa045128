/**
 * The real artifacts service and the real gateway, each from its own entry point on a free port,
 * against the real infrastructure: artifact calls through the public entry, 304s included.
 */
import { ARTIFACT_MESSAGES, type Artifact, type Collection } from '@core-vault/contracts';
import {
  devTokenFor,
  SERVICE_BOOT_TIMEOUT_MS,
  ServiceStack,
  testInfra,
  uniqueSuffix,
  waitFor,
} from '@core-vault/platform/testing';

const infra = testInfra();
const suffix = uniqueSuffix();
const WEB_ORIGIN = 'http://127.0.0.1:4200';
const stack = new ServiceStack();
let gw = '';

function boot(app: string, env: Record<string, string>): Promise<string> {
  return stack.boot(app, { REDIS_URL: infra.redisUrl, ...env });
}

beforeAll(async () => {
  const artifacts = await boot('artifacts', {
    MONGO_URL: infra.mongoUrl,
    MONGO_DB: `cv_test_artifacts_gw_${suffix}`,
    KAFKA_BROKERS: infra.kafkaBrokers.join(','),
    VIEW_COUNT_CONSUMER_GROUP: `artifacts-gw-test-${suffix}`,
    WEB_ORIGIN,
  });
  gw = await boot('gateway', {
    ARTIFACTS_URL: artifacts,
    WEB_ORIGIN,
    RATE_LIMIT_NAMESPACE: `rl:test:${suffix}`,
  });
}, 2 * SERVICE_BOOT_TIMEOUT_MS); // two boots one after the other (a hang guard each)

afterAll(async () => {
  await stack.stop();
});

const token = devTokenFor;
const owner = token(`gw-owner-${suffix}`);

/** Response bodies as these tests read them (the assertions say which fields are present). */
interface GatewayBody {
  message: string;
  code: string;
  total: number;
  artifact: Artifact;
  artifacts: Artifact[];
  collection: Collection;
  paths: Record<string, unknown>;
}

async function call(
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = {
    origin: WEB_ORIGIN,
    'sec-fetch-site': 'same-origin',
    ...opts.headers,
  };
  if (opts.token) headers['authorization'] = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${gw}${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    text,
    body: (text ? JSON.parse(text) : {}) as GatewayBody,
  };
}

describe('artifacts through the gateway', () => {
  it('create, public read with ETag, 304, change visible on the next read', async () => {
    const created = await call('POST', '/api/v1/artifacts', {
      token: owner,
      body: {
        title: 'via gateway',
        type: 'SVG',
        content: '<svg onload="x()"><script>1</script><rect/></svg>',
        isPublic: true,
        tags: 'gw',
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.artifact.id;
    expect(created.body.artifact.rendered).toBe('<svg onload="x()"><rect></rect></svg>');

    const first = await call('GET', `/api/v1/artifacts/${id}`);
    expect(first.status).toBe(200);
    expect(first.body.artifact).toMatchObject({ title: 'via gateway', type: 'SVG', tags: ['gw'] });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"/);
    expect(first.headers.get('cache-control')).toContain('public');

    const cached = await call('GET', `/api/v1/artifacts/${id}`, { headers: { 'if-none-match': etag } });
    expect(cached.status).toBe(304);
    expect(cached.text).toBe('');

    expect(
      (await call('PATCH', `/api/v1/artifacts/${id}`, { token: owner, body: { title: 'renamed' } })).status,
    ).toBe(200);
    const changed = await call('GET', `/api/v1/artifacts/${id}`, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.body.artifact.title).toBe('renamed');
    expect(changed.headers.get('etag')).not.toBe(etag);

    await call('PATCH', `/api/v1/artifacts/${id}`, { token: owner, body: { isPublic: false } });
    const hidden = await call('GET', `/api/v1/artifacts/${id}`);
    expect([hidden.status, hidden.body.message]).toEqual([403, ARTIFACT_MESSAGES.private]);
    expect((await call('GET', `/api/v1/artifacts/${id}`, { token: owner })).status).toBe(200);
  });

  it('checks access at the edge too', async () => {
    const free = token(`gw-free-${suffix}`, { plan: 'Free', sts: 'NO_SUBSCRIPTION' });
    const denied = await call('POST', '/api/v1/artifacts', {
      token: free,
      body: { title: 't', type: 'HTML', content: 'x' },
    });
    expect([denied.status, denied.body.code]).toEqual([403, 'FEATURE_NOT_AVAILABLE']);
    expect((await call('GET', '/api/v1/artifacts')).status).toBe(401);
    expect((await call('GET', '/api/v1/artifacts/not-there')).status).toBe(404);
    const tooBig = await call('POST', '/api/v1/artifacts', {
      token: owner,
      body: { title: 't', type: 'HTML', content: 'x'.repeat(500_001) },
    });
    expect([tooBig.status, tooBig.body.message]).toEqual([413, ARTIFACT_MESSAGES.contentTooLarge]);
  });

  it('lists, searches, and manages collections', async () => {
    const list = await call('GET', '/api/v1/artifacts?sort=title', { token: owner });
    expect(list.status).toBe(200);
    expect(list.body.artifacts.length).toBeGreaterThan(0);
    // The search index follows writes within a second: wait for the rename to show.
    const found = await waitFor(
      () => call('GET', '/api/v1/artifacts/search?q=renamed', { token: owner }),
      (res) => res.body.total === 1,
      { timeoutMs: 2_000, what: 'the renamed artifact in search' },
    );
    expect(found.body.total).toBe(1);
    const collection = await call('POST', '/api/v1/collections', { token: owner, body: { name: 'gw' } });
    expect(collection.status).toBe(201);
    const added = await call(
      'PUT',
      `/api/v1/collections/${collection.body.collection.id}/artifacts/${list.body.artifacts[0]?.id}`,
      {
        token: owner,
      },
    );
    expect(added.body.collection.artifactCount).toBe(1);
  });

  it('documents the artifact routes in OpenAPI', async () => {
    const doc = await call('GET', '/api-docs/openapi.json');
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/artifacts',
        '/api/v1/artifacts/{id}',
        '/api/v1/collections/{id}/artifacts/{artifactId}',
      ]),
    );
  });
});
