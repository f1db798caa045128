/// <reference types="chrome" />
import { type Page } from 'playwright-core';
import { ui } from '../../support/ui';
import { type SeededUser, seedTrialUser } from '../artifact-life/accounts';
import { type ExtensionSuite } from './context';
import { forgetKey, idOfView, menuClick, popupFor, queued, saveAll } from './driver';
import { tabIdOf, triggerAction } from './harness';
import { adapterFixtures, blocksPage, numberedBlock } from './sites';
import { allArtifacts, arrived } from './vault';

type KeyRow = { name: string; scopes: string[]; prefix: string };

const saved = (n: number) => `${n} artifact${n === 1 ? '' : 's'} saved from the browser extension.`;

/**
 * Signed out (no key in the extension): what is captured goes to the vault's dashboard, where the
 * user is signed in in the same browser, through the pending-uploads hand-off — from the context
 * menu at once, and from the popup's "Send to vault": 25 items, all created once (batches of 20).
 */
export function handoffFlow(suite: () => ExtensionSuite): void {
  let user: SeededUser;
  let dashboard: Page;

  beforeAll(async () => {
    const { stack, ext } = suite();
    await forgetKey(ext);
    user = await seedTrialUser(stack, 'ext-handoff');
    dashboard = await user.signIn(ext.context);
  });

  afterAll(async () => {
    await dashboard?.close();
    await forgetKey(suite().ext);
  });

  it('hands the context menu’s capture of a claude.ai page to a dashboard tab it opens', async () => {
    const { sites, ext, uploads, stack } = suite();
    const claude = adapterFixtures('claude-ai').find((f) => f.name === 'chat-with-artifact.html');
    if (!claude) throw new Error('the claude.ai fixture is missing');
    const page = await sites.open(sites.fresh('claude.ai'), claude.html);
    const before = uploads.uploads.length;
    // No vault tab open: the extension opens the dashboard itself (the session is the browser's).
    await dashboard.close();
    const opened = ext.context.waitForEvent('page', {
      predicate: (p) => p.url().startsWith(`${stack.webUrl}/dashboard`),
    });

    const outcome = await menuClick(ext, await tabIdOf(ext, page), { menuItemId: 'cv-save-all' });
    expect(outcome.results.map((r) => r.status)).toEqual(outcome.results.map(() => 'queued'));
    expect(outcome.handedOff).toBe(outcome.found);

    dashboard = await opened;
    await ui.visible(dashboard.getByText(saved(outcome.found)));
    const stored = await arrived(user, outcome.found);
    expect(stored.map((a) => a.title)).toContain('Pomodoro Timer');
    const artifact = stored.find((a) => a.title === 'Pomodoro Timer');
    expect(artifact?.type).toBe('REACT');
    // The provenance went through the hand-off too.
    expect(artifact?.metadata['source']).toMatchObject({
      site: 'claude.ai',
      assistant: 'Claude',
      model: 'Claude Sonnet 4',
      kind: 'artifact',
    });
    // …and the vault's page of the artifact says where it came from.
    const view = await ext.context.newPage();
    await view.goto(`${stack.webUrl}/view/${artifact?.id ?? ''}`);
    await ui.visible(view.getByText('Captured on claude.ai with Claude Sonnet 4'));
    await view.close();
    // The dashboard uploaded them (the extension holds no key and sent nothing itself).
    expect(uploads.uploads.slice(before).every((u) => !u.fromExtension)).toBe(true);
    await page.close();
  });

  it('sends 25 artifacts from the popup; every one arrives once, in batches of 20', async () => {
    const { sites, ext, uploads } = suite();
    const have = (await allArtifacts(user)).length;
    // 24 code blocks and the page itself: 25 found.
    const page = await sites.open(sites.fresh('example.org'), blocksPage('Figures, by module', 24));
    await triggerAction(ext, page);
    const { popup, rows } = await popupFor(ext, await tabIdOf(ext, page));
    expect(rows).toHaveLength(25);
    const before = uploads.uploads.length;

    await popup.getByRole('button', { name: 'Send to vault (25)' }).click();
    await ui.text(popup.locator('#notice'), 'Sent 25 artifacts to the vault tab.');
    await ui.visible(dashboard.getByText(saved(25)));

    const stored = (await arrived(user, have + 25)).slice(have);
    expect(stored.map((a) => a.title).sort()).toEqual(rows.map((r) => r.title).sort());
    const contents = await Promise.all(
      stored.map(async (a) => {
        const res = await user.api('GET', `/api/v1/artifacts/${a.id}`);
        return String((res.body['artifact'] as { content: string }).content);
      }),
    );
    for (let i = 1; i <= 24; i += 1) expect(contents.filter((c) => c === numberedBlock(i)).length).toBe(1);
    expect(stored.map((a) => (a.metadata['source'] as { site?: string } | undefined)?.site)).toEqual(
      stored.map(() => 'web'),
    );
    const batches = uploads.uploads.slice(before).filter((u) => u.batch && !u.fromExtension);
    expect(batches.map((b) => b.artifacts.length)).toEqual([20, 5]);
    // Nothing waits in the extension any more.
    expect(await queued(suite())).toBe(0);
    await popup.close();
    await page.close();
  });

  it('keeps what the dashboard could not upload; Retry failed then saves each item once', async () => {
    const { sites, ext, uploads } = suite();
    const fixture = adapterFixtures('chatgpt').find((f) => f.name === 'document-canvas-no-switcher.html');
    if (!fixture) throw new Error('the chatgpt.com fixture is missing');
    const have = (await allArtifacts(user)).length;
    const page = await sites.open(sites.fresh('chatgpt.com'), fixture.html);
    const { popup, rows } = await popupFor(ext, await tabIdOf(ext, page));
    const n = rows.length;

    // The dashboard's upload never reaches the vault: the items are kept, not lost.
    uploads.failNextFromPage(1);
    await popup.getByRole('button', { name: `Send to vault (${n})` }).click();
    const failed = dashboard.getByTestId('handoff-failed');
    await ui.contains(
      failed,
      `${n} artifact${n === 1 ? '' : 's'} from the browser extension could not be saved.`,
    );
    expect(await allArtifacts(user)).toHaveLength(have);

    await failed.getByRole('button', { name: 'Retry failed' }).click();
    await ui.visible(dashboard.getByText(saved(n)));
    await ui.count(failed, 0);
    const stored = (await arrived(user, have + n)).slice(have);
    expect(stored.map((a) => a.title).sort()).toEqual(rows.map((r) => r.title).sort());
    await Promise.all([popup.close(), page.close()]);
  });

  it('connects from the vault’s /extension/connect page, the key never on its window; then the popup saves with it', async () => {
    const { sites, ext, stack, uploads } = suite();
    const extensionKeys = async () =>
      ((await user.api('GET', '/api/v1/personal-tokens')).body['tokens'] as KeyRow[]).filter(
        (t) => t.name === 'Browser extension',
      );
    const connect = await ext.context.newPage();
    // A page script that hears every message posted on the window (as any third-party script or
    // another extension's content script could), from before the app's first script.
    await connect.addInitScript(() => {
      const heard: string[] = [];
      Object.assign(window, { cvHeard: heard });
      window.addEventListener('message', (e) => heard.push(JSON.stringify(e.data)), true);
    });
    await connect.goto(`${stack.webUrl}/extension/connect`);
    // The extension answered the page's ask (and its background the hello): the page knows it is there.
    await ui.contains(connect.getByTestId('extension-status'), 'is installed in this browser');
    // Nothing is created before the user's click.
    expect(await extensionKeys()).toEqual([]);
    await connect.getByRole('button', { name: 'Connect extension' }).click();
    await ui.visible(connect.getByText('Connected. You can close this tab.'));

    const made = await extensionKeys();
    expect(made.map((t) => t.scopes)).toEqual([['artifacts:read', 'artifacts:write']]);
    const kept = await (
      await ext.worker()
    ).evaluate(async () => chrome.storage.local.get<{ token?: string; email?: string }>(['token', 'email']));
    expect(kept.email).toBe(user.email);
    expect(kept.token).toMatch(/^cvpat_/);
    expect(kept.token?.startsWith(made[0]?.prefix ?? '-')).toBe(true);
    // The listener heard the handshake, and neither the key nor any part of it.
    const heard = await connect.evaluate(() => (window as unknown as { cvHeard: string[] }).cvHeard);
    expect(heard.join('\n')).toContain('cv:extension-ready');
    expect(heard.join('\n')).not.toContain(kept.token?.slice(6) ?? '-');
    expect(heard.join('\n')).not.toContain('cvpat_');
    const have = (await allArtifacts(user)).length;
    const fixture = adapterFixtures('generic').find((f) => f.name === 'plain-page.html');
    if (!fixture) throw new Error('the generic fixture is missing');
    const page = await sites.open(sites.fresh('example.org'), fixture.html);
    await triggerAction(ext, page);
    const { popup, rows } = await popupFor(ext, await tabIdOf(ext, page));
    await ui.text(popup.locator('#account'), `Saving as ${user.email}`);
    const before = uploads.uploads.length;
    const [row] = await saveAll(popup, rows.length);
    const stored = await arrived(user, have + 1);
    expect(stored.map((a) => a.id)).toContain(idOfView(row?.openUrl ?? null));
    expect(uploads.uploads.slice(before).map((u) => u.fromExtension)).toEqual([true]);
    await Promise.all([popup.close(), page.close(), connect.close()]);
  });
}
