import { type BrowserContext, type Locator, type Page } from 'playwright-core';
import { uniqueSuffix, waitFor } from '@core-vault/platform/testing';
import { recordDialogs, screenshot } from '../../support/browser';
import { ui } from '../../support/ui';
import { type SeededUser, signedInOnDashboard } from './accounts';
import { type LifeContext } from './context';

const CONFLICT =
  'This artifact was changed in another tab or device since you opened it. Your edits are still here: review the latest version, then save again.';

/**
 * Item 1 of #18 in the browser: every field edited from the card (title, description shown on the
 * view page, tags, type, content with its live preview, a version note, collections), an edit from
 * the view page's owner layout, two tabs saving the same artifact (the second gets the conflict,
 * keeps its edits, reviews the latest and saves anyway), and the description found by search.
 */
export function editingFlow(life: () => LifeContext): void {
  let user: SeededUser;
  let context: BrowserContext;
  let tab: Page;

  const url = (path: string) => `${life().stack.webUrl}${path}`;
  const card = (page: Page, title: string) =>
    page
      .getByTestId('artifact-card')
      .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  const field = (dialog: Locator, label: string) => dialog.getByLabel(label, { exact: true });

  /** An artifact made by API, as an upload would make it; returns its id. */
  async function seedArtifact(title: string, over: Record<string, unknown> = {}): Promise<string> {
    const res = await user.api('POST', '/api/v1/artifacts', {
      title,
      type: 'HTML',
      content: `<h1>${title}</h1>`,
      isPublic: true,
      ...over,
    });
    if (res.status !== 201) throw new Error(`create answered ${res.status}: ${res.text}`);
    return String((res.body['artifact'] as { id: string }).id);
  }

  async function stored(id: string): Promise<Record<string, unknown>> {
    const res = await user.api('GET', `/api/v1/artifacts/${id}`);
    return res.body['artifact'] as Record<string, unknown>;
  }

  /** The dashboard with fresh lists, then the card's Edit dialog. */
  async function openEditor(page: Page, title: string): Promise<Locator> {
    await page.goto(url('/dashboard'));
    await card(page, title).getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Edit: ${title}` });
    await field(dialog, 'Title').waitFor();
    return dialog;
  }

  beforeAll(async () => {
    ({ user, context, tab } = await signedInOnDashboard(life(), 'edit'));
  });

  afterAll(async () => {
    await context?.close();
  });

  it('edits every field from the card; the view page shows them, the versions keep the note', async () => {
    const word = `zephyr${uniqueSuffix().replace(/\W/g, '')}`;
    const title = `Edit me ${uniqueSuffix()}`;
    const id = await seedArtifact(title, { tags: ['draft'] });
    const collection = await user.api('POST', '/api/v1/collections', { name: `Reports ${uniqueSuffix()}` });
    const collectionName = String((collection.body['collection'] as { name: string }).name);
    const collectionId = String((collection.body['collection'] as { id: string }).id);

    const dialog = await openEditor(tab, title);
    const newTitle = `${title} (edited)`;
    await field(dialog, 'Title').fill(newTitle);
    await field(dialog, 'Description (optional)').fill(`Quarterly **figures** with ${word}.\n\n- one\n- two`);
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await ui.text(dialog.getByTestId('ed-description-preview').locator('strong'), 'figures');
    await dialog.getByRole('button', { name: 'Write' }).click();
    await field(dialog, 'Tags (comma-separated)').fill('report, q3');
    await field(dialog, 'Type').selectOption('MARKDOWN');
    await field(dialog, 'Content').fill('# Results\n\nUp **12%** on last quarter.');
    const preview = dialog.getByRole('region', { name: 'Live preview' });
    await preview.locator('.cv-artifact-frame iframe').waitFor();
    // The preview keeps its box while it renders and sizes itself: the fields below do not move
    // under the cursor (a tick on a collection once missed its box as the preview grew).
    const previewBox = preview.getByTestId('live-preview-box');
    const heightBefore = (await previewBox.boundingBox())?.height;
    await preview.locator('.cv-artifact-frame[data-status="rendered"]').waitFor();
    expect((await previewBox.boundingBox())?.height).toBe(heightBefore);
    await field(dialog, 'Version note (optional)').fill('Markdown instead of HTML');
    await dialog.getByLabel(collectionName).check();
    await screenshot(tab, 'artifact-life-edit-dialog');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await ui.gone(tab.getByRole('dialog'));

    // The card shows the stored artifact without a reload.
    const edited = card(tab, newTitle);
    await ui.text(edited.locator('.cv-badge').first(), 'MARKDOWN');
    await ui.text(edited.getByRole('list', { name: 'Tags' }), '#report#q3');

    const a = await stored(id);
    expect(a).toMatchObject({
      title: newTitle,
      description: `Quarterly **figures** with ${word}.\n\n- one\n- two`,
      tags: ['report', 'q3'],
      type: 'MARKDOWN',
      content: '# Results\n\nUp **12%** on last quarter.',
      version: 2,
    });
    const versions = await user.api('GET', `/api/v1/artifacts/${id}/versions`);
    expect((versions.body['versions'] as { note: string | null }[])[0]?.note).toBe(
      'Markdown instead of HTML',
    );
    const members = await user.api('GET', `/api/v1/collections/${collectionId}/artifacts`);
    expect((members.body['artifacts'] as { id: string }[]).map((x) => x.id)).toEqual([id]);

    // The view page: new title, the description as Markdown-lite.
    await tab.goto(url(`/view/${id}`));
    await ui.text(tab.getByRole('heading', { level: 1 }), newTitle);
    await ui.text(tab.getByRole('region', { name: 'About this artifact' }).locator('strong'), 'figures');
    await ui.count(tab.getByRole('region', { name: 'About this artifact' }).getByRole('listitem'), 2);

    // The collection ticked above shows ticked when the dialog opens again; unticking removes it.
    const again = await openEditor(tab, newTitle);
    const box = again.getByLabel(collectionName);
    await waitFor(() => box.isChecked(), Boolean, { what: 'the collection ticked', timeoutMs: 15_000 });
    await box.uncheck();
    await again.getByRole('button', { name: 'Save changes' }).click();
    await ui.gone(tab.getByRole('dialog'));
    const after = await user.api('GET', `/api/v1/collections/${collectionId}/artifacts`);
    expect(after.body['artifacts']).toEqual([]);
  });

  it('edits from the owner layout of the view page', async () => {
    const title = `From the view page ${uniqueSuffix()}`;
    const id = await seedArtifact(title);
    await tab.goto(url(`/view/${id}`));
    await ui.text(tab.getByRole('heading', { level: 1 }), title);
    await tab.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = tab.getByRole('dialog', { name: `Edit: ${title}` });
    await field(dialog, 'Title').fill(`${title} v2`);
    // Marks this document: the page must show the stored artifact in place, not by reloading.
    await tab.evaluate(() => Object.assign(window, { sameDocument: true }));
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await ui.text(tab.getByRole('heading', { level: 1 }), `${title} v2`);
    expect(await tab.evaluate(() => 'sameDocument' in window)).toBe(true);
    expect((await stored(id))['title']).toBe(`${title} v2`);
  });

  it('two tabs: the second save gets the conflict, loses nothing, reviews the latest and saves anyway', async () => {
    const title = `Two tabs ${uniqueSuffix()}`;
    const id = await seedArtifact(title, { description: 'First words' });
    const first = await openEditor(tab, title);
    const other = await context.newPage();
    recordDialogs(other);
    const second = await openEditor(other, title);

    await field(first, 'Title').fill(`${title} (tab 1)`);
    await first.getByRole('button', { name: 'Save changes' }).click();
    await ui.gone(tab.getByRole('dialog'));

    const mine = '<h1>Tab two content</h1>';
    await field(second, 'Description (optional)').fill('Tab two *words*');
    await field(second, 'Content').fill(mine);
    await second.getByRole('button', { name: 'Save changes' }).click();
    await ui.text(second.getByTestId('edit-conflict').getByRole('alert'), CONFLICT);
    // Nothing typed is lost, nothing was stored.
    await ui.value(field(second, 'Description (optional)'), 'Tab two *words*');
    await ui.value(field(second, 'Content'), mine);
    expect(await stored(id)).toMatchObject({ title: `${title} (tab 1)`, description: 'First words' });

    await second.getByRole('button', { name: 'Review latest' }).click();
    await ui.contains(
      second.getByRole('region', { name: 'Latest version' }),
      'Changed since you opened it: Title.',
    );
    await ui.text(second.getByTestId('latest-title'), `${title} (tab 1)`);
    await ui.text(second.getByTestId('mine-title'), title);
    await screenshot(other, 'artifact-life-edit-conflict');

    await second.getByRole('button', { name: 'Save anyway' }).click();
    await ui.gone(other.getByRole('dialog'));
    // Both tabs' edits are kept: tab 1's title, tab 2's description and content.
    expect(await stored(id)).toMatchObject({
      title: `${title} (tab 1)`,
      description: 'Tab two *words*',
      content: mine,
    });
    await other.close();
  });

  it('finds an artifact by its description in the dashboard search', async () => {
    const word = `quokka${uniqueSuffix().replace(/\W/g, '')}`;
    const title = `Searchable ${uniqueSuffix()}`;
    await seedArtifact(title);
    const dialog = await openEditor(tab, title);
    await field(dialog, 'Description (optional)').fill(`Only the description says ${word}.`);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await ui.gone(tab.getByRole('dialog'));
    // The search index follows the edit through events (searchable within about a second; longer
    // under both test lanes): the dashboard searches once, so the index must hold the edit first.
    await waitFor(
      async () => (await user.api('GET', `/api/v1/artifacts/search?q=${word}`)).body['total'],
      (total) => total === 1,
      { timeoutMs: 15_000, intervalMs: 200, what: 'the edited description in the search index' },
    );
    await tab.getByLabel('Search', { exact: true }).fill(word);
    await tab.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await ui.count(tab.getByTestId('artifact-card'), 1);
    await ui.visible(card(tab, title));
  });
}
