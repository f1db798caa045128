import { once } from 'node:events';
import { type IncomingMessage, Server, type ServerResponse, createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type Redis } from 'ioredis';
import pino from 'pino';
import { encodeCachedRead, publicArtifactCacheKey } from '@core-vault/contracts';
import { ServiceMetrics } from '@core-vault/platform';
import { edgeCandidate, prependRequestHandler, publicEdgeCache } from './public-edge-cache';

const ID = 'a1b2c3d4-0000-4000-8000-000000000001';
const entry = { etag: '"e1"', owner: 'usr_1', body: '{"artifact":{"title":"Grüße"}}' };

function fakeRedis(store: Record<string, string>, fail = false): Redis {
  return {
    getBuffer: (key: string) =>
      fail
        ? Promise.reject(new Error('down'))
        : Promise.resolve(key in store ? Buffer.from(store[key]!) : null),
  } as unknown as Redis;
}

function request(url: string, headers: Record<string, string> = {}, method = 'GET'): IncomingMessage {
  return { method, url, headers } as unknown as IncomingMessage;
}

function run(redis: Redis, headers: Record<string, string> = {}, id = ID, query = 'ref=x') {
  return new Promise<{ status?: number; headers?: Record<string, unknown>; body?: Buffer; passed: boolean }>(
    (resolve) => {
      const res = {
        writeHead(status: number, h: Record<string, unknown>) {
          return { end: (body?: Buffer) => resolve({ status, headers: h, body, passed: false }) };
        },
      } as unknown as ServerResponse;
      publicEdgeCache(redis, 0, pino({ level: 'silent' }))(
        request(`/api/v1/artifacts/${id}?${query}`, headers),
        res,
        () => resolve({ passed: true }),
      );
    },
  );
}

describe('public edge cache', () => {
  const store = { [publicArtifactCacheKey(ID)]: encodeCachedRead(entry) };

  it('serves a cached public read with its ETag and caching headers, byte for byte', async () => {
    const out = await run(fakeRedis(store));
    expect(out.status).toBe(200);
    expect(out.body?.toString('utf8')).toBe(entry.body);
    expect(out.headers).toMatchObject({
      etag: '"e1"',
      'cache-control': 'public, max-age=0, s-maxage=10, must-revalidate',
    });
    expect(out.headers?.['content-length']).toBe(Buffer.byteLength(entry.body));
  });

  it('answers 304 when the client already has it', async () => {
    const out = await run(fakeRedis(store), { 'if-none-match': '"e1"' });
    expect(out.status).toBe(304);
    expect(out.body).toBeUndefined();
  });

  it("serves a read pinned with ?v=N from that version's own entry, never the latest one", async () => {
    const pinned = { ...entry, etag: '"e3"', body: '{"artifact":{"version":3}}' };
    const both = { ...store, [publicArtifactCacheKey(ID, 3)]: encodeCachedRead(pinned) };
    expect((await run(fakeRedis(both), {}, ID, 'v=3')).body?.toString('utf8')).toBe(pinned.body);
    expect((await run(fakeRedis(store), {}, ID, 'v=2')).passed).toBe(true);
    for (const bad of ['v=0', 'v=x', 'v=1&v=2'])
      expect((await run(fakeRedis(both), {}, ID, bad)).passed).toBe(true);
  });

  it('passes on a miss, a token (owner views differ), an odd id, or Redis trouble', async () => {
    expect((await run(fakeRedis({}))).passed).toBe(true);
    expect((await run(fakeRedis(store), { authorization: 'Bearer x' })).passed).toBe(true);
    expect((await run(fakeRedis(store), {}, 'search')).passed).toBe(true);
    expect((await run(fakeRedis(store, true))).passed).toBe(true);
  });
});

describe('edge candidates', () => {
  it.each([
    ['GET', `/api/v1/artifacts/${ID}`, {}, ID],
    ['GET', `/api/v1/artifacts/${ID}?utm=1`, {}, ID],
    ['GET', `/api/v1/artifacts/${ID}?v=2&t=cvpat_${'a'.repeat(43)}`, {}, undefined],
    ['GET', `/api/v1/artifacts/${ID}?access_token=x`, {}, undefined],
    ['POST', `/api/v1/artifacts/${ID}`, {}, undefined],
    ['GET', `/api/v1/artifacts/${ID}`, { authorization: 'Bearer t' }, undefined],
    ['GET', `/api/v1/artifacts/${ID}`, { 'content-length': '2' }, undefined],
    ['GET', `/api/v1/artifacts/${ID}`, { 'transfer-encoding': 'chunked' }, undefined],
    ['GET', `/api/v1/artifacts/${ID}`, { 'content-length': '0' }, ID],
    ['GET', `/api/v1/artifacts/${ID}/versions`, {}, undefined],
    ['GET', '/api/v1/artifacts/search?q=x', {}, undefined],
    ['GET', '/api/v1/artifacts/', {}, undefined],
    ['GET', `/api/v1/collections/${ID}`, {}, undefined],
  ])('%s %s %j → %s', (method, url, headers, expected) => {
    expect(edgeCandidate(request(url, headers, method))).toBe(expected);
  });
});

describe('publicEdgeCache metrics', () => {
  it('records each answer under the route pattern and its status, like a request Nest answers', async () => {
    const metrics = new ServiceMetrics('gateway-spec');
    const redis = fakeRedis({ [publicArtifactCacheKey(ID)]: encodeCachedRead(entry) });
    const answer = (headers: Record<string, string>) =>
      new Promise<void>((resolve) =>
        publicEdgeCache(
          redis,
          0,
          pino({ level: 'silent' }),
          metrics,
        )(
          request(`/api/v1/artifacts/${ID}`, headers),
          { writeHead: () => ({ end: () => resolve() }) } as unknown as ServerResponse,
          () => resolve(),
        ),
      );
    await answer({});
    await answer({ 'if-none-match': entry.etag });
    const text = await metrics.registry.metrics();
    for (const status of ['200', '304'])
      expect(text).toMatch(
        new RegExp(
          `http_request_duration_seconds_count\\{[^}]*method="GET",route="/api/v1/artifacts/:id",status="${status}"\\} 1\n`,
        ),
      );
  });
});

describe('prependRequestHandler', () => {
  it('answers what the handler takes and hands everything else to the original listener', async () => {
    const server = createServer((_req, res) => res.end('framework'));
    prependRequestHandler(server, (req, res, forward) =>
      req.url === '/fast' ? void res.end('edge') : forward(),
    );
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect(await (await fetch(`${base}/fast`)).text()).toBe('edge');
      expect(await (await fetch(`${base}/other`)).text()).toBe('framework');
    } finally {
      server.close();
    }
  });

  it('runs ahead of a wrapped prototype emit (the tracing instrumentation), which sees only what is forwarded', async () => {
    const seen: string[] = [];
    // What @opentelemetry/instrumentation-http does to http.Server.prototype.emit.
    class TracedServer extends Server {
      override emit(event: string, ...args: unknown[]): boolean {
        if (event === 'request') seen.push(String((args[0] as IncomingMessage).url));
        return super.emit(event, ...args);
      }
    }
    const server = new TracedServer((_req, res) => res.end('framework'));
    prependRequestHandler(server, (req, res, forward) =>
      req.url === '/fast' ? void res.end('edge') : forward(),
    );
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect(await (await fetch(`${base}/fast`)).text()).toBe('edge');
      expect(await (await fetch(`${base}/other`)).text()).toBe('framework');
      expect(seen).toEqual(['/other']);
    } finally {
      server.close();
    }
  });
});
