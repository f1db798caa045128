/**
 * The share pages through the real gateway and artifacts service (both from their entry points)
 * and a web server standing in for the SPA's: the first HTML of /view/{id} carries the public
 * artifact's tags and nothing of a private one; the card, robots.txt and sitemap.xml answer.
 */
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import {
  devTokenFor,
  SERVICE_BOOT_TIMEOUT_MS,
  ServiceStack,
  testInfra,
  uniqueSuffix,
} from '@core-vault/platform/testing';

const infra = testInfra();
const suffix = uniqueSuffix();
const WEB_ORIGIN = 'https://vault.test';
const INDEX = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<title>Core Vault — Intelligence, captured</title>
<meta name="description" content="Keep, organise and share the artifacts your AI assistant produces." />
<script type="module" crossorigin src="/assets/index-test.js"></script></head>
<body><div id="root"></div></body></html>`;
/** What the SPA's web server says about its page (nginx's or vite's); /view keeps it. */
const SPA_POLICY = "default-src 'self'; script-src 'self'; object-src 'none'; frame-ancestors 'none'";
const stack = new ServiceStack();
let gw = '';
let web: Server;
let webUp = true;

beforeAll(async () => {
  web = createServer((req, res) => {
    if (!webUp || req.url !== '/index.html') return void res.writeHead(503).end();
    res.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': SPA_POLICY }).end(INDEX);
  });
  await new Promise<void>((r) => web.listen(0, '127.0.0.1', r));
  const artifacts = await stack.boot('artifacts', {
    REDIS_URL: infra.redisUrl,
    MONGO_URL: infra.mongoUrl,
    MONGO_DB: `cv_test_artifacts_share_${suffix}`,
    KAFKA_BROKERS: infra.kafkaBrokers.join(','),
    VIEW_COUNT_CONSUMER_GROUP: `artifacts-share-test-${suffix}`,
    WEB_ORIGIN,
  });
  gw = await stack.boot('gateway', {
    REDIS_URL: infra.redisUrl,
    ARTIFACTS_URL: artifacts,
    WEB_ORIGIN,
    WEB_INTERNAL_URL: `http://127.0.0.1:${(web.address() as AddressInfo).port}`,
    RATE_LIMIT_NAMESPACE: `rl:test:${suffix}`,
  });
}, 2 * SERVICE_BOOT_TIMEOUT_MS); // two boots one after the other (a hang guard each)

afterAll(async () => {
  await stack.stop();
  await new Promise((r) => web.close(r));
});

const owner = devTokenFor(`share-owner-${suffix}`);

async function create(body: Record<string, unknown>): Promise<string> {
  const res = await fetch(`${gw}/api/v1/artifacts`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${owner}`,
      'content-type': 'application/json',
      origin: WEB_ORIGIN,
      'sec-fetch-site': 'same-origin',
    },
    body: JSON.stringify({ type: 'HTML', content: '<p>Hello there</p>', ...body }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { artifact: { id: string } }).artifact.id;
}

const page = async (path: string) => {
  const res = await fetch(`${gw}${path}`);
  return { res, html: await res.text() };
};

describe('share pages', () => {
  it('/view/{id} of a public artifact: its title, description, canonical, Open Graph and card image', async () => {
    const id = await create({ title: 'Launch "plan" </title><script>x</script>', isPublic: true });
    const { res, html } = await page(`/view/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(html).toContain(
      '<title>Launch &quot;plan&quot; &lt;/title&gt;&lt;script&gt;x&lt;/script&gt; — Core Vault</title>',
    );
    expect(html).toContain('<meta name="description" content="Hello there">');
    expect(html).toContain(`<link rel="canonical" href="${WEB_ORIGIN}/view/${id}">`);
    expect(html).toContain(
      `<meta property="og:image" content="${WEB_ORIGIN}/api/v1/artifacts/${id}/card.png">`,
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('/assets/index-test.js');
    expect(html).not.toContain('<script>x</script>');

    const card = await fetch(`${gw}/api/v1/artifacts/${id}/card.png`);
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/png');
    expect(card.headers.get('etag')).toBeTruthy();
    const png = Buffer.from(await card.arrayBuffer());
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  it('/view/{id}?v=N names the version and pins its card', async () => {
    const id = await create({ title: 'Pinned plan', isPublic: true });
    const edit = await fetch(`${gw}/api/v1/artifacts/${id}`, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${owner}`,
        'content-type': 'application/json',
        origin: WEB_ORIGIN,
        'sec-fetch-site': 'same-origin',
      },
      body: JSON.stringify({ content: '<p>second</p>' }),
    });
    expect(edit.status).toBe(200);
    const { html } = await page(`/view/${id}?v=1`);
    expect(html).toContain('<title>Pinned plan (version 1) — Core Vault</title>');
    expect(html).toContain(`<link rel="canonical" href="${WEB_ORIGIN}/view/${id}?v=1">`);
    expect(html).toContain(`content="${WEB_ORIGIN}/api/v1/artifacts/${id}/card.png?v=1"`);
    const card = await fetch(`${gw}/api/v1/artifacts/${id}/card.png?v=1`);
    expect(card.status).toBe(200);
    expect(Buffer.from(await card.arrayBuffer()).readUInt32BE(16)).toBe(1200);
    // A version that is gone: the generic tags.
    expect((await page(`/view/${id}?v=9`)).html).toContain(
      '<title>Core Vault — Intelligence, captured</title>',
    );
  });

  it('/view/{id} of a private or unknown artifact: the generic tags only, same 200', async () => {
    const id = await create({ title: 'Secret merger memo', content: '<p>confidential numbers</p>' });
    for (const path of [`/view/${id}`, '/view/unknown-id-123', `/view/${id}?v=1`]) {
      const { res, html } = await page(path);
      expect(res.status).toBe(200);
      expect(html).toContain('<title>Core Vault — Intelligence, captured</title>');
      expect(html).not.toMatch(/Secret|confidential|og:image/);
      expect(html).toContain('<meta name="robots" content="noindex">');
    }
    expect((await fetch(`${gw}/api/v1/artifacts/${id}/card.png`)).status).toBe(404);
  });

  it("refuses framing everywhere: /view/{id} with the SPA's policy, /api-docs with Swagger UI's, the API with none; HSTS on https", async () => {
    const id = await create({ title: 'Framed?', isPublic: true });
    const answers = {
      view: await fetch(`${gw}/view/${id}`),
      unknown: await fetch(`${gw}/view/unknown-id-123`),
      docs: await fetch(`${gw}/api-docs`),
      spec: await fetch(`${gw}/api-docs/openapi.json`),
      api: await fetch(`${gw}/api/v1/artifacts/${id}`),
      missing: await fetch(`${gw}/api/v1/nowhere`),
      robots: await fetch(`${gw}/robots.txt`),
    };
    for (const [name, res] of Object.entries(answers)) {
      await res.arrayBuffer();
      expect([name, res.headers.get('x-frame-options')]).toEqual([name, 'DENY']);
      expect([name, res.headers.get('content-security-policy')]).toEqual([
        name,
        expect.stringContaining("frame-ancestors 'none'"),
      ]);
      expect([name, res.headers.get('x-content-type-options')]).toEqual([name, 'nosniff']);
      // WEB_ORIGIN is https here: browsers are told to keep to https.
      expect([name, res.headers.get('strict-transport-security')]).toEqual([
        name,
        'max-age=31536000; includeSubDomains',
      ]);
    }
    expect(answers.view.headers.get('content-security-policy')).toBe(SPA_POLICY);
    expect(answers.docs.headers.get('content-security-policy')).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
    expect(answers.api.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
  });

  it('robots.txt and sitemap.xml with their content types', async () => {
    const robots = await page('/robots.txt');
    expect(robots.res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(robots.html).toContain(`Sitemap: ${WEB_ORIGIN}/sitemap.xml`);
    const sitemap = await page('/sitemap.xml');
    // 200 with the listing, or 503 while the artifacts service has no sitemap route yet.
    expect(sitemap.res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(sitemap.html).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
  });

  it('answers 503 with Retry-After while the SPA index was never read', async () => {
    // This gateway read the index above; a fresh one (the web server down) has no copy.
    webUp = false;
    const fresh = await stack.boot('gateway', {
      REDIS_URL: infra.redisUrl,
      ARTIFACTS_URL: 'http://127.0.0.1:9',
      WEB_ORIGIN,
      WEB_INTERNAL_URL: `http://127.0.0.1:${(web.address() as AddressInfo).port}`,
      RATE_LIMIT_NAMESPACE: `rl:test:${suffix}`,
    });
    const res = await fetch(`${fresh}/view/anything`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    // The first gateway keeps its copy.
    expect((await page('/view/anything')).res.status).toBe(200);
    webUp = true;
  });
});
