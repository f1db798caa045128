import { artifactShareMeta, genericShareMeta, shareMetaTags } from '@core-vault/contracts';
import { injectShareTags } from './share-head';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Core Vault — Intelligence, captured</title>
    <meta name="description" content="Keep, organise and share the artifacts your AI assistant produces." />
    <meta name="robots" content="index, follow" />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

const web = 'https://vault.test';
const tagsOf = (title: string, description = '') =>
  shareMetaTags(artifactShareMeta({ id: 'a1', title, type: 'HTML', description }, { webOrigin: web }));

describe('injectShareTags', () => {
  it('replaces the generic title, description and robots and keeps the SPA entry', () => {
    const html = injectShareTags(INDEX, tagsOf('My plan'));
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>My plan — Core Vault</title>');
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html.match(/name="robots"/g)).toHaveLength(1);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('Intelligence, captured');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(html).toContain('<meta name="viewport"');
    // Right after <meta charset>: within the bytes a crawler reads first.
    expect(html.indexOf('<title>')).toBeGreaterThan(html.indexOf('<meta charset'));
    expect(html.indexOf('<title>')).toBeLessThan(html.indexOf('<meta name="viewport"'));
  });

  it.each([
    ['</script>', '</script><script>alert(1)</script>'],
    ['</title>', '</title><title>second'],
    ['</head>', '</head><body onload=alert(1)>'],
    ['quotes', `" onload="alert(1)' x='`],
    ['a huge title', 'A'.repeat(100_000)],
  ])('a hostile title (%s) stays text inside one <head>', (_, title) => {
    const html = injectShareTags(INDEX, tagsOf(title, title));
    expect(html.match(/<head>/g)).toHaveLength(1);
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).not.toMatch(/<body onload|<title>second/);
    // Every attribute value is one quoted run: no tag or quote of the title gets out of it.
    for (const [, value] of html.matchAll(/content="([^"]*)"/g)) expect(value).not.toMatch(/[<>'"]/);
    // charset and viewport of the index, then the 17 tags of a public artifact: none split or added.
    expect(html.match(/<meta /g)).toHaveLength(2 + 17);
    expect(html.length).toBeLessThan(INDEX.length + 4_000);
  });

  it('the generic tags of a private or unknown artifact say nothing about it', () => {
    const html = injectShareTags(INDEX, shareMetaTags(genericShareMeta(web, '/view/secret')));
    expect(html).toContain('<title>Core Vault — Intelligence, captured</title>');
    expect(html).not.toContain('og:image');
    expect(html).toContain('<meta name="robots" content="noindex">');
  });

  it('refuses an index without a head (a wrong WEB_INTERNAL_URL answers something else)', () => {
    expect(() => injectShareTags('<html><body>hi</body></html>', '<title>x</title>')).toThrow(/head/);
  });
});
