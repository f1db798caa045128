import { once } from 'node:events';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { type Server, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import pino from 'pino';
import { type UsercontentConfig } from '../config';
import { ArtifactOrigins } from './origins';
import { createUsercontentServer } from './server';

const APP = 'http://127.0.0.1:4200';
const RENDERER = 'http://localhost:4300';
const SECRET = 'test-only-origin-secret-0123456789abcdef';
const origins = new ArtifactOrigins(RENDERER, SECRET);
/** The Host header of an artifact's own origin (`{label}.localhost:4300`). */
const hostOf = (id: string) => new URL(origins.originFor(id)).host;

const ARTIFACTS: Record<string, { status: number; body?: unknown }> = {
  pub: {
    status: 200,
    body: {
      artifact: {
        id: 'pub',
        title: 'Chart <1>',
        type: 'HTML',
        content: '<p>raw</p>',
        rendered: '<p>clean</p>',
        isPublic: true,
      },
    },
  },
  md: {
    status: 200,
    body: {
      artifact: {
        id: 'md',
        title: 'Notes',
        type: 'MARKDOWN',
        content: '```ts\nlet a = 1\n```',
        rendered: '<pre><code class="language-ts">let a = 1\n</code></pre>',
        isPublic: true,
      },
    },
  },
  rx: {
    status: 200,
    body: {
      artifact: {
        id: 'rx',
        title: 'R',
        type: 'REACT',
        content: "import { Star } from 'lucide-react';\nexport default () => <Star />;",
        rendered: null,
        isPublic: true,
      },
    },
  },
  net: {
    status: 200,
    body: {
      artifact: {
        id: 'net',
        title: 'Weather',
        type: 'HTML',
        content: '<script>fetch("https://api.example/w")</script>',
        rendered: '<script>fetch("https://api.example/w")</script>',
        isPublic: true,
        allowNetwork: true,
      },
    },
  },
  tall: {
    status: 200,
    body: {
      artifact: {
        id: 'tall',
        title: 'Pinned',
        type: 'HTML',
        content: '<p>long</p>',
        rendered: '<p>long</p>',
        isPublic: true,
        frameHeight: 1500,
      },
    },
  },
  secret: { status: 403, body: { message: 'This artifact is private' } },
  leaky: {
    status: 200,
    body: {
      artifact: { id: 'leaky', title: 'x', type: 'HTML', content: 'x', rendered: 'x', isPublic: false },
    },
  },
  empty: { status: 200, body: {} },
  broken: { status: 500, body: {} },
};

/** Pinned reads (`?v=N`) of 'pub': version 1 is kept, version 2 is current, others are gone. */
function pinnedRead(id: string, v: string): { status: number; body?: unknown } {
  const current = ARTIFACTS[id];
  if (id !== 'pub' || !current) return current ?? { status: 404, body: { message: 'Artifact not found' } };
  if (v !== '1' && v !== '2') return { status: 404, body: { message: 'Version not found' } };
  const { artifact } = current.body as { artifact: Record<string, unknown> };
  return {
    status: 200,
    body: { artifact: { ...artifact, version: Number(v), rendered: `<p>version ${v}</p>` } },
  };
}

const fakeFetch = ((url: string) => {
  const { pathname, searchParams } = new URL(url);
  const id = decodeURIComponent(pathname.split('/').pop() ?? '');
  if (id === 'down') return Promise.reject(new TypeError('fetch failed'));
  const v = searchParams.get('v');
  const a =
    v !== null
      ? pinnedRead(id, v)
      : (ARTIFACTS[id] ?? { status: 404, body: { message: 'Artifact not found' } });
  return Promise.resolve(
    new Response(JSON.stringify(a.body), {
      status: a.status,
      headers: { 'Content-Type': 'application/json' },
    }),
  );
}) as typeof fetch;

let server: Server;
let base: string;

beforeAll(async () => {
  const assets = mkdtempSync(join(tmpdir(), 'uc-assets-'));
  mkdirSync(join(assets, 'assets'));
  mkdirSync(join(assets, 'vendor'));
  writeFileSync(join(assets, 'assets/agent.js'), '/* agent */');
  writeFileSync(join(assets, 'assets/frame.js'), `/* frame */${' '.repeat(4000)}`);
  writeFileSync(join(assets, 'vendor/.stamp'), 'x');
  writeFileSync(join(assets, 'secret.txt'), 'do not serve');
  const config: UsercontentConfig = {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: 0,
    LOG_LEVEL: 'silent',
    SHUTDOWN_TIMEOUT_MS: 1000,
    RENDERER_ORIGIN: RENDERER,
    WEB_ORIGIN: APP,
    FRAME_PARENT_ORIGINS: 'https://vault.example',
    GATEWAY_URL: 'http://gateway.invalid',
    GATEWAY_TIMEOUT_MS: 1000,
    ARTIFACT_ORIGIN_SECRET: SECRET,
  };
  server = createUsercontentServer({
    config,
    logger: pino({ level: 'silent' }),
    assetsDir: assets,
    fetchFn: fakeFetch,
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/**
 * A request to the test server as if to `host` (fetch cannot set Host): by default an embed path
 * goes to its artifact's own origin, anything else to the renderer's.
 */
function get(
  path: string,
  init: { method?: string; headers?: Record<string, string>; host?: string; body?: string } = {},
) {
  let host = init.host ?? 'localhost:4300';
  const embed = init.host ? null : /^\/embed\/([^/?]+)/.exec(path);
  if (embed) {
    try {
      host = hostOf(decodeURIComponent(embed[1]!));
    } catch {
      // a malformed escape: the renderer's own origin answers it
    }
  }
  return new Promise<Response>((resolve, reject) => {
    const req = httpRequest(
      `${base}${path}`,
      { method: init.method ?? 'GET', headers: { ...init.headers, host } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const headers = new Headers();
          for (const [k, v] of Object.entries(res.headers))
            if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : v);
          const status = res.statusCode ?? 0;
          const body = status === 304 || status === 204 ? null : Buffer.concat(chunks);
          resolve(new Response(body, { status, headers }));
        });
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

/** Follows the renderer's redirect of /frame to the frame's own origin. */
async function frameOn(path: string): Promise<{ location: URL; res: Response }> {
  const redirect = await get(path);
  expect(redirect.status).toBe(302);
  const location = new URL(redirect.headers.get('location') ?? '');
  return { location, res: await get(`${location.pathname}${location.search}`, { host: location.host }) };
}

describe('/frame', () => {
  it.each([APP, 'https://vault.example'])(
    'serves the shell to the allowed parent %s, on the artifact’s own origin, framed only by it',
    async (parent) => {
      const { location, res } = await frameOn(`/frame/pub?parent=${encodeURIComponent(parent)}`);
      expect(location.origin).toBe(origins.originFor('pub'));
      expect(location.origin).toMatch(/^http:\/\/[a-z2-7]{26}\.localhost:4300$/);
      expect(location.searchParams.get('a')).toBe('pub');
      expect(res.status).toBe(200);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain(`frame-ancestors ${parent};`);
      // Same-origin only (the renderer's files), nothing remote: network off means off.
      expect(csp).toContain("connect-src 'self';");
      expect(csp).toContain("img-src 'self' data: blob:;");
      expect(csp).toContain("script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval';");
      expect(csp).toContain("form-action 'none'");
      expect(csp).toContain('sandbox allow-scripts');
      expect(csp).not.toContain('allow-top-navigation');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('origin-agent-cluster')).toBe('?1');
      const html = await res.text();
      expect(html).toContain(`<meta name="cv-parent-origin" content="${parent}">`);
      expect(html).toContain('<meta name="cv-artifact" content="pub">');
    },
  );

  it('gives the same artifact the same origin every time, and another artifact another one', async () => {
    const a = (await frameOn(`/frame/pub?parent=${encodeURIComponent(APP)}`)).location.origin;
    const again = (await frameOn(`/frame/pub?parent=${encodeURIComponent(APP)}`)).location.origin;
    const b = (await frameOn(`/frame/md?parent=${encodeURIComponent(APP)}`)).location.origin;
    expect(again).toBe(a);
    expect(b).not.toBe(a);
    // The label is a keyed hash: it does not spell the id.
    expect(a).not.toContain('pub');
  });

  it('sends an unsaved preview to a throwaway origin of its own, bound to no artifact', async () => {
    const first = await frameOn(`/frame?parent=${encodeURIComponent(APP)}`);
    const second = await frameOn(`/frame?parent=${encodeURIComponent(APP)}`);
    expect(first.location.host).toMatch(/^p-[a-z2-7]{20}\.localhost:4300$/);
    expect(second.location.host).not.toBe(first.location.host);
    expect(first.res.status).toBe(200);
    expect(await first.res.text()).toContain('<meta name="cv-artifact" content="">');
  });

  it('never serves one artifact’s shell on another’s origin', async () => {
    const parent = encodeURIComponent(APP);
    for (const [host, query] of [
      [hostOf('md'), `a=pub`], // B's origin asked for A
      [hostOf('pub'), ''], // an artifact origin without its artifact
      ['p-abcdefghijklmnopqrst.localhost:4300', 'a=pub'], // a preview origin asked for an artifact
      ['localhost:4300', 'a=pub'], // the renderer's own origin runs no artifact code
    ] as const) {
      const res = await get(`/frame?parent=${parent}&${query}`, { host });
      expect(res.status === 404 || res.status === 302).toBe(true);
      // The renderer's own origin sends a frame on to a preview origin, which renders no artifact.
      if (res.status === 302) {
        const location = new URL(res.headers.get('location') ?? '');
        expect(location.host).toMatch(/^p-[a-z2-7]{20}\./);
        expect(location.searchParams.has('a')).toBe(false);
      }
    }
  });

  it('opens outbound network only when the app asks for an artifact that allows it', async () => {
    const { res } = await frameOn(`/frame/net?parent=${encodeURIComponent(APP)}&network=1`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("img-src 'self' data: blob: https:;");
    expect(csp).toContain("connect-src 'self' https: wss:;");
    expect(csp).toContain("media-src 'self' data: blob: https:;");
    expect(csp).toContain("script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval';");
  });

  it.each(['https://evil.example', `${APP}/`, `${APP}.evil.example`, '"><script>', ''])(
    'refuses the parent %j',
    async (parent) => {
      expect((await get(`/frame/pub?parent=${encodeURIComponent(parent)}`)).status).toBe(400);
      expect(
        (await get(`/frame?parent=${encodeURIComponent(parent)}&a=pub`, { host: hostOf('pub') })).status,
      ).toBe(400);
    },
  );
});

describe('/embed/{id}', () => {
  it('is served on the artifact’s own origin only: elsewhere it is sent there', async () => {
    const onBase = await get('/embed/pub?theme=dark', { host: 'localhost:4300' });
    expect(onBase.status).toBe(302);
    // The embedding page's referrer reaches the embed (its view is counted by it).
    expect(onBase.headers.get('referrer-policy')).toBeNull();
    expect(onBase.headers.get('location')).toBe(`${origins.originFor('pub')}/embed/pub?theme=dark`);
    const onOther = await get('/embed/pub', { host: hostOf('md') });
    expect(onOther.status).toBe(302);
    expect(onOther.headers.get('location')).toBe(`${origins.originFor('pub')}/embed/pub`);
    expect((await get('/embed/pub', { host: 'p-abcdefghijklmnopqrst.localhost:4300' })).status).toBe(404);
  });

  it('shows a public artifact’s sanitized form with the brand link, embeddable anywhere', async () => {
    const res = await get('/embed/pub?theme=dark');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain('frame-ancestors *');
    const html = await res.text();
    expect(html).toContain('<p>clean</p>');
    expect(html).not.toContain('<p>raw</p>');
    expect(html).toContain(
      `<a class="cv-brand" href="${APP}/view/pub" target="_blank" rel="noopener">Core Vault</a>`,
    );
    expect(html).toContain('data-mode="embed"');
    // Automatic height: the agent reports it to the embedding page (for the embed script).
    expect(html).toContain('data-autosize="1"');
  });

  it('reports no height from an embed whose height the owner pinned (the iframe’s is final)', async () => {
    const html = await (await get('/embed/tall')).text();
    expect(html).toContain('data-mode="embed"');
    expect(html).not.toContain('data-autosize');
  });

  it('lets browsers and CDNs keep a public embed: strong ETag, public caching, 304 on a repeat view', async () => {
    const res = await get('/embed/pub');
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]{32}"$/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=30, stale-while-revalidate=30');
    const again = await get('/embed/pub', { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    const refused = await get('/embed/secret');
    expect(refused.headers.get('etag')).toBeNull();
    expect(refused.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers a repeat from memory with the same bytes and headers, per encoding, theme and method', async () => {
    const strip = (res: Response) => {
      const h = Object.fromEntries(res.headers.entries());
      delete h['date'];
      return h;
    };
    const plain = { headers: { 'accept-encoding': 'identity' } };
    const gz = { headers: { 'accept-encoding': 'gzip' } };
    const first = await get('/embed/pub?theme=dark', gz);
    const firstBody = Buffer.from(await first.arrayBuffer());
    const repeat = await get('/embed/pub?theme=dark', gz);
    expect(strip(repeat)).toEqual(strip(first));
    expect(Buffer.from(await repeat.arrayBuffer()).equals(firstBody)).toBe(true);
    const identity = await get('/embed/pub?theme=dark', plain);
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(await identity.text()).toContain('<p>clean</p>');
    const light = await (await get('/embed/pub?theme=light', plain)).text();
    expect(light).not.toEqual(await (await get('/embed/pub?theme=dark', plain)).text());
    const head = await get('/embed/pub?theme=dark', { method: 'HEAD', ...plain });
    expect([head.status, await head.text()]).toEqual([200, '']);
    // Not a plain embed path: the router answers, as for a first view.
    expect((await get('/embed/pub/extra')).status).toBe(404);
    expect((await get('/embed/%E0%A4%A')).status).toBe(400);
  });

  it('follows the owner’s network setting in the embed’s CSP, which always lets it reach the view beacon', async () => {
    const [open, closed] = await Promise.all([get('/embed/net'), get('/embed/pub')]);
    const beacon = `${APP}/api/v1/analytics/beacon`;
    // …and its own runtime API (window.storage's shared store, window.claude), no other artifact's.
    expect(open.headers.get('content-security-policy')).toContain(
      `connect-src 'self' ${beacon} ${APP}/api/v1/artifacts/net/ https: wss:;`,
    );
    expect(open.headers.get('content-security-policy')).toContain("img-src 'self' data: blob: https:;");
    expect(closed.headers.get('content-security-policy')).toContain(
      `connect-src 'self' ${beacon} ${APP}/api/v1/artifacts/pub/;`,
    );
    expect(closed.headers.get('content-security-policy')).toContain("img-src 'self' data: blob:;");
    expect(await closed.text()).toContain(`data-runtime="${APP}/api/v1/artifacts/pub"`);
  });

  it('highlights Markdown and transpiles React on the server', async () => {
    expect(await (await get('/embed/md')).text()).toContain('<span class="hljs-keyword">let</span>');
    const react = await (await get('/embed/rx')).text();
    expect(react).toContain('"imports":["react","react/jsx-runtime","react-dom/client","lucide-react"]');
    expect(react).not.toContain('sucrase');
  });

  it('serves demos from the catalogue', async () => {
    const html = await (await get('/embed/demo-task-manager')).text();
    expect(html).toContain('<h1>Task Manager</h1>');
    expect((await get('/embed/demo-nope')).status).toBe(404);
  });

  it('carries the link-preview tags in its head: title, description, canonical /view URL, Open Graph', async () => {
    const html = await (await get('/embed/md')).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head).toContain('<title>Notes — Core Vault</title>');
    expect(head).toContain(`<link rel="canonical" href="${APP}/view/md">`);
    expect(head).toContain('<meta property="og:title" content="Notes">');
    expect(head).toContain(`<meta property="og:image" content="${APP}/api/v1/artifacts/md/card.png">`);
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image">');
    // Right after the charset, before the renderer's agent and styles.
    expect(head.indexOf('<title>')).toBeGreaterThan(head.indexOf('<meta charset="utf-8">'));
    expect(head.indexOf('<title>')).toBeLessThan(head.indexOf('data-mode="embed"'));
  });

  it('puts the tags of an HTML artifact (a page of its own) first, escaped', async () => {
    const html = await (await get('/embed/pub')).text();
    expect(html.startsWith('<!doctype html>\n<title>Chart &lt;1&gt; — Core Vault</title>')).toBe(true);
    expect(html).toContain('<meta name="description" content="raw">');
  });

  it('pins ?v=N: that version, its canonical and card; a missing or invalid version is a 404', async () => {
    const res = await get('/embed/pub?v=1');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<p>version 1</p>');
    expect(html).toContain(`<link rel="canonical" href="${APP}/view/pub?v=1">`);
    expect(html).toContain(`<meta property="og:image" content="${APP}/api/v1/artifacts/pub/card.png?v=1">`);
    expect(html).toContain(`href="${APP}/view/pub?v=1" target="_blank"`);
    for (const v of ['7', '0', 'abc']) {
      const gone = await get(`/embed/pub?v=${v}`);
      expect(gone.status).toBe(404);
      expect(await gone.text()).toContain('Version not found');
    }
  });

  it('gives private and failed embeds no preview tags', async () => {
    for (const id of ['secret', 'leaky', 'nope']) {
      const html = await (await get(`/embed/${id}`)).text();
      expect(html).not.toMatch(/og:|canonical|twitter:/);
    }
  });

  it.each([
    ['secret', 403, 'This artifact is private'],
    ['leaky', 403, 'This artifact is private'],
    ['nope', 404, 'Artifact not found'],
    ['empty', 404, 'Artifact not found'],
    ['broken', 502, 'Failed to load artifact'],
    ['down', 502, 'Error loading artifact'],
    ['bad%20id', 404, 'Artifact not found'],
  ])('%s answers %i %s', async (id, status, message) => {
    const res = await get(`/embed/${id}`);
    expect(res.status).toBe(status);
    expect(await res.text()).toContain(message);
  });
});

describe('/oembed', () => {
  it('describes a public artifact as rich content with the iframe', async () => {
    const res = await get(`/oembed?url=${encodeURIComponent(`${APP}/view/pub`)}&format=json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.json()).toEqual({
      version: '1.0',
      type: 'rich',
      provider_name: 'Core Vault',
      provider_url: `${APP}/`,
      title: 'Chart <1>',
      html: `<iframe src="${origins.originFor('pub')}/embed/pub" width="100%" height="600" title="Chart &lt;1&gt;" data-cv-autosize frameborder="0" loading="lazy"></iframe><script async src="${RENDERER}/assets/embed.js"></script>`,
      width: 800,
      height: 600,
      thumbnail_url: `${APP}/api/v1/artifacts/pub/card.png`,
      thumbnail_width: 1200,
      thumbnail_height: 630,
    });
  });

  it('pins a /view/{id}?v=N link: the embed and the thumbnail of that version', async () => {
    const url = encodeURIComponent(`${APP}/view/pub?v=1`);
    const body = (await (await get(`/oembed?url=${url}&theme=dark`)).json()) as Record<string, unknown>;
    expect(body['thumbnail_url']).toBe(`${APP}/api/v1/artifacts/pub/card.png?v=1`);
    expect(body['html']).toContain(`src="${origins.originFor('pub')}/embed/pub?v=1&amp;theme=dark"`);
    const gone = encodeURIComponent(`${APP}/view/pub?v=7`);
    expect((await get(`/oembed?url=${gone}`)).status).toBe(404);
  });

  it('gives demos no thumbnail (they have no card)', async () => {
    const url = encodeURIComponent(`${APP}/view/demo-task-manager`);
    const body = (await (await get(`/oembed?url=${url}`)).json()) as Record<string, unknown>;
    expect(body['title']).toBe('Task Manager');
    expect(body).not.toHaveProperty('thumbnail_url');
  });

  it('answers the owner’s pinned height, within maxheight, without the resize script', async () => {
    const url = encodeURIComponent(`${APP}/view/tall`);
    const body = (await (await get(`/oembed?url=${url}`)).json()) as Record<string, unknown>;
    expect(body['height']).toBe(1500);
    expect(body['html']).toContain('height="1500"');
    expect(body['html']).not.toContain('data-cv-autosize');
    expect(body['html']).not.toContain('<script');
    const capped = (await (await get(`/oembed?url=${url}&maxheight=700`)).json()) as Record<string, unknown>;
    expect(capped['height']).toBe(700);
  });

  it('accepts the embed URL too and honours maxwidth/maxheight', async () => {
    const body = (await (
      await get(`/oembed?url=${encodeURIComponent(`${RENDERER}/embed/pub`)}&maxwidth=500&maxheight=300`)
    ).json()) as Record<string, unknown>;
    expect(body).toMatchObject({ width: 500, height: 300 });
    expect(body['html']).toContain('width="500" height="300"');
    // A maximum is a fixed height: no resize script.
    expect(body['html']).not.toContain('<script');
    // …and the embed URL on the artifact's own origin.
    const own = `${origins.originFor('pub')}/embed/pub`;
    expect((await get(`/oembed?url=${encodeURIComponent(own)}`)).status).toBe(200);
  });

  it.each([
    [`url=${encodeURIComponent(`${APP}/view/secret`)}`, 404],
    [`url=${encodeURIComponent('https://evil.example/view/pub')}`, 404],
    [`url=${encodeURIComponent(`${APP}/elsewhere/pub`)}`, 404],
    ['url=not-a-url', 404],
    ['', 404],
    [`url=${encodeURIComponent(`${APP}/view/pub`)}&format=xml`, 501],
  ])('%s answers %i', async (query, status) => {
    expect((await get(`/oembed?${query}`)).status).toBe(status);
  });
});

describe('static assets', () => {
  it('serves built files compressed, with an ETag and CORS for module scripts', async () => {
    const res = await get('/assets/frame.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const etag = res.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    expect((await get('/assets/frame.js', { headers: { 'If-None-Match': etag } })).status).toBe(304);
  });

  it('compresses on the wire', async () => {
    const { request } = await import('node:http');
    const raw = await new Promise<{ encoding?: string; body: Buffer }>((resolve) => {
      request(`${base}/assets/frame.js`, { headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
        );
      }).end();
    });
    expect(raw.encoding).toBe('gzip');
    expect(gunzipSync(raw.body).toString()).toMatch(/^\/\* frame \*\//);
  });

  it.each([
    '/assets/../secret.txt',
    '/assets/%2e%2e/secret.txt',
    '/vendor/.stamp',
    '/assets/missing.js',
    '/secret.txt',
  ])('does not serve %s', async (path) => {
    expect((await get(path)).status).toBe(404);
  });
});

describe('the rest', () => {
  it('answers only GET and HEAD', async () => {
    const res = await get('/embed/pub', { method: 'POST', body: 'x' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });

  it('reports ready when its assets are built', async () => {
    expect((await get('/health/ready')).status).toBe(200);
    expect((await get('/health/live')).status).toBe(200);
  });
});
