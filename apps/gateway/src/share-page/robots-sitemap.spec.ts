import { robotsTxt } from './robots';
import { sitemapIndex, sitemapUrlset } from './sitemap';

describe('robots.txt', () => {
  const txt = robotsTxt('https://vault.test/');
  it('allows shared artifacts, keeps crawlers out of the app and the API, names the sitemap', () => {
    expect(txt.split('\n')[0]).toBe('User-agent: *');
    expect(txt).toContain('Allow: /view/\n');
    for (const path of ['/dashboard', '/billing', '/account', '/api/', '/upload'])
      expect(txt).toContain(`Disallow: ${path}\n`);
    expect(txt).not.toMatch(/^Disallow: \/view/m);
    expect(txt).toContain('Sitemap: https://vault.test/sitemap.xml\n');
  });
});

describe('sitemap.xml', () => {
  it('lists /view/{id} with <loc> and a W3C <lastmod>, XML-escaped', () => {
    const xml = sitemapUrlset('https://vault.test', [
      { id: 'a1', updatedAt: '2026-11-24T10:00:00.000Z' },
      { id: 'b&2', updatedAt: 'not a date' },
    ]);
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    expect(xml).toContain(
      '<url><loc>https://vault.test/view/a1</loc><lastmod>2026-11-24T10:00:00.000Z</lastmod></url>',
    );
    expect(xml).toContain('<url><loc>https://vault.test/view/b%262</loc></url>');
    expect(xml.trim().endsWith('</urlset>')).toBe(true);
  });

  it('is a valid empty urlset when nothing may be indexed', () => {
    expect(sitemapUrlset('https://vault.test', [])).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n</urlset>\n',
    );
  });

  it('indexes the pages as /sitemap.xml?page=N (escaped &amp; free, one <sitemap> each)', () => {
    const xml = sitemapIndex('https://vault.test', [
      { page: 1, lastmod: '2026-11-24T10:00:00.000Z' },
      { page: 2, lastmod: null },
    ]);
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(
      '<sitemap><loc>https://vault.test/sitemap.xml?page=1</loc><lastmod>2026-11-24T10:00:00.000Z</lastmod></sitemap>',
    );
    expect(xml).toContain('<sitemap><loc>https://vault.test/sitemap.xml?page=2</loc></sitemap>');
  });
});
