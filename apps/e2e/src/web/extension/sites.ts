/**
 * The assistant sites and a generic page, served from fixtures through the context's routes: a
 * page at https://claude.ai/chat/<id> is the claude adapter's fixture, fulfilled by Playwright, so
 * the extension sees the real origin (its host permissions, its adapter choice) with no network.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type BrowserContext, type Page } from 'playwright-core';
import { uniqueSuffix, workspaceRoot } from '@core-vault/platform/testing';

const ADAPTERS = join(workspaceRoot, 'apps/extension/src/adapters');

/** The fixture pages the site adapters are tested with (apps/extension/src/adapters/<site>/fixtures). */
export function adapterFixtures(site: string): { name: string; html: string }[] {
  const dir = join(ADAPTERS, site, 'fixtures');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.html'))
    .sort()
    .map((name) => ({ name, html: readFileSync(join(dir, name), 'utf8') }));
}

/** A page on no adapted site: a heading, a code block to hover and a paragraph to select. */
export function genericPage(title: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body>
  <h1>${title}</h1>
  <p id="intro">Notes on the quarterly figures, written by hand.</p>
  <pre><code class="language-typescript">export interface Figure {
  quarter: string;
  revenue: number;
}
export const total = (figures: Figure[]): number => figures.reduce((sum, f) => sum + f.revenue, 0);</code></pre>
  <p id="selectable"># Selected notes

Revenue grew in every quarter, with the **largest** rise in the third.</p>
</body></html>`;
}

/** The code block number `i` of blocksPage(): a TypeScript module whose first line names it. */
export function numberedBlock(i: number): string {
  const n = String(i).padStart(2, '0');
  return `// Figures module ${n}
export interface Figure${n} {
  quarter: string;
  revenue: number;
}
export const total${n} = (figures: Figure${n}[]): number => figures.reduce((sum, f) => sum + f.revenue, 0);`;
}

/** A generic page holding `count` TypeScript code blocks (numberedBlock(1..count)). */
export function blocksPage(title: string, count: number): string {
  const blocks = Array.from(
    { length: count },
    (_, i) =>
      `<pre><code class="language-typescript">${numberedBlock(i + 1)
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')}</code></pre>`,
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body><h1>${title}</h1>
${blocks.join('\n')}
</body></html>`;
}

export interface Sites {
  /** Opens `html` at `url` (a URL not served yet) in a new tab. */
  open(url: string, html: string): Promise<Page>;
  /** A fresh URL on a host: https://claude.ai/chat/<id>, https://chatgpt.com/c/<id>, https://example.org/notes/<id>. */
  fresh(host: 'claude.ai' | 'chatgpt.com' | 'example.org'): string;
}

/** Routes the three hosts to the pages registered with open(); anything else on them is a 404. */
export async function serveSites(context: BrowserContext): Promise<Sites> {
  const pages = new Map<string, string>();
  for (const host of ['claude.ai', 'chatgpt.com', 'example.org'])
    await context.route(`https://${host}/**`, (route) => {
      const html = pages.get(route.request().url());
      return html === undefined
        ? route.fulfill({ status: 404, contentType: 'text/plain', body: 'not a fixture' })
        : route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
    });
  const paths = { 'claude.ai': 'chat', 'chatgpt.com': 'c', 'example.org': 'notes' } as const;
  return {
    fresh: (host) => `https://${host}/${paths[host]}/${uniqueSuffix()}`,
    async open(url, html) {
      pages.set(url, html);
      const page = await context.newPage();
      await page.goto(url);
      return page;
    },
  };
}
