import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { loadConfig } from '@core-vault/platform';
import { testLogger } from '@core-vault/platform/testing';
import { gatewayConfigSchema } from '../config';
import { SHARE_PAGE_FALLBACK_POLICY, sharePagePolicy } from './share-page.controller';
import { SpaIndex, SpaIndexUnavailable } from './spa-index';

/** A web server whose answers the test sets, counting requests and the validators sent. */
function webServer() {
  const state = {
    status: 200,
    body: '<html><head></head></html>',
    etag: '"v1"',
    policy: "script-src 'self'; frame-ancestors 'none'",
    requests: [] as string[],
  };
  const server = createServer((req, res) => {
    state.requests.push(`${req.url} ${req.headers['if-none-match'] ?? '-'}`);
    if (req.headers['if-none-match'] === state.etag && state.status === 200)
      return void res.writeHead(304).end();
    res
      .writeHead(state.status, {
        etag: state.etag,
        'content-type': 'text/html',
        ...(state.policy ? { 'content-security-policy': state.policy } : {}),
      })
      .end(state.body);
  });
  return { server, state };
}

class TestIndex extends SpaIndex {
  clock = 0;
  protected override now(): number {
    return this.clock;
  }
}

describe('SpaIndex', () => {
  let server: Server;
  let state: ReturnType<typeof webServer>['state'];
  let index: TestIndex;
  beforeEach(async () => {
    ({ server, state } = webServer());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const config = loadConfig('gateway', gatewayConfigSchema, { NODE_ENV: 'test', WEB_INTERNAL_URL: url });
    index = new TestIndex(config, testLogger());
  });
  afterEach(() => new Promise((r) => server.close(r)));

  it('reads /index.html once, keeps it 30 s, then revalidates with its ETag', async () => {
    const [a, b] = await Promise.all([index.get(), index.get()]);
    expect(a).toBe(state.body);
    expect(b).toBe(state.body);
    expect(state.requests).toEqual(['/index.html -']);
    index.clock = 29_000;
    await index.get();
    expect(state.requests).toHaveLength(1);
    index.clock = 31_000;
    expect(await index.get()).toBe(state.body);
    expect(state.requests).toEqual(['/index.html -', '/index.html "v1"']);
  });

  it("keeps the web server's Content-Security-Policy with the copy (the SPA's own, for /view)", async () => {
    expect(index.policy()).toBeNull();
    await index.get();
    expect(index.policy()).toBe(state.policy);
    index.clock = 31_000;
    await index.get(); // a 304: the same copy, the same policy
    expect(index.policy()).toBe(state.policy);
  });

  it('takes a new build at the next revalidation', async () => {
    await index.get();
    Object.assign(state, {
      body: '<html><head><script src="/assets/new.js"></script></head></html>',
      etag: '"v2"',
    });
    index.clock = 31_000;
    expect(await index.get()).toContain('new.js');
  });

  it('keeps serving the last copy while the web server fails, and is unavailable without one', async () => {
    state.status = 502;
    await expect(index.get()).rejects.toBeInstanceOf(SpaIndexUnavailable);
    state.status = 200;
    const html = await index.get();
    state.status = 500;
    index.clock = 31_000;
    expect(await index.get()).toBe(html);
  });
});

describe('the share page policy', () => {
  it("is the web server's, never without frame-ancestors 'none'", () => {
    expect(sharePagePolicy("script-src 'self'; frame-ancestors 'none'")).toBe(
      "script-src 'self'; frame-ancestors 'none'",
    );
    expect(sharePagePolicy("script-src 'self'; frame-ancestors https://x.example;")).toBe(
      "script-src 'self'; frame-ancestors 'none'",
    );
    expect(sharePagePolicy(null)).toBe(SHARE_PAGE_FALLBACK_POLICY);
    expect(sharePagePolicy(' ; ')).toBe(SHARE_PAGE_FALLBACK_POLICY);
  });
});
