/** The SPA's signed-in and form pages: nothing for a search engine. */
export const DISALLOWED_PATHS = [
  '/api/',
  '/api-docs',
  '/dashboard',
  '/upload',
  '/billing',
  '/account',
  '/analytics',
  '/domains',
  '/preview',
  '/complete-registration',
  '/login',
  '/register',
  '/forgot-password',
] as const;

/** robots.txt: public pages and shared artifacts may be crawled; which ones, the sitemap says. */
export function robotsTxt(webOrigin: string): string {
  return [
    'User-agent: *',
    'Allow: /$',
    'Allow: /view/',
    ...DISALLOWED_PATHS.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${webOrigin.replace(/\/+$/, '')}/sitemap.xml`,
    '',
  ].join('\n');
}
