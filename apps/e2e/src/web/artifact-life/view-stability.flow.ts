import { type BrowserContextOptions, type Page } from 'playwright-core';
import { waitFor } from '@core-vault/platform/testing';
import { type SeededUser, seedTrialUser } from './accounts';
import { type LifeContext } from './context';

/** The public page may move at most this much while it loads (Lighthouse's "good" is 0.1). */
const MAX_CLS = 0.05;

const SCREENS: Record<'desktop' | 'phone', BrowserContextOptions> = {
  desktop: { viewport: { width: 1350, height: 940 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 },
};

/** ~20 KB of HTML: a report with a long table (taller than any screen). */
const REPORT = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Quarterly sales</title>
<style>body{font-family:system-ui;margin:24px}td{border:1px solid #ddd;padding:2px 6px}</style></head>
<body><h1>Quarterly sales</h1><table>${Array.from(
  { length: 290 },
  (_, i) =>
    `<tr><td>Region ${i + 1}</td><td>${(i * 37) % 1000}</td><td>${(i * 53) % 100}%</td><td>Note</td></tr>`,
).join('\n')}</table></body></html>`;

const COMPONENT = `import React, { useState } from 'react';
export default function Counter() {
  const [n, setN] = useState(0);
  return <button onClick={() => setN(n + 1)}>Clicked {n} times</button>;
}`;

interface Shift {
  value: number;
  sources: string[];
}

/**
 * Every layout shift of the page from its first paint (a buffered observer, installed before any
 * of the page's scripts), without input-driven ones, as the browser reports them for CLS.
 */
async function recordShifts(tab: Page): Promise<() => Promise<Shift[]>> {
  await tab.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map((s) => {
          const el = s.node instanceof Element ? s.node : s.node?.parentElement;
          return el ? `${el.tagName.toLowerCase()}.${el.className}` : '?';
        });
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => tab.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
}

/** Until the artifact rendered and its frame kept one height for 500 ms (late shifts are counted). */
async function settled(tab: Page): Promise<void> {
  await tab.locator('.cv-artifact-frame[data-status="rendered"]').waitFor({ timeout: 60_000 });
  let last = -1;
  let since = Date.now();
  await waitFor(
    async () => {
      const h = await tab
        .locator('.cv-artifact-frame iframe')
        .evaluate((el) => el.getBoundingClientRect().height);
      if (h !== last) [last, since] = [h, Date.now()];
      return Date.now() - since;
    },
    (quiet) => quiet >= 500,
    { timeoutMs: 15_000, intervalMs: 50, what: 'the frame height settled' },
  );
}

/**
 * The public page is steady (#18): no layout shift while a shared artifact loads, on a desktop
 * and a phone screen, for an HTML report taller than the screen and a React component; the SPA's
 * hashed assets are cached for good and compressed, its HTML revalidated. A link pinned to a
 * version keeps showing it after the artifact is edited.
 */
export function viewStabilityFlow(life: () => LifeContext): void {
  let owner: SeededUser;
  const ids: Record<'html' | 'react', string> = { html: '', react: '' };

  beforeAll(async () => {
    owner = await seedTrialUser(life().stack, 'steady');
    const create = async (title: string, type: string, content: string) => {
      const res = await owner.api('POST', '/api/v1/artifacts', { title, type, content, isPublic: true });
      if (res.status !== 201) throw new Error(`create answered ${res.status}: ${res.text}`);
      const artifact = res.body['artifact'] as { id?: string } | undefined;
      return String(artifact?.id ?? res.body['id']);
    };
    ids.html = await create('Quarterly sales report', 'HTML', REPORT);
    ids.react = await create('Counter', 'REACT', COMPONENT);
  }, 120_000);

  it.each([
    ['html', 'desktop'],
    ['html', 'phone'],
    ['react', 'desktop'],
    ['react', 'phone'],
  ] as const)(
    'a visitor opening the %s artifact on a %s screen sees no layout shift (CLS <= 0.05)',
    async (kind, screen) => {
      const context = await life().browser.newContext(SCREENS[screen]);
      try {
        const tab = await context.newPage();
        const shifts = await recordShifts(tab);
        await tab.goto(`${life().stack.webUrl}/view/${ids[kind]}`);
        await settled(tab);
        const seen = await shifts();
        const cls = seen.reduce((sum, s) => sum + s.value, 0);
        // The shifts themselves in the failure message: which element moved, and by how much.
        expect({ cls: cls <= MAX_CLS ? 'ok' : cls, seen }).toEqual({ cls: 'ok', seen });
        // The page is the public layout with the frame at the top of the reserved area.
        expect(await tab.locator('[data-layout="public"] main.cv-view-main iframe').count()).toBe(1);
      } finally {
        await context.close();
      }
    },
  );

  it('serves hashed assets immutable and compressed (brotli or gzip), the HTML no-cache', async () => {
    const web = life().stack.webUrl;
    const index = await fetch(`${web}/`);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(await index.text())?.[1];
    expect(script).toBeDefined();
    const plain = await (
      await fetch(`${web}${script}`, { headers: { 'accept-encoding': 'identity' } })
    ).text();
    expect(plain.length).toBeGreaterThan(10_000);
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await fetch(`${web}${script}`, { headers: { 'accept-encoding': encoding } });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')).toMatch(/Accept-Encoding/);
      expect(await res.text()).toBe(plain); // decoded, it is the bundle itself
    }
  });

  it('a pinned link (?v=N) keeps its version after an edit; errors as the view errors; the owner sees which version', async () => {
    const web = life().stack.webUrl;
    const create = await owner.api('POST', '/api/v1/artifacts', {
      title: 'Pinned notes',
      type: 'HTML',
      content: '<p>First words</p>',
      isPublic: true,
    });
    expect(create.status).toBe(201);
    const id = String((create.body['artifact'] as { id: string }).id);
    const edit = await owner.api('PATCH', `/api/v1/artifacts/${id}`, { content: '<p>Second words</p>' });
    expect(edit.status).toBe(200);
    const hidden = await owner.api('POST', '/api/v1/artifacts', {
      title: 'Hidden',
      type: 'HTML',
      content: '<p>x</p>',
      isPublic: false,
    });
    const hiddenId = String((hidden.body['artifact'] as { id: string }).id);

    const visitor = await life().browser.newContext();
    try {
      const tab = await visitor.newPage();
      const frame = tab.frameLocator('.cv-artifact-frame iframe');
      await tab.goto(`${web}/view/${id}?v=1`);
      await frame.getByText('First words').waitFor();
      expect(await frame.getByText('Second words').count()).toBe(0);
      expect(await tab.getByText(/Version 1 of 2/).count()).toBe(0); // the note is the owner's
      await tab.goto(`${web}/view/${id}`);
      await frame.getByText('Second words').waitFor();
      await tab.goto(`${web}/view/${id}?v=9`);
      await tab.getByRole('heading', { name: 'Version not found' }).waitFor();
      await tab.goto(`${web}/view/${hiddenId}?v=1`);
      await tab.getByRole('heading', { name: 'This artifact is private' }).waitFor();
    } finally {
      await visitor.close();
    }

    const mine = await life().browser.newContext();
    try {
      const tab = await owner.signIn(mine);
      await tab.goto(`${web}/view/${id}?v=1`);
      await tab.frameLocator('.cv-artifact-frame iframe').getByText('First words').waitFor();
      await tab.getByText(/Version 1 of 2/).waitFor();
      await tab.getByRole('link', { name: 'view latest' }).click();
      await tab.waitForURL(`${web}/view/${id}`);
      await tab.frameLocator('.cv-artifact-frame iframe').getByText('Second words').waitFor();
      expect(await tab.getByText(/Version \d+ of/).count()).toBe(0);
    } finally {
      await mine.close();
    }
  });
}
