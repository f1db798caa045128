import {
  artifactShareMeta,
  clip,
  genericShareMeta,
  htmlToPlain,
  markdownToPlain,
  shareDescription,
  shareMetaTags,
} from './share-meta';

const web = 'https://vault.test/';
const subject = { id: 'abc123', title: 'Plan', type: 'HTML', content: '<p>Hello</p>', indexable: false };

describe('share meta', () => {
  it('builds per-artifact tags: title, description, canonical, Open Graph, Twitter card, image', () => {
    const meta = artifactShareMeta({ ...subject, description: 'The *plan*' }, { webOrigin: web });
    expect(meta).toMatchObject({
      title: 'Plan',
      documentTitle: 'Plan — Core Vault',
      description: 'The plan',
      canonical: 'https://vault.test/view/abc123',
      image: { url: 'https://vault.test/api/v1/artifacts/abc123/card.png', width: 1200, height: 630 },
      ogType: 'article',
      robots: 'noindex',
    });
    const html = shareMetaTags(meta);
    for (const tag of [
      '<title>Plan — Core Vault</title>',
      '<meta name="description" content="The plan">',
      '<link rel="canonical" href="https://vault.test/view/abc123">',
      '<meta property="og:title" content="Plan">',
      '<meta property="og:type" content="article">',
      '<meta property="og:url" content="https://vault.test/view/abc123">',
      '<meta property="og:site_name" content="Core Vault">',
      '<meta property="og:image" content="https://vault.test/api/v1/artifacts/abc123/card.png">',
      '<meta property="og:image:width" content="1200">',
      '<meta property="og:image:height" content="630">',
      '<meta name="twitter:card" content="summary_large_image">',
      '<meta name="robots" content="noindex">',
    ])
      expect(html).toContain(tag);
    expect(html).toMatch(/<meta property="og:image:alt" content="HTML artifact “Plan” on Core Vault">/);
  });

  it('is indexable only when the artifact says so, and never for a pinned link', () => {
    expect(artifactShareMeta({ ...subject, indexable: true }, { webOrigin: web }).robots).toBe(
      'index, follow',
    );
    const pinned = artifactShareMeta({ ...subject, indexable: true }, { webOrigin: web, pinned: 2 });
    expect(pinned).toMatchObject({
      robots: 'noindex',
      title: 'Plan (version 2)',
      canonical: 'https://vault.test/view/abc123?v=2',
      image: { url: 'https://vault.test/api/v1/artifacts/abc123/card.png?v=2' },
    });
  });

  it.each([
    ['quotes', `"Q" & 'A'`],
    ['a closing script', '</script><script>alert(1)</script>'],
    ['a closing title', '</title><title>pwned'],
    ['a tag in an attribute', '"><img src=x onerror=alert(1)>'],
  ])('escapes hostile titles and descriptions: %s', (_, hostile) => {
    const html = shareMetaTags(
      artifactShareMeta({ ...subject, title: hostile, description: hostile }, { webOrigin: web }),
    );
    expect(html).not.toMatch(/<script|<\/script|<img|<title>pwned|<\/title><title>/i);
    expect(html.match(/<title>/g)).toHaveLength(1);
    // Every attribute value is one quoted run with no raw quote inside.
    for (const [, value] of html.matchAll(/content="([^"]*)"/g)) expect(value).not.toMatch(/[<>'"]/);
  });

  it('keeps unicode whole and clips very long texts at a word, by code points', () => {
    const meta = artifactShareMeta({ ...subject, title: 'Ünïcødé 🚀 '.repeat(40) }, { webOrigin: web });
    expect(Array.from(meta.title).length).toBeLessThanOrEqual(120);
    expect(meta.title.endsWith('…')).toBe(true);
    expect(meta.title).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
    expect(clip('🚀'.repeat(10), 5)).toBe('🚀🚀🚀🚀…');
    expect(shareMetaTags(meta)).toContain('Ünïcødé 🚀');
  });

  it('describes by the description, else a text excerpt of prose, else a neutral line', () => {
    expect(
      shareDescription({
        ...subject,
        content: '<style>p{}</style><script>x()</script><h1>Hi &amp; bye</h1>',
      }),
    ).toBe('Hi & bye');
    expect(shareDescription({ ...subject, type: 'MARKDOWN', content: '# Title\n\nSome **text**' })).toBe(
      'Title Some text',
    );
    expect(shareDescription({ ...subject, type: 'REACT', content: 'export default () => null' })).toBe(
      'A React artifact shared on Core Vault.',
    );
    expect(
      Array.from(shareDescription({ ...subject, content: 'word '.repeat(400) })).length,
    ).toBeLessThanOrEqual(200);
  });

  it('turns Markdown-lite and HTML into plain text', () => {
    expect(markdownToPlain('- **a** and _b_ with `c` and [d](https://e.test)')).toBe('a and b with c and d');
    expect(htmlToPlain('<!-- x --><p>a&nbsp;&#66;&#x43;</p>')).toBe('a BC');
  });

  it('has generic tags for anything else: no image, no artifact text, noindex', () => {
    const meta = genericShareMeta(web, '/view/secret');
    expect(meta.image).toBeUndefined();
    const html = shareMetaTags(meta);
    expect(html).toContain('<title>Core Vault — Intelligence, captured</title>');
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('og:image');
  });
});
