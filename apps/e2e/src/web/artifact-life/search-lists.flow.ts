import { type BrowserContext, type Page } from 'playwright-core';
import { uniqueSuffix, waitFor } from '@core-vault/platform/testing';
import { screenshot } from '../../support/browser';
import { cardAction, closeFilters, filtersPopover } from '../../support/gallery';
import { ui } from '../../support/ui';
import { seriousViolations } from '../a11y-phones.suite';
import { type SeededUser, signedInOnDashboard } from './accounts';
import { type LifeContext } from './context';

/** The dashboard's first page (the SPA asks for 50). */
const PAGE = 50;

/**
 * #20 in the browser: the sorted list pages by cursor with "Load more", its sort in the address
 * (reload keeps it); a search narrowed by filters kept in the address (reload and back keep them),
 * its matches marked.
 */
export function searchListsFlow(life: () => LifeContext): void {
  let user: SeededUser;
  let context: BrowserContext;
  let tab: Page;

  const url = (path: string) => `${life().stack.webUrl}${path}`;
  const cards = () => tab.getByTestId('artifact-card');
  /** The searched word of the second test; the third searches it again. */
  let word = '';

  /** Artifacts made by API in batches of 20 (the batch limit), as an import would make them. */
  async function seed(artifacts: Record<string, unknown>[]): Promise<void> {
    for (let i = 0; i < artifacts.length; i += 20) {
      const res = await user.api('POST', '/api/v1/artifacts/batch', {
        artifacts: artifacts.slice(i, i + 20),
      });
      if (res.status !== 201) throw new Error(`batch answered ${res.status}: ${res.text}`);
    }
  }

  beforeAll(async () => {
    ({ user, context, tab } = await signedInOnDashboard(life(), 'lists'));
  });

  afterAll(async () => {
    await context?.close();
  });

  it('loads the next page by cursor, with the sort kept in the address across a reload', async () => {
    const n = PAGE + 5;
    await seed(
      Array.from({ length: n }, (_, i) => ({
        title: `Item ${String(i + 1).padStart(3, '0')}`,
        type: 'HTML',
        content: `<p>item ${i + 1}</p>`,
      })),
    );
    await tab.goto(url('/dashboard'));
    // The sort sits in the Filters popover (#36.2), which counts it once it is not the default.
    await (await filtersPopover(tab)).getByLabel('Sort by').selectOption({ label: 'Title A-Z' });
    await tab.waitForURL(/\/dashboard\?sort=title$/);
    await tab.reload();
    await ui.value((await filtersPopover(tab)).getByLabel('Sort by'), 'title');
    await ui.visible(tab.getByRole('button', { name: 'Filters 1 active' }));
    await closeFilters(tab);
    await ui.count(cards(), PAGE);
    await ui.text(cards().first().getByRole('heading'), 'Item 001');
    await tab.getByRole('button', { name: 'Load more' }).click();
    await ui.count(cards(), n);
    await ui.text(cards().last().getByRole('heading'), `Item ${String(n).padStart(3, '0')}`);
    await ui.count(tab.getByRole('button', { name: 'Load more' }), 0);
    await ui.text(tab.getByRole('tab', { name: /My Artifacts/ }), `My Artifacts (${n})`);
  });

  it('narrows a search with filters kept in the address, and marks the matches', async () => {
    word = `wombat${uniqueSuffix().replace(/\W/g, '')}`;
    for (const artifact of [
      {
        title: 'Badge drawing',
        type: 'SVG',
        content: `<svg><text>${word} badge</text></svg>`,
        tags: ['art'],
      },
      { title: 'Notes page', type: 'HTML', content: `<p>About the ${word} &amp; <b>friends</b></p>` },
    ]) {
      const res = await user.api('POST', '/api/v1/artifacts', artifact);
      if (res.status !== 201) throw new Error(`create answered ${res.status}: ${res.text}`);
    }
    // The search index follows the writes through events (searchable within about a second).
    await waitFor(
      async () => (await user.api('GET', `/api/v1/artifacts/search?q=${word}`)).body['total'],
      (total) => total === 2,
      { timeoutMs: 15_000, intervalMs: 200, what: 'both artifacts in the search index' },
    );
    await tab.goto(url('/dashboard'));
    await tab.getByRole('searchbox', { name: 'Search' }).fill(word);
    await tab.getByRole('search').getByRole('button', { name: 'Search', exact: true }).click();
    await ui.text(tab.getByText(/^Results for/), `Results for “${word}”: 2`);
    await ui.count(cards(), 2);

    await (await filtersPopover(tab)).getByLabel('Format', { exact: true }).selectOption('SVG');
    await tab.waitForURL((u) => u.searchParams.get('type') === 'SVG' && u.searchParams.get('q') === word);
    await ui.count(cards(), 1);
    const badge = cards().first();
    await ui.text(badge.getByRole('heading'), 'Badge drawing');
    await ui.text(badge.getByRole('list', { name: 'Matches' }).locator('mark'), word);
    await screenshot(tab, '20-search-filters');

    await tab.reload();
    await ui.value((await filtersPopover(tab)).getByLabel('Format', { exact: true }), 'SVG');
    await ui.value(tab.getByRole('searchbox', { name: 'Search' }), word);
    await ui.count(cards(), 1);

    await tab.goBack();
    await ui.value((await filtersPopover(tab)).getByLabel('Format', { exact: true }), '');
    await closeFilters(tab);
    await ui.count(cards(), 2);
    // The matches are text: nothing of the artifact's markup became an element of the page.
    const notes = cards().filter({ has: tab.getByRole('heading', { name: 'Notes page' }) });
    await ui.text(notes.getByRole('list', { name: 'Matches' }).locator('mark'), word);
    await ui.count(notes.getByRole('list', { name: 'Matches' }).locator('b, p'), 0);

    await tab.getByRole('button', { name: 'Clear' }).click();
    await tab.waitForURL(/\/dashboard$/);
    await ui.count(cards(), PAGE);
  });

  it('is a gallery at 375 px, light and dark: search first, filters in a popover, a card menu, grid/list remembered, axe clean', async () => {
    // The same session in a phone-sized window; bypassCSP: axe-core goes in as a script tag.
    const phone = await life().browser.newContext({
      storageState: await context.storageState(),
      viewport: { width: 375, height: 812 },
      hasTouch: true,
      isMobile: true,
      bypassCSP: true,
    });
    try {
      const page = await phone.newPage();
      const gallery = () => page.getByTestId('artifact-card');
      const fits = (what: string, box: { x: number; width: number } | null) => {
        if (!box) throw new Error(`${what} is not shown`);
        expect([what, box.x >= 0 && box.x + box.width <= 375]).toEqual([what, true]);
      };
      await page.goto(url(`/dashboard?q=${word}`));
      await ui.count(gallery(), 2);
      // Search comes first: the toolbar's first part, above every card.
      const search = page.getByRole('search');
      expect(await page.locator('.db-toolbar > *').first().getAttribute('role')).toBe('search');
      const searchTop = (await search.boundingBox())?.y ?? Infinity;
      expect(searchTop).toBeLessThan((await gallery().first().boundingBox())?.y ?? -1);
      expect(await seriousViolations(page)).toEqual([]);

      // A menu action: Make Public from the ⋯ menu, which fits the screen.
      const notes = gallery().filter({ has: page.getByRole('heading', { name: 'Notes page' }) });
      await notes.getByRole('button', { name: 'More actions for Notes page' }).click();
      const menu = page.getByRole('menu');
      fits('the card menu', await menu.boundingBox());
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      await cardAction(notes, 'Make Public');
      await ui.visible(notes.getByText('Public', { exact: true }));
      await waitFor(
        async () =>
          (await user.api('GET', `/api/v1/artifacts/search?q=${word}&visibility=public`)).body['total'],
        (total) => total === 1,
        { timeoutMs: 15_000, intervalMs: 200, what: 'the public one in the search index' },
      );

      // The Filters popover narrows the results, counts the filter, and resets it.
      const popover = await filtersPopover(page);
      fits('the Filters popover', await popover.boundingBox());
      await popover.getByLabel('Visibility').selectOption('public');
      await page.waitForURL((u) => u.searchParams.get('visibility') === 'public');
      await ui.count(gallery(), 1);
      await ui.text(gallery().first().getByRole('heading'), 'Notes page');
      await ui.visible(page.getByRole('button', { name: 'Filters 1 active' }));
      expect(await seriousViolations(page)).toEqual([]);
      await popover.getByRole('button', { name: 'Reset filters' }).click();
      await page.waitForURL((u) => !u.searchParams.has('visibility') && u.searchParams.get('q') === word);
      await ui.count(gallery(), 2);
      await closeFilters(page);

      // Grid or list, remembered in this browser across a reload.
      const layout = page.getByRole('group', { name: 'Layout' });
      await layout.getByRole('button', { name: 'List' }).click();
      await page.reload();
      await ui.count(gallery(), 2);
      expect(await layout.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('true');
      expect(await layout.getByRole('button', { name: 'Grid' }).getAttribute('aria-pressed')).toBe('false');
      await ui.count(page.locator('.db-layout-list'), 1);

      // Dark mode: the same page with the dark colours passes axe (contrast included).
      await page.emulateMedia({ colorScheme: 'dark' });
      expect(await seriousViolations(page)).toEqual([]);
      await layout.getByRole('button', { name: 'Grid' }).click();
      await notes.getByRole('button', { name: 'More actions for Notes page' }).click();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, '21-gallery-phone-dark');
      await page.keyboard.press('Escape');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    } finally {
      await phone.close();
    }
  });
}
