import { gunzipSync } from 'node:zlib';
import { ArtifactSource } from './artifact-source';
import { EmbedDocuments } from './embed-documents';

const APP = 'http://127.0.0.1:4200';

/** A gateway with one public artifact whose read has an ETag and answers If-None-Match with 304. */
function fakeGateway() {
  const state = {
    title: 'First',
    status: 200,
    calls: [] as Array<{ id: string; ifNoneMatch: string | null }>,
    /** Resolves the pending reads when set (to hold concurrent requests mid-build). */
    gate: null as Promise<void> | null,
  };
  const etag = () => `"${state.status}-${state.title}"`;
  const fetchFn = (async (url: string, init?: RequestInit) => {
    const id = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
    const ifNoneMatch = new Headers(init?.headers).get('if-none-match');
    state.calls.push({ id, ifNoneMatch });
    if (state.gate) await state.gate;
    if (state.status !== 200)
      return new Response(JSON.stringify({ message: 'This artifact is private' }), { status: state.status });
    if (ifNoneMatch === etag()) return new Response(null, { status: 304, headers: { etag: etag() } });
    const content = `<p>${state.title}</p>${'x'.repeat(3000)}`;
    return new Response(
      JSON.stringify({
        artifact: { id, title: state.title, type: 'HTML', content, rendered: content, isPublic: true },
      }),
      { status: 200, headers: { etag: etag(), 'content-type': 'application/json' } },
    );
  }) as typeof fetch;
  return { state, fetchFn };
}

function setup(options: { maxEntries?: number; maxBytes?: number } = {}) {
  const gateway = fakeGateway();
  const clock = { now: 1_000_000 };
  const docs = new EmbedDocuments(new ArtifactSource('http://gw.invalid', 1000, gateway.fetchFn), APP, {
    freshMs: 5_000,
    maxEntries: options.maxEntries ?? 10,
    maxBytes: options.maxBytes ?? 10_000_000,
    now: () => clock.now,
  });
  return { ...gateway, clock, docs };
}

describe('EmbedDocuments', () => {
  it('builds a document once with a strong ETag and its gzip, and serves repeats from memory', async () => {
    const { state, docs } = setup();
    const first = await docs.get('art-1', 'light', null);
    expect(first.status).toBe(200);
    expect(first.etag).toMatch(/^"[\w-]{32}"$/);
    expect(gunzipSync(first.gzip ?? Buffer.alloc(0)).equals(first.body)).toBe(true);
    expect(first.body.toString()).toContain('<p>First</p>');
    expect(await docs.get('art-1', 'light', null)).toBe(first);
    expect(state.calls).toHaveLength(1);
  });

  it('after the fresh window revalidates with the gateway: a 304 keeps the document, a change rebuilds it', async () => {
    const { state, clock, docs } = setup();
    const first = await docs.get('art-1', 'light', null);
    clock.now += 5_000;
    expect(await docs.get('art-1', 'light', null)).toBe(first);
    expect(state.calls[1]).toEqual({ id: 'art-1', ifNoneMatch: '"200-First"' });

    state.title = 'Second';
    clock.now += 5_000;
    const second = await docs.get('art-1', 'light', null);
    expect(second.body.toString()).toContain('<p>Second</p>');
    expect(second.etag).not.toBe(first.etag);
  });

  it('keeps no error page: an artifact made private is refused from the next revalidation on', async () => {
    const { state, clock, docs } = setup();
    await docs.get('art-1', 'light', null);
    state.status = 403;
    clock.now += 5_000;
    const refused = await docs.get('art-1', 'light', null);
    expect(refused.status).toBe(403);
    expect(refused.etag).toBeNull();
    const calls = state.calls.length;
    expect((await docs.get('art-1', 'light', null)).status).toBe(403);
    expect(state.calls.length).toBeGreaterThan(calls);
  });

  it('gives each theme and pinned version its own document', async () => {
    const { docs } = setup();
    const light = await docs.get('art-1', 'light', null);
    const dark = await docs.get('art-1', 'dark', null);
    expect(dark.etag).not.toBe(light.etag);
    expect((await docs.get('art-1', 'light', 'abc')).status).toBe(404);
  });

  it('shares one build between concurrent requests', async () => {
    const { state, docs } = setup();
    let open: () => void = () => undefined;
    state.gate = new Promise((resolve) => (open = resolve));
    const pending = Array.from({ length: 5 }, () => docs.get('art-1', 'light', null));
    state.gate = null;
    open();
    const results = await Promise.all(pending);
    expect(new Set(results).size).toBe(1);
    expect(state.calls).toHaveLength(1);
  });

  it('stays within its bounds, dropping the oldest documents', async () => {
    const { state, docs } = setup({ maxEntries: 2 });
    for (const id of ['a1', 'a2', 'a3']) await docs.get(id, 'light', null);
    state.calls.length = 0;
    await docs.get('a3', 'light', null);
    await docs.get('a2', 'light', null);
    expect(state.calls).toHaveLength(0);
    await docs.get('a1', 'light', null);
    expect(state.calls).toHaveLength(1);
  });
});
