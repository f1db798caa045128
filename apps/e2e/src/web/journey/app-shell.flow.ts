/**
 * The app's shell in a real browser (#36.3): dark mode from the system and the theme choice over
 * it, applied before the app's own code runs; the installable app's manifest and icons as the
 * web server sends them; the footer's way back to the consent choice; and the Web Share Target —
 * a share sheet's multipart POST taken by the service worker into the upload form. Run by
 * journey.int-spec.ts on its stack and browser; the share needs its signed-in context.
 */
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { type Stack } from '../../support/stack';
import { ui } from '../../support/ui';

export interface ShellContext {
  stack: Stack;
  browser: Browser;
  /** A context whose person is signed in (the journey's, at its end). */
  signedIn: BrowserContext;
}

const LIGHT_BG = 'rgb(246, 247, 251)';
const DARK_BG = 'rgb(15, 18, 32)';

/** The page's background: the tokens paint it on the root element. */
const pageBackground = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
const footer = (page: Page) => page.getByRole('contentinfo', { name: 'Site settings' });

export function appShellFlow(ctx: () => ShellContext): void {
  const url = (path: string) => `${ctx().stack.webUrl}${path}`;

  it('follows the system into dark mode; the theme choice overrides it, before the app runs', async () => {
    const context = await ctx().browser.newContext({ colorScheme: 'dark' });
    try {
      const page = await context.newPage();
      await page.goto(url('/login'));
      await page.getByRole('heading', { name: 'Sign in to Core Vault' }).waitFor();
      expect(await pageBackground(page)).toBe(DARK_BG);
      expect(await page.evaluate(() => document.documentElement.dataset['theme'] ?? null)).toBeNull();

      await footer(page).getByLabel('Theme').selectOption('light');
      expect(await pageBackground(page)).toBe(LIGHT_BG);
      expect(await page.evaluate(() => localStorage.getItem('cv.theme'))).toBe('light');

      // The stored choice holds on the next load with none of the app's scripts (public/theme.js
      // alone): no dark flash before the app starts.
      await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
      await page.reload();
      expect(await page.evaluate(() => document.documentElement.dataset['theme'])).toBe('light');
      expect(await pageBackground(page)).toBe(LIGHT_BG);
      await page.unroute(/\/assets\/.*\.js$/);

      await page.emulateMedia({ colorScheme: 'light' });
      await page.reload();
      await footer(page).getByLabel('Theme').selectOption('dark');
      expect(await pageBackground(page)).toBe(DARK_BG);
      await footer(page).getByLabel('Theme').selectOption('system');
      expect(await pageBackground(page)).toBe(LIGHT_BG);
    } finally {
      await context.close();
    }
  });

  it('serves the web app manifest with its type, and every icon it names', async () => {
    const page = await ctx().browser.newPage();
    try {
      await page.goto(url('/'));
      expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
      expect(await page.locator('link[rel="icon"][type="image/svg+xml"]').getAttribute('href')).toBe(
        '/favicon.svg',
      );
    } finally {
      await page.close();
    }
    const res = await fetch(url('/manifest.webmanifest'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as {
      name: string;
      display: string;
      start_url: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
      share_target: { action: string; method: string };
    };
    expect(manifest).toMatchObject({ name: 'Core Vault', display: 'standalone', start_url: '/dashboard' });
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const file = await fetch(url(icon.src));
      expect([icon.src, file.status, file.headers.get('content-type')]).toEqual([icon.src, 200, icon.type]);
      expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
    // Without the worker (not installed yet) the share's POST still lands on the upload form.
    const direct = await fetch(url(manifest.share_target.action), {
      method: manifest.share_target.method,
      body: new FormData(),
      redirect: 'manual',
    });
    expect([direct.status, direct.headers.get('location')]).toEqual([303, '/upload']);
  });

  it("opens the consent choice from the footer on any page, with the visitor's answer", async () => {
    const context = await ctx().browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(url('/'));
      const banner = page.getByRole('region', { name: 'Usage Analytics' });
      await banner.getByRole('button', { name: 'Decline' }).click();
      await ui.count(banner, 0);
      for (const path of ['/', '/login', '/no-such-page']) {
        await page.goto(url(path));
        await footer(page).getByRole('button', { name: 'Cookie settings' }).click();
        await ui.contains(banner, 'You currently decline this.');
        expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-labelledby'))).toBe(
          'consent-title',
        );
      }
      await banner.getByRole('button', { name: 'Allow' }).click();
      await ui.count(banner, 0);
      expect(await page.evaluate(() => localStorage.getItem('cv.analytics-consent'))).toBe('true');
    } finally {
      await context.close();
    }
  });

  it("takes what a phone's share sheet sends into the upload form (service worker)", async () => {
    const page = await ctx().signedIn.newPage();
    try {
      await page.goto(url('/upload'));
      await page.getByRole('heading', { name: 'Upload an artifact' }).waitFor();
      // The worker registers after load; the share sheet only offers an installed app, which has it.
      await page.waitForFunction(
        async () =>
          (await navigator.serviceWorker.getRegistration('/share-target/'))?.active?.state === 'activated',
        undefined,
        { polling: 200, timeout: 20_000 },
      );
      // What Chrome's share sheet does: a multipart POST navigation to the manifest's action.
      await page.evaluate(() => {
        const form = document.createElement('form');
        form.method = 'POST';
        form.action = '/share-target/';
        form.enctype = 'multipart/form-data';
        const title = Object.assign(document.createElement('input'), {
          name: 'title',
          value: 'Shared notes',
        });
        const file = Object.assign(document.createElement('input'), { type: 'file', name: 'file' });
        const files = new DataTransfer();
        files.items.add(
          new File(['# Shared\n\n- from the phone'], 'shared-notes.md', { type: 'text/markdown' }),
        );
        file.files = files.files;
        form.append(title, file);
        document.body.append(form);
        form.submit();
      });
      await page.waitForURL(url('/upload'));
      await ui.contains(page.getByRole('status').filter({ hasText: 'Shared from another app' }), 'Shared');
      await ui.value(page.getByLabel('Title'), 'Shared notes');
      await ui.value(page.getByLabel('Content'), '# Shared\n\n- from the phone');
      await ui.value(page.getByLabel('Type'), 'MARKDOWN');
      // Taken once: a reload shows the empty form.
      await page.reload();
      await page.getByRole('heading', { name: 'Upload an artifact' }).waitFor();
      await ui.value(page.getByLabel('Title'), '');
    } finally {
      await page.close();
    }
  });
}
