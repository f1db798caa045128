import { type SeededUser, seedTrialUser } from '../artifact-life/accounts';
import { ui } from '../../support/ui';
import { type ExtensionSuite } from './context';
import {
  type PopupRow,
  forgetKey,
  idOfView,
  includePageAddress,
  menuClick,
  popupFor,
  saveAll,
  storeKey,
} from './driver';
import { tabIdOf, triggerAction } from './harness';
import { adapterFixtures, genericPage } from './sites';
import { type StoredArtifact, createKey, readArtifact } from './vault';

/** Where each adapter's fixtures are served, and the site their captures name. */
const HOSTS = { 'claude-ai': 'claude.ai', chatgpt: 'chatgpt.com', generic: 'example.org' } as const;
const SITES = { 'claude-ai': 'claude.ai', chatgpt: 'chatgpt.com', generic: 'web' } as const;

type Source = {
  site?: string;
  url?: string;
  assistant?: string;
  model?: string;
  kind?: string;
  capturedAt?: string;
};

/**
 * Signed in with a personal access token (made through the API with the user's session, pasted
 * in the options page): every adapter's fixture page and a generic page saved through the popup
 * ("Save all") and through the context-menu path, each item found in the vault with the type and
 * title the popup showed and the provenance the extension sent (site, capture time, assistant and
 * model where the page shows them, no page address unless the user allows it).
 */
export function tokenFlow(suite: () => ExtensionSuite): void {
  let user: SeededUser;

  /**
   * The provenance the vault keeps for an artifact (its metadata.source), checked against what
   * the extension sent for it (the create body with the same content): the vault keeps it as sent.
   */
  const sourceOf = (stored: StoredArtifact & { content: string }): Source => {
    const sent = suite()
      .uploads.uploads.filter((u) => u.fromExtension && !u.failed)
      .flatMap((u) => u.artifacts)
      .filter((a) => a['content'] === stored.content)
      .map((a) => (a['metadata'] as { source?: Source } | undefined)?.source);
    if (sent.length === 0) throw new Error(`no upload from the extension carried ${stored.title}`);
    // The same content may have been sent before (another flow, another user): one of them.
    const kept = stored.metadata['source'] as Source | undefined;
    expect(sent).toContainEqual(kept);
    return kept ?? {};
  };

  /** Each saved row's artifact in the vault: same title and type; the provenance it keeps. */
  async function inVault(
    rows: PopupRow[],
  ): Promise<{ row: PopupRow; stored: StoredArtifact; source: Source }[]> {
    return Promise.all(
      rows.map(async (row) => {
        const stored = await readArtifact(user, idOfView(row.openUrl));
        expect({ title: stored.title, type: stored.type }).toEqual({ title: row.title, type: row.type });
        return { row, stored, source: sourceOf(stored) };
      }),
    );
  }

  beforeAll(async () => {
    const { stack, ext } = suite();
    user = await seedTrialUser(stack, 'ext-token');
    const key = await createKey(user);
    await storeKey(ext, key.token, user.email);
  });

  afterAll(async () => {
    await forgetKey(suite().ext);
  });

  it('saves everything the popup finds on every adapter fixture and a generic page', async () => {
    const { sites, ext, stack } = suite();
    const fixtures = (Object.keys(HOSTS) as (keyof typeof HOSTS)[]).flatMap((adapter) =>
      adapterFixtures(adapter).map((f) => ({ adapter, name: f.name, html: f.html })),
    );
    const pages = await Promise.all(
      fixtures.map(async (f) => ({ ...f, page: await sites.open(sites.fresh(HOSTS[f.adapter]), f.html) })),
    );
    // Not one of the extension's hosts: the toolbar button grants it each such page (activeTab).
    for (const { adapter, page } of pages) if (adapter === 'generic') await triggerAction(ext, page);

    const saved = await Promise.all(
      pages.map(async (p) => {
        const { popup, rows } = await popupFor(ext, await tabIdOf(ext, p.page));
        return { ...p, popup, rows: await saveAll(popup, rows.length) };
      }),
    );
    const rowsOf = (name: string) => saved.find((s) => s.name === name)?.rows ?? [];

    // The open artifact or canvas first, then the code blocks, then (any page) the page itself.
    expect(rowsOf('chat-with-artifact.html')[0]).toMatchObject({
      title: 'Pomodoro Timer',
      type: 'REACT',
      kind: 'Artifact',
    });
    expect(
      rowsOf('chat-with-artifact.html')
        .filter((r) => r.kind === 'Code block')
        .map((r) => r.type),
    ).toEqual(expect.arrayContaining(['HTML', 'REACT', 'SVG', 'MARKDOWN']));
    // The preview tab's frame cannot be read: only the code blocks are offered.
    expect(rowsOf('preview-only.html').map((r) => r.kind)).not.toContain('Artifact');
    expect(rowsOf('chat-with-canvas.html')[0]).toMatchObject({
      title: 'Fibonacci Visualiser',
      type: 'HTML',
      kind: 'Canvas',
    });
    expect(rowsOf('document-canvas-no-switcher.html')[0]).toMatchObject({
      title: 'Lisbon Weekend Plan',
      kind: 'Canvas',
    });
    expect(rowsOf('blog-post.html').map((r) => r.kind)).toEqual([
      'Code block',
      'Code block',
      'Code block',
      'Whole page',
    ]);
    expect(rowsOf('blog-post.html')[0]?.type).toBe('SVG');
    expect(rowsOf('plain-page.html')).toEqual([
      expect.objectContaining({ title: 'Opening hours', type: 'HTML', kind: 'Whole page' }),
    ]);

    for (const { adapter, name, rows } of saved) {
      const found = await inVault(rows);
      for (const { source } of found) {
        expect(source.site).toBe(SITES[adapter]);
        expect(Date.parse(source.capturedAt ?? '')).toBeGreaterThan(Date.now() - 10 * 60_000);
        // The page address stays out unless the user allows it (options: off by default).
        expect(source.url).toBeUndefined();
        if (adapter === 'generic') expect(source.assistant).toBeUndefined();
        else expect(source.assistant).toBe(adapter === 'claude-ai' ? 'Claude' : 'ChatGPT');
      }
      const models = new Set(found.map((f) => f.source.model));
      if (name === 'chat-with-artifact.html') expect([...models]).toEqual(['Claude Sonnet 4']);
      if (name === 'preview-only.html') expect([...models]).toEqual(['Claude Opus 4.1']);
      if (adapter === 'chatgpt') expect([...models]).toEqual([expect.stringMatching(/4o/)]);
    }

    // "Open" leads to the artifact's page in the vault; "Copy link" copies that address.
    const claude = saved.find((s) => s.name === 'chat-with-artifact.html');
    const first = claude?.rows[0];
    if (!claude || !first) throw new Error('no saved claude.ai artifact');
    expect(first.openUrl).toBe(`${stack.webUrl}/view/${idOfView(first.openUrl)}`);
    await claude.popup.bringToFront();
    const copy = claude.popup.getByRole('button', { name: `Copy the link to ${first.title}`, exact: true });
    await copy.click();
    await ui.text(copy, 'Copied!');
    // Extension pages have an opaque origin to the permission API: read it back on the vault's.
    await ext.context.grantPermissions(['clipboard-read'], { origin: stack.webUrl });
    const reader = await ext.context.newPage();
    await reader.goto(`${stack.webUrl}/robots.txt`);
    expect(await reader.evaluate(() => navigator.clipboard.readText())).toBe(first.openUrl);
    await reader.close();

    await Promise.all(saved.flatMap((s) => [s.popup.close(), s.page.close()]));
  });

  it('saves through the context menu: the code block under the cursor, all, a selection, the page', async () => {
    const { sites, ext } = suite();
    const claude = adapterFixtures('claude-ai').find((f) => f.name === 'chat-with-artifact.html');
    const chatgpt = adapterFixtures('chatgpt').find((f) => f.name === 'chat-with-canvas.html');
    if (!claude || !chatgpt) throw new Error('an adapter fixture is missing');
    const [claudePage, chatgptPage, notes] = await Promise.all([
      sites.open(sites.fresh('claude.ai'), claude.html),
      sites.open(sites.fresh('chatgpt.com'), chatgpt.html),
      sites.open(sites.fresh('example.org'), genericPage('Quarterly notes')),
    ]);

    // claude.ai: the menu opened over the SVG icon's code block saves that block only.
    await claudePage.locator('code.language-svg').hover();
    const svg = await menuClick(ext, await tabIdOf(ext, claudePage), { menuItemId: 'cv-save' });
    expect(svg).toMatchObject({ found: 1, handedOff: 0 });
    expect(svg.results[0]?.status).toBe('saved');
    const svgStored = await readArtifact(user, svg.results[0]?.id ?? '');
    expect(svgStored.type).toBe('SVG');
    expect(svgStored.content).toContain('fill="tomato"');
    expect(sourceOf(svgStored)).toMatchObject({ site: 'claude.ai', kind: 'code-block' });

    // chatgpt.com: "Save all artifacts on this page".
    const all = await menuClick(ext, await tabIdOf(ext, chatgptPage), { menuItemId: 'cv-save-all' });
    expect(all.found).toBeGreaterThan(1);
    expect(all.results.map((r) => r.status)).toEqual(all.results.map(() => 'saved'));
    const canvas = await readArtifact(user, all.results[0]?.id ?? '');
    expect({ title: canvas.title, type: canvas.type }).toEqual({
      title: 'Fibonacci Visualiser',
      type: 'HTML',
    });

    // Another page, after the toolbar button: the selection as Markdown, then (nothing selected,
    // nothing under the cursor) the whole page, with its address now that the user allows it.
    await triggerAction(ext, notes);
    const notesTab = await tabIdOf(ext, notes);
    const selectionText =
      '# Selected notes\n\nRevenue grew in every quarter, with the **largest** rise in the third.';
    const selected = await menuClick(ext, notesTab, { menuItemId: 'cv-save', selectionText });
    const selection = await readArtifact(user, selected.results[0]?.id ?? '');
    expect({ title: selection.title, type: selection.type }).toEqual({
      title: 'Selected notes',
      type: 'MARKDOWN',
    });
    expect(sourceOf(selection)).toMatchObject({ site: 'web', kind: 'selection' });
    expect(sourceOf(selection).url).toBeUndefined();

    await includePageAddress(ext, true);
    try {
      await notes.mouse.move(0, 0);
      const whole = await menuClick(ext, notesTab, { menuItemId: 'cv-save' });
      const page = await readArtifact(user, whole.results[0]?.id ?? '');
      expect({ title: page.title, type: page.type }).toEqual({ title: 'Quarterly notes', type: 'HTML' });
      expect(page.content).toContain('<p id="intro">Notes on the quarterly figures');
      expect(sourceOf(page)).toMatchObject({ site: 'web', kind: 'page', url: notes.url() });
    } finally {
      await includePageAddress(ext, false);
    }
    await Promise.all([claudePage.close(), chatgptPage.close(), notes.close()]);
  });
}
