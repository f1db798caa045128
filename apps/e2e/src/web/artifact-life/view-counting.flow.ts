/**
 * Views counted without cookies (#20) in real Chromium: an artifact embedded in a page of another
 * origin (a tiny server started here, on another loopback port) counts exactly one embed view,
 * and a /view visit without an answer to the consent banner counts exactly one direct view —
 * with no cookie left in the browser for any origin and nothing of analytics in its storage.
 */
import { type AddressInfo } from 'node:net';
import { type Server, createServer } from 'node:http';
import { type BrowserContext } from 'playwright-core';
import { waitFor } from '@core-vault/platform/testing';
import { type SeededUser, seedTrialUser } from './accounts';
import { type LifeContext } from './context';

interface Figures {
  views: number;
  ownerViews: number;
  embedViews: number;
  directViews: number;
  referrers: { domain: string; visitors: number }[];
}

export function viewCountingFlow(life: () => LifeContext): void {
  let owner: SeededUser;
  let host: Server;
  let hostOrigin: string;
  let context: BrowserContext | undefined;

  /** The owner's statistics of one artifact; null until analytics heard of it (404). */
  const figures = async (id: string): Promise<Figures | null> => {
    const res = await owner.api('GET', `/api/v1/analytics/artifacts/${id}`);
    if (res.status === 404) return null;
    if (res.status !== 200) throw new Error(`statistics answered ${res.status}: ${res.text}`);
    return res.body as unknown as Figures;
  };

  async function publicArtifact(title: string): Promise<{ id: string; embedUrl: string }> {
    const res = await owner.api('POST', '/api/v1/artifacts', {
      title,
      type: 'HTML',
      content: `<main><h1>${title}</h1></main>`,
      isPublic: true,
    });
    if (res.status !== 201) throw new Error(`create answered ${res.status}: ${res.text}`);
    const id = String((res.body['artifact'] as { id: string }).id);
    const share = await owner.api('POST', `/api/v1/artifacts/${id}/share`, { channel: 'embed' });
    return { id, embedUrl: String(share.body['embedUrl']) };
  }

  beforeAll(async () => {
    owner = await seedTrialUser(life().stack, 'views');
    // Another site: a page on its own loopback origin that embeds whatever ?src= names.
    host = createServer((req, res) => {
      const src = new URL(req.url ?? '/', 'http://x').searchParams.get('src') ?? '';
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><title>A blog</title><h1>My post</h1><iframe src="${src.replace(/"/g, '&quot;')}" width="600" height="400"></iframe>`,
      );
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  }, 120_000);

  /**
   * A visitor's browser: headless Chromium says "HeadlessChrome" in its User-Agent, which the
   * beacon rightly takes for a bot; a person's Chrome of the same version does not.
   */
  async function visitorContext(): Promise<BrowserContext> {
    const { browser } = life();
    const userAgent = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version()} Safari/537.36`;
    return browser.newContext({ userAgent });
  }

  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  afterAll(async () => {
    await new Promise((resolve) => host?.close(resolve));
  });

  it('counts an embed on another site once, without a cookie anywhere', async () => {
    const { id, embedUrl } = await publicArtifact('Embedded on a blog');
    expect(new URL(embedUrl).origin).not.toBe(hostOrigin);
    context = await visitorContext();
    const page = await context.newPage();
    const beacons: number[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('/api/v1/analytics/beacon')) beacons.push(r.status());
    });
    await page.goto(`${hostOrigin}/?src=${encodeURIComponent(embedUrl)}`);
    const frame = page.frameLocator('iframe');
    await frame.getByRole('heading', { name: 'Embedded on a blog' }).waitFor();
    const counted = await waitFor(
      () => figures(id),
      (f) => f?.embedViews === 1,
      { timeoutMs: 30_000, intervalMs: 300, what: 'the embed view' },
    );
    expect(counted).toMatchObject({ views: 1, embedViews: 1, directViews: 0, ownerViews: 0 });
    expect(counted?.referrers).toEqual([{ domain: '127.0.0.1', visitors: 1 }]);
    expect(beacons).toEqual([204]);

    // Exactly one: a reload of the host page is a new view, counted once more — not twice.
    await page.reload();
    await frame.getByRole('heading', { name: 'Embedded on a blog' }).waitFor();
    await waitFor(
      () => figures(id),
      (f) => (f?.embedViews ?? 0) >= 2,
      { timeoutMs: 30_000, intervalMs: 300, what: 'the second embed view' },
    );
    expect(await context.cookies()).toEqual([]);
    // Settled: nothing else arrives for these two loads.
    await waitFor(
      () => Promise.resolve(beacons.length),
      (n) => n === 2,
      { what: 'two beacons' },
    );
    expect(await figures(id)).toMatchObject({ views: 2, embedViews: 2, directViews: 0 });
  });

  it('counts a /view visit without consent once, storing nothing of it in the browser', async () => {
    const { stack } = life();
    const { id } = await publicArtifact('Read without consent');
    context = await visitorContext();
    const page = await context.newPage();
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/analytics/')) calls.push(new URL(r.url()).pathname);
    });
    await page.goto(`${stack.webUrl}/view/${id}`);
    await page.getByRole('heading', { name: 'Read without consent' }).waitFor();
    // The banner is still unanswered: the view is counted by the beacon alone.
    await page.getByRole('button', { name: 'Allow' }).waitFor();
    const counted = await waitFor(
      () => figures(id),
      (f) => f?.views === 1,
      { timeoutMs: 30_000, intervalMs: 300, what: 'the direct view' },
    );
    expect(counted).toMatchObject({ views: 1, directViews: 1, embedViews: 0, ownerViews: 0 });
    expect(calls).toEqual(['/api/v1/analytics/beacon']);
    expect(await context.cookies()).toEqual([]);
    const stored = await page.evaluate(() => Object.keys(localStorage));
    expect(stored.filter((k) => k.startsWith('cv.analytics'))).toEqual([]);
  });
}
