/// <reference lib="dom" />
// Functions passed to evaluate run in the browser: they use DOM types.
import { type BrowserContext, type Page } from 'playwright-core';
import { waitFor } from '@core-vault/platform/testing';
import { clickDelivered, collectErrors, frameStatus, onRenderer, openView } from './browser-helpers';
import { SHADCN_FIXTURES } from './react-shadcn-fixtures';
import { type RendererStack } from './stack';

const vendorPaths = (urls: string[]) =>
  urls.filter((u) => u.includes('/vendor/')).map((u) => new URL(u).pathname);

/**
 * React artifacts as Claude writes them: shadcn/ui (`@/components/ui/*`), `@/lib/utils`,
 * recharts, lucide-react, date-fns and the other libraries, through the real view page.
 */
export function reactShadcnSuite(stack: () => RendererStack) {
  let context: BrowserContext;

  beforeAll(() => stack().gateway.add(...SHADCN_FIXTURES));
  beforeEach(async () => {
    context = await stack().browser.newContext();
  });
  afterEach(async () => {
    await context.close();
  });

  async function page(): Promise<{
    page: Page;
    errors: string[];
    urls: string[];
    bytes: Map<string, number>;
  }> {
    const p = await context.newPage();
    const urls: string[] = [];
    const bytes = new Map<string, number>();
    p.on('request', (r) => urls.push(r.url()));
    // Bytes on the wire (the renderer gzips): what the artifact costs a first-time visitor.
    p.on('requestfinished', (r) => {
      void r.sizes().then((s) => bytes.set(new URL(r.url()).pathname, s.responseBodySize));
    });
    return { page: p, errors: collectErrors(p), urls, bytes };
  }

  it('a Card/Tabs/Select/Dialog/Slider dashboard with recharts, lucide and date-fns is styled and interactive', async () => {
    const { page: p, errors, urls, bytes } = await page();
    const frame = await openView(stack(), p, 'shadcn-dashboard');
    expect(await frameStatus(p)).toBe('rendered');
    expect(await frame.locator('.cv-error').count()).toBe(0);
    await frame.getByText('Starting January 1, 2024').waitFor();
    await frame.locator('.recharts-line-curve').waitFor();
    expect(await frame.locator('svg.lucide').count()).toBeGreaterThanOrEqual(2);

    // Tailwind generated shadcn's theme classes: a dark primary button, a bordered, rounded card.
    const refresh = frame.getByRole('button', { name: 'Refresh' });
    const buttonBg = await waitFor(
      () => refresh.evaluate((el) => getComputedStyle(el).backgroundColor),
      (v) => v !== 'rgba(0, 0, 0, 0)',
      { what: 'bg-primary applied', timeoutMs: 10_000 },
    );
    expect(buttonBg).toBe('rgb(15, 23, 42)'); // hsl(222.2 47.4% 11.2%)
    const card = await frame.getByTestId('card').evaluate((el) => {
      const s = getComputedStyle(el);
      return {
        width: s.borderTopWidth,
        color: s.borderTopColor,
        radius: s.borderTopLeftRadius,
        bg: s.backgroundColor,
      };
    });
    expect(card).toEqual({
      width: '1px',
      color: 'rgb(226, 232, 240)',
      radius: '12px',
      bg: 'rgb(255, 255, 255)',
    });

    await clickDelivered(refresh);
    await frame.getByText('Refreshed 1 times').waitFor();

    await clickDelivered(frame.getByRole('tab', { name: 'Settings' }));
    await frame.getByText('Target: 50%').waitFor();
    await frame.getByRole('slider').press('ArrowRight');
    await frame.getByText('Target: 55%').waitFor();

    await clickDelivered(frame.getByRole('combobox', { name: 'Range' }));
    await clickDelivered(frame.getByRole('option', { name: 'Last 14 days' }));
    await frame.getByRole('combobox', { name: 'Range' }).filter({ hasText: 'Last 14 days' }).waitFor();

    await clickDelivered(frame.getByRole('button', { name: 'Details' }));
    await frame.getByRole('dialog').getByText('14 days of sales, target 55%').waitFor();
    await frame.locator('body').press('Escape');
    await frame.getByRole('dialog').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);

    const vendor = vendorPaths(urls);
    for (const lib of [
      'ui-card',
      'ui-button',
      'ui-tabs',
      'ui-select',
      'ui-dialog',
      'ui-slider',
      'date-fns',
      'recharts',
      'lucide-react',
      'tailwind',
    ])
      expect(vendor).toContain(`/vendor/${lib}.js`);
    for (const lib of ['ui-calendar', 'ui-menubar', 'three', 'mathjs', 'tone', 'chart-js', 'framer-motion'])
      expect(vendor).not.toContain(`/vendor/${lib}.js`);
    expect(urls.every((u) => u.startsWith(stack().appOrigin) || onRenderer(stack().rendererOrigin, u))).toBe(
      true,
    );
    const kb = (paths: string[]) =>
      (paths.reduce((n, path) => n + (bytes.get(path) ?? 0), 0) / 1024).toFixed(1);
    const ui = vendor.filter((v) => v.startsWith('/vendor/ui-'));
    console.log(
      `shadcn dashboard: ${vendor.length} vendor files, ${kb(vendor)} KB transferred (shadcn ${ui.length} files ${kb(ui)} KB)`,
    );
  });

  it('finds the component without a default export: a declared-only App, a named export', async () => {
    // Two pages side by side: both artifacts load and render in parallel.
    const [unexported, named] = await Promise.all([page(), page()]);
    const [a, b] = await Promise.all([
      openView(stack(), unexported.page, 'shadcn-unexported'),
      openView(stack(), named.page, 'shadcn-named'),
    ]);
    expect(await frameStatus(unexported.page)).toBe('rendered');
    expect(await frameStatus(named.page)).toBe('rendered');

    await clickDelivered(a.getByRole('button', { name: /Unexported app/ }));
    await a.getByText('on', { exact: true }).waitFor();

    await clickDelivered(b.getByRole('switch'));
    await b.getByText('Dark mode enabled').waitFor();
    await clickDelivered(b.getByRole('button', { name: 'Save' }));
    await b.getByText('Saved settings', { exact: true }).waitFor(); // toast() and <Toaster /> share one store
    await clickDelivered(b.getByRole('button', { name: 'More' }));
    await b.getByText('Hidden details').waitFor();
    expect([...unexported.errors, ...named.errors]).toEqual([]);
  });

  it('framer-motion, react-markdown, chart.js/auto, tone, lodash, clsx and tailwind-merge load', async () => {
    const { page: p, errors, urls } = await page();
    const frame = await openView(stack(), p, 'react-more-libraries');
    expect(await frameStatus(p)).toBe('rendered');
    await frame.locator('strong', { hasText: 'Markdown works' }).waitFor();
    await frame.getByText('Tone synth: function, sum 3').waitFor();
    const vendor = vendorPaths(urls);
    for (const lib of [
      'framer-motion',
      'react-markdown',
      'chart-js-auto',
      'chart-js',
      'tone',
      'lodash',
      'clsx',
      'tailwind-merge',
    ])
      expect(vendor).toContain(`/vendor/${lib}.js`);
    // Tone's clock runs in a blob Worker, which the CSP allows (worker-src blob:): no errors at all.
    expect(errors).toEqual([]);
  });
}
