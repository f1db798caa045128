/** One entry of the artifacts service's public sitemap listing (GET /api/v1/artifacts/sitemap). */
export interface SitemapEntry {
  id: string;
  updatedAt: string;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const xml = (s: string): string =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

const trim = (origin: string) => origin.replace(/\/+$/, '');

/** W3C datetime as sitemaps.org asks; an unreadable date leaves <lastmod> out. */
function lastmod(value: string): string | null {
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** A <urlset> of public /view/{id} pages whose owners allow indexing. */
export function sitemapUrlset(webOrigin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((e) => {
    const mod = lastmod(e.updatedAt);
    const loc = `${trim(webOrigin)}/view/${encodeURIComponent(e.id)}`;
    return `<url><loc>${xml(loc)}</loc>${mod ? `<lastmod>${mod}</lastmod>` : ''}</url>`;
  });
  return `${XML_HEAD}\n<urlset xmlns="${NS}">\n${urls.join('\n')}${urls.length ? '\n' : ''}</urlset>\n`;
}

/** A <sitemapindex> of the listing's pages: /sitemap.xml?page=1..pages. */
export function sitemapIndex(
  webOrigin: string,
  pages: readonly { page: number; lastmod: string | null }[],
): string {
  const items = pages.map((p) => {
    const loc = `${trim(webOrigin)}/sitemap.xml?page=${p.page}`;
    const mod = p.lastmod ? lastmod(p.lastmod) : null;
    return `<sitemap><loc>${xml(loc)}</loc>${mod ? `<lastmod>${mod}</lastmod>` : ''}</sitemap>`;
  });
  return `${XML_HEAD}\n<sitemapindex xmlns="${NS}">\n${items.join('\n')}\n</sitemapindex>\n`;
}
