/// <reference lib="dom" />
// Functions passed to page.evaluate run in the browser: they use DOM types.
import { type BrowserContext, type Page, type Request } from 'playwright-core';
import { clickDelivered, collectErrors } from './browser-helpers';
import { FIXTURES } from './fixtures';
import { type RendererStack } from './stack';

/** Bytes on the wire (headers + encoded body) of every finished request. */
async function transferred(requests: Request[]): Promise<number> {
  let total = 0;
  for (const r of requests) {
    const sizes = await r.sizes().catch(() => null);
    if (sizes) total += sizes.requestHeadersSize + sizes.responseHeadersSize + sizes.responseBodySize;
  }
  return total;
}

/** Embeds on the renderer origin: light, public only, brand link, theme, oEmbed. */
export function embedSuite(stack: () => RendererStack) {
  let context: BrowserContext;
  let page: Page;
  let requests: Request[];

  beforeEach(async () => {
    context = await stack().browser.newContext();
    requests = [];
    context.on('requestfinished', (r) => requests.push(r));
    page = await context.newPage();
  });
  afterEach(async () => {
    await context.close();
  });

  const embedCode = async (id: string, query = '') => {
    const url = `${stack().appOrigin}/view/${id}`;
    const res = await fetch(
      `${stack().rendererOrigin.replace('localhost', '127.0.0.1')}/oembed?url=${encodeURIComponent(url)}${query}`,
    );
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it.each(['public-html', 'public-md', 'public-svg'])(
    'an embed of %s transfers under 50 KB besides the artifact, without the SPA',
    async (id) => {
      const errors = collectErrors(page);
      await page.goto(`${stack().rendererOrigin}/embed/${id}`);
      await page.getByRole('link', { name: 'Core Vault' }).waitFor();
      await page.waitForLoadState('load');
      const artifact = FIXTURES.find((f) => f.id === id)!;
      const bytes = await transferred(requests);
      const besides = bytes - Buffer.byteLength(artifact.rendered ?? artifact.content);
      console.log(
        `embed ${id}: ${bytes} bytes transferred, ${besides} besides the artifact (${requests.length} requests)`,
      );
      expect(besides).toBeLessThan(50 * 1024);
      // Nothing of the app but, once the embed was seen, its view beacon.
      const app = requests.filter((r) => r.url().startsWith(stack().appOrigin));
      expect(
        app.map((r) => new URL(r.url()).pathname).filter((p) => p !== '/api/v1/analytics/beacon'),
      ).toEqual([]);
      expect(errors).toEqual([]);
    },
  );

  it('shows the artifact alone with a brand link to its page, and a dark theme on request', async () => {
    await page.goto(`${stack().rendererOrigin}/embed/public-md?theme=dark`);
    await page.getByRole('heading', { name: 'Release notes' }).waitFor();
    const brand = page.getByRole('link', { name: 'Core Vault' });
    expect(await brand.getAttribute('href')).toBe(`${stack().appOrigin}/view/public-md`);
    expect(await brand.getAttribute('target')).toBe('_blank');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      'rgb(15, 19, 32)',
    );
    await page.goto(`${stack().rendererOrigin}/embed/public-md`);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      'rgb(255, 255, 255)',
    );
  });

  it('refuses private artifacts with the spec message', async () => {
    const res = await page.goto(`${stack().rendererOrigin}/embed/private-1`);
    expect(res?.status()).toBe(403);
    await page.getByRole('heading', { name: 'This artifact is private' }).waitFor();
    expect(await page.content()).not.toContain('secret</p>');
  });

  it('a React embed loads only the libraries it imports', async () => {
    await page.goto(`${stack().rendererOrigin}/embed/react-lucide`);
    await page.getByText('Only icons here').waitFor();
    const vendor = requests.map((r) => new URL(r.url()).pathname).filter((p) => p.startsWith('/vendor/'));
    expect(vendor).toContain('/vendor/lucide-react.js');
    for (const lib of ['recharts', 'three', 'sucrase', 'tailwind'])
      expect(vendor).not.toContain(`/vendor/${lib}.js`);
  });

  it('works inside a third-party page and cannot navigate it', async () => {
    const { body } = await embedCode('public-html');
    const html = body['html'] as string;
    // The embed code names the artifact's own origin ({label}.{renderer host}).
    const host = new URL(stack().rendererOrigin).host;
    expect(html).toMatch(new RegExp(`src="http://[a-z2-7]{26}\\.${host}/embed/public-html"`));
    expect(html).toContain('width="100%"');
    expect(html).toContain('height="600"');
    expect(html).toContain('loading="lazy"');
    // A third-party site that pastes our embed code.
    const blog = `${stack().thirdPartyOrigin}/?html=${encodeURIComponent(`<h1>My blog</h1>${html}`)}`;
    await page.goto(blog);
    const frame = page.frameLocator('iframe');
    await clickDelivered(frame.getByRole('button', { name: 'Clicked 0 times' }));
    await frame.getByRole('button', { name: 'Clicked 1 times' }).waitFor();
    // A hostile embed tries to take over the page it is embedded in.
    const evil = page.frames().find((f) => f.url().includes('/embed/'));
    const outcome = await evil!.evaluate(() => {
      try {
        window.top!.location.href = 'http://evil.example/';
        return 'no exception';
      } catch (e) {
        return String(e);
      }
    });
    expect(outcome).toMatch(/not allowed|denied|Unsafe|SecurityError/i);
    expect(page.url()).toBe(blog);
  });

  it('answers oEmbed for public artifacts only', async () => {
    const ok = await embedCode('public-svg', '&maxheight=400');
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      version: '1.0',
      type: 'rich',
      provider_name: 'Core Vault',
      title: 'Logo',
      height: 400,
    });
    expect(ok.body['html']).toContain('height="400"');
    expect((await embedCode('private-1')).status).toBe(404);
    expect((await embedCode('nope')).status).toBe(404);
    expect((await embedCode('public-svg', '&format=xml')).status).toBe(501);
    const dark = await embedCode('public-svg', '&theme=dark');
    expect(dark.body['html']).toContain('/embed/public-svg?theme=dark"');
  });

  it('the SPA’s /embed/{id} forwards to the renderer, which sends it to the artifact’s own origin', async () => {
    await page.goto(`${stack().appOrigin}/embed/public-svg?theme=dark`);
    const host = new URL(stack().rendererOrigin).host;
    await page.waitForURL(new RegExp(`^http://[a-z2-7]{26}\\.${host}/embed/public-svg\\?theme=dark$`));
    await page.getByText('Vault SVG').waitFor();
  });
}
