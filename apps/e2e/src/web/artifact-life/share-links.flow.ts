/**
 * Links that look right where they are pasted (#18): what a crawler or a chat's link unfurler
 * gets from the first HTML response — fetched without a browser, from the stack's web server as
 * a visitor would reach it — plus the preview image, the embed's tags, oEmbed, robots.txt and
 * sitemap.xml. One browser check: the SPA still starts from the tagged page.
 */
import { type ApiAnswer, type SeededUser, seedTrialUser } from './accounts';
import { type LifeContext } from './context';
import { getFollowingOnLoopback } from '../../support/loopback';

const PNG_MAGIC = '89504e470d0a1a0a';

/** Width and height of a PNG from its IHDR chunk (the first after the signature). */
const pngSize = (png: Buffer) => ({
  magic: png.subarray(0, 8).toString('hex'),
  chunk: png.toString('latin1', 12, 16),
  width: png.readUInt32BE(16),
  height: png.readUInt32BE(20),
});

/** The content of `<meta property|name="key" content="…">` (the tags are ours: one format). */
function meta(html: string, key: string): string | undefined {
  const match = new RegExp(
    `<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`,
  ).exec(html);
  return match?.[1];
}

const raw = async (url: string) => {
  // Renderer URLs answer on the artifact's own origin ({label}.localhost), which Node's resolver
  // may not know: asked on loopback with the URL's Host, redirects followed.
  const res = await getFollowingOnLoopback(url, { 'user-agent': 'Twitterbot/1.0' });
  return { res, text: await res.text() };
};

/** A response's bytes (every body is read: an unread one holds its connection). */
const bytes = async (url: string) => {
  const res = await fetch(url);
  return { res, body: Buffer.from(await res.arrayBuffer()) };
};

const created = (answer: ApiAnswer): string => {
  if (answer.status !== 201) throw new Error(`create answered ${answer.status}: ${answer.text}`);
  return String((answer.body['artifact'] as { id: string }).id);
};

export function shareLinksFlow(life: () => LifeContext): void {
  let owner: SeededUser;
  let quiet: SeededUser;
  let publicId = '';
  let privateId = '';
  let hiddenId = '';
  const title = 'Quarterly "launch" plan </title><script>alert(1)</script>';

  beforeAll(async () => {
    const { stack } = life();
    [owner, quiet] = await Promise.all([seedTrialUser(stack, 'share'), seedTrialUser(stack, 'share-quiet')]);
    const allow = await owner.api('PUT', '/api/v1/artifact-settings', { allowIndexing: true });
    expect(allow.status).toBe(200);
    publicId = created(
      await owner.api('POST', '/api/v1/artifacts', {
        title,
        description: 'Goals, owners and **dates** for the next quarter.',
        type: 'HTML',
        content: '<h1>Plan</h1><p>Ship it.</p>',
        isPublic: true,
      }),
    );
    privateId = created(
      await owner.api('POST', '/api/v1/artifacts', {
        title: 'Secret merger memo',
        description: 'Confidential numbers',
        type: 'HTML',
        content: '<p>confidential</p>',
        isPublic: false,
      }),
    );
    // Public, but its owner never allowed indexing: not in the sitemap.
    hiddenId = created(
      await quiet.api('POST', '/api/v1/artifacts', {
        title: 'Public but not indexed',
        type: 'MARKDOWN',
        content: '# Hello',
        isPublic: true,
      }),
    );
  }, 180_000);

  it('the raw HTML of /view/{id} carries the public artifact’s title, description, canonical, Open Graph and Twitter tags', async () => {
    const { webUrl } = life().stack;
    const { res, text: html } = await raw(`${webUrl}/view/${publicId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const escaped = 'Quarterly &quot;launch&quot; plan &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;';
    expect(html).toContain(`<title>${escaped} — Core Vault</title>`);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(meta(html, 'description')).toBe('Goals, owners and dates for the next quarter.');
    expect(html).toContain(`<link rel="canonical" href="${webUrl}/view/${publicId}">`);
    expect(meta(html, 'og:title')).toBe(escaped);
    expect(meta(html, 'og:type')).toBe('article');
    expect(meta(html, 'og:url')).toBe(`${webUrl}/view/${publicId}`);
    expect(meta(html, 'og:site_name')).toBe('Core Vault');
    expect(meta(html, 'og:image')).toBe(`${webUrl}/api/v1/artifacts/${publicId}/card.png`);
    expect([meta(html, 'og:image:width'), meta(html, 'og:image:height')]).toEqual(['1200', '630']);
    expect(meta(html, 'og:image:alt')).toContain('HTML artifact');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    // Public and its owner allows indexing.
    expect(meta(html, 'robots')).toBe('index, follow');
    // Still the SPA's page: its built entry script is there.
    expect(html).toMatch(/<script type="module"[^>]* src="\/assets\/[^"]+\.js"/);
  });

  it('the preview image is a 1200×630 PNG, cacheable, through the web server', async () => {
    const { webUrl } = life().stack;
    const { res, body } = await bytes(`${webUrl}/api/v1/artifacts/${publicId}/card.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    expect(res.headers.get('etag')).toBeTruthy();
    expect(pngSize(body)).toEqual({
      magic: PNG_MAGIC,
      chunk: 'IHDR',
      width: 1200,
      height: 630,
    });
  });

  it('a private artifact gets the generic tags only and no image', async () => {
    const { webUrl } = life().stack;
    const { res, text: html } = await raw(`${webUrl}/view/${privateId}`);
    expect(res.status).toBe(200);
    expect(html).toContain('<title>Core Vault — Intelligence, captured</title>');
    expect(html).not.toMatch(/Secret|merger|Confidential|confidential/);
    expect(meta(html, 'og:image')).toBeUndefined();
    expect(meta(html, 'robots')).toBe('noindex');
    const card = await bytes(`${webUrl}/api/v1/artifacts/${privateId}/card.png`);
    expect(card.res.status).toBe(404);
    expect(card.res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(card.body.toString()).not.toMatch(/Secret|merger/);
    // The same for an id that does not exist.
    expect(meta((await raw(`${webUrl}/view/no-such-artifact`)).text, 'og:title')).toBe(
      'Core Vault — Intelligence, captured',
    );
  });

  it('the SPA still starts from the tagged page and shows the artifact', async () => {
    const { stack, browser } = life();
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${stack.webUrl}/view/${publicId}`);
      await page.getByText('Quarterly "launch" plan', { exact: false }).first().waitFor();
      expect(await page.title()).toContain('Quarterly');
    } finally {
      await context.close();
    }
  });

  it('a pinned link names its version, with that version’s image', async () => {
    const { webUrl } = life().stack;
    const edit = await owner.api('PATCH', `/api/v1/artifacts/${publicId}`, {
      content: '<h1>Plan</h1><p>v2</p>',
    });
    expect(edit.status).toBe(200);
    const { text: pinned } = await raw(`${webUrl}/view/${publicId}?v=1`);
    expect(meta(pinned, 'og:image')).toBe(`${webUrl}/api/v1/artifacts/${publicId}/card.png?v=1`);
    expect(pinned).toContain(`<link rel="canonical" href="${webUrl}/view/${publicId}?v=1">`);
    expect(meta(pinned, 'og:title')).toMatch(/\(version 1\)$/);
    const v1 = await bytes(`${webUrl}/api/v1/artifacts/${publicId}/card.png?v=1`);
    expect(v1.res.status).toBe(200);
    expect(pngSize(v1.body)).toMatchObject({ width: 1200, height: 630 });
  });

  it('the embed carries the same tags; oEmbed gives the card as thumbnail, pinned like the link', async () => {
    const { webUrl } = life().stack;
    const share = await owner.api('POST', `/api/v1/artifacts/${publicId}/share`, { channel: 'embed' });
    expect(share.status).toBe(200);
    const embedUrl = String(share.body['embedUrl']);
    const embed = await raw(embedUrl);
    expect(embed.res.status).toBe(200);
    expect(embed.text).toContain(`<link rel="canonical" href="${webUrl}/view/${publicId}">`);
    expect(meta(embed.text, 'og:image')).toBe(`${webUrl}/api/v1/artifacts/${publicId}/card.png`);
    expect(meta(embed.text, 'description')).toBe('Goals, owners and dates for the next quarter.');
    const pinnedEmbed = await raw(`${embedUrl}?v=1`);
    expect(pinnedEmbed.text).toContain(`<link rel="canonical" href="${webUrl}/view/${publicId}?v=1">`);

    const renderer = new URL(embedUrl).origin;
    const oembed = await raw(
      `${renderer}/oembed?url=${encodeURIComponent(`${webUrl}/view/${publicId}?v=1`)}&format=json`,
    );
    expect(oembed.res.status).toBe(200);
    const body = JSON.parse(oembed.text) as Record<string, unknown>;
    expect(body).toMatchObject({
      title,
      thumbnail_url: `${webUrl}/api/v1/artifacts/${publicId}/card.png?v=1`,
      thumbnail_width: 1200,
      thumbnail_height: 630,
    });
    const thumb = await bytes(String(body['thumbnail_url']));
    expect(thumb.res.headers.get('content-type')).toBe('image/png');
    const privateEmbed = await raw(embedUrl.replace(publicId, privateId));
    expect(privateEmbed.res.status).toBe(403);
    expect(privateEmbed.text).not.toMatch(/og:|Secret/);
  });

  it('robots.txt and sitemap.xml: crawl shared links, only owners who allowed indexing are listed', async () => {
    const { webUrl } = life().stack;
    const robots = await raw(`${webUrl}/robots.txt`);
    expect(robots.res.status).toBe(200);
    expect(robots.res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(robots.text).toContain('Allow: /view/');
    for (const path of ['/dashboard', '/billing', '/account', '/api/'])
      expect(robots.text).toContain(`Disallow: ${path}\n`);
    expect(robots.text).toContain(`Sitemap: ${webUrl}/sitemap.xml`);

    const sitemap = await raw(`${webUrl}/sitemap.xml`);
    expect(sitemap.res.status).toBe(200);
    expect(sitemap.res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(sitemap.text).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/,
    );
    expect(sitemap.text).toMatch(
      new RegExp(
        `<url><loc>${webUrl}/view/${publicId}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT[^<]+</lastmod></url>`,
      ),
    );
    expect(sitemap.text).not.toContain(hiddenId);
    expect(sitemap.text).not.toContain(privateId);
  });
}
