import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  APP_PAGE_CSP,
  APP_PAGE_DEV_CSP,
  APP_PAGE_HEADERS,
  appPageMetaPolicy,
  appPageMetaTag,
} from './page-security';

const directives = (policy: string) =>
  new Map(
    policy.split(';').map((d) => {
      const [name = '', ...values] = d.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );

describe('the app page policy', () => {
  it('allows scripts from the app (and Stripe.js) only, no inline script, and no framing', () => {
    const header = directives(APP_PAGE_CSP);
    expect(header.get('script-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(header.get('frame-ancestors')).toEqual(["'none'"]);
    expect(header.get('object-src')).toEqual(["'none'"]);
    expect(APP_PAGE_CSP).not.toMatch(/unsafe-(inline|eval)/);
    // Only the dev server allows Vite's inline React Refresh preamble.
    expect(directives(APP_PAGE_DEV_CSP).get('script-src')).toContain("'unsafe-inline'");
    expect(APP_PAGE_HEADERS['X-Frame-Options']).toBe('DENY');
  });

  it("frames the renderer's own origin and its artifacts' origins, nothing else of ours", () => {
    const meta = directives(appPageMetaPolicy('http://localhost:4300'));
    expect(meta.get('frame-src')).toEqual([
      'http://localhost:4300',
      'http://*.localhost:4300',
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
    ]);
    expect(meta.get('default-src')).toEqual(["'self'"]);
    expect(meta.get('style-src')).toEqual(["'self'"]);
    // Ignored in a <meta> policy (Chromium warns): it is the header's.
    expect(meta.has('frame-ancestors')).toBe(false);
    expect(appPageMetaPolicy('https://usercontent.corevault.example')).toContain(
      'frame-src https://usercontent.corevault.example https://*.usercontent.corevault.example ',
    );
    expect(appPageMetaTag('http://localhost:4300')).toMatch(
      /^<meta http-equiv="Content-Security-Policy" content="[^"<>]+" \/>$/,
    );
  });

  it('is what nginx sends (deploy/docker/web/security-headers.conf), header for header', () => {
    // From this spec's folder (apps/web/src/lib) to the repository's deploy/.
    const conf = readFileSync(
      resolve(__dirname, '../../../../deploy/docker/web/security-headers.conf'),
      'utf8',
    );
    const sent = new Map(
      [...conf.matchAll(/^add_header (\S+) "([^"]*)" always;$/gm)].map((m) => [m[1] ?? '', m[2] ?? '']),
    );
    expect(sent.get('Content-Security-Policy')).toBe(APP_PAGE_CSP);
    for (const [name, value] of Object.entries(APP_PAGE_HEADERS))
      expect([name, sent.get(name)]).toEqual([name, value]);
  });
});
