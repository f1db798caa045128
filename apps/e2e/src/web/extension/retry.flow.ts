import { type SeededUser, seedTrialUser } from '../artifact-life/accounts';
import { ui } from '../../support/ui';
import { type ExtensionSuite } from './context';
import { forgetKey, idOfView, popupFor, popupRows, queued, storeKey } from './driver';
import { tabIdOf } from './harness';
import { adapterFixtures } from './sites';
import { allArtifacts, createKey, readArtifact } from './vault';

/**
 * A failed upload is kept and retried: the connection drops on the first try (the vault is not
 * reached), then the key is revoked; each time the item waits in the extension's queue, and
 * "Retry" saves it once it can — exactly once in the vault.
 */
export function retryFlow(suite: () => ExtensionSuite): void {
  let user: SeededUser;

  beforeAll(async () => {
    const { stack, ext } = suite();
    user = await seedTrialUser(stack, 'ext-retry');
    const key = await createKey(user);
    await storeKey(ext, key.token, user.email);
  });

  afterAll(async () => {
    await forgetKey(suite().ext);
  });

  it('keeps an upload the vault never received, and Retry saves it once', async () => {
    const { sites, ext, uploads } = suite();
    const fixture = adapterFixtures('chatgpt').find((f) => f.name === 'chat-with-canvas.html');
    if (!fixture) throw new Error('the chatgpt.com fixture is missing');
    const page = await sites.open(sites.fresh('chatgpt.com'), fixture.html);
    const { popup, rows } = await popupFor(ext, await tabIdOf(ext, page));
    const first = rows[0];
    if (!first) throw new Error('the popup found nothing');
    const item = popup.locator(`li[data-key="${first.key}"]`);
    const before = uploads.uploads.length;

    uploads.failNextFromExtension(1);
    await popup.getByRole('button', { name: `Save ${first.title}`, exact: true }).click();
    await ui.text(item.locator('.cv-row-result span'), 'The vault could not be reached.');
    expect(await queued(suite())).toBe(1);
    expect(await allArtifacts(user)).toHaveLength(0);

    await item.getByRole('button', { name: `Retry saving ${first.title}` }).click();
    await ui.text(item.locator('.cv-ok'), 'Saved.');
    const [saved] = (await popupRows(popup)).filter((r) => r.key === first.key);
    const stored = await readArtifact(user, idOfView(saved?.openUrl ?? null));
    expect({ title: stored.title, type: stored.type }).toEqual({ title: first.title, type: first.type });
    expect((await allArtifacts(user)).map((a) => a.id)).toEqual([stored.id]);
    expect(await queued(suite())).toBe(0);
    const tries = uploads.uploads.slice(before).filter((u) => u.fromExtension);
    expect(tries.map((u) => u.failed)).toEqual([true, false]);
    await popup.close();
    await page.close();
  });

  it('keeps an upload refused for a revoked key, and saves it with the new key', async () => {
    const { sites, ext } = suite();
    const fixture = adapterFixtures('claude-ai').find((f) => f.name === 'chat-with-artifact.html');
    if (!fixture) throw new Error('the claude.ai fixture is missing');
    const tokens = await user.api('GET', '/api/v1/personal-tokens');
    const live = (tokens.body['tokens'] as { id: string; revokedAt: string | null }[]).filter(
      (t) => !t.revokedAt,
    );
    for (const t of live)
      expect((await user.api('DELETE', `/api/v1/personal-tokens/${t.id}`)).status).toBeLessThan(300);
    const have = (await allArtifacts(user)).length;

    const page = await sites.open(sites.fresh('claude.ai'), fixture.html);
    const { popup, rows } = await popupFor(ext, await tabIdOf(ext, page));
    const first = rows[0];
    if (!first) throw new Error('the popup found nothing');
    const item = popup.locator(`li[data-key="${first.key}"]`);
    await popup.getByRole('button', { name: `Save ${first.title}`, exact: true }).click();
    await ui.contains(item.locator('.cv-row-result span'), 'did not accept the saved key');
    expect(await queued(suite())).toBe(1);

    const fresh = await createKey(user, 'Browser extension again (e2e)');
    await storeKey(ext, fresh.token, user.email);
    await item.getByRole('button', { name: `Retry saving ${first.title}` }).click();
    await ui.text(item.locator('.cv-ok'), 'Saved.');
    const after = await allArtifacts(user);
    expect(after).toHaveLength(have + 1);
    expect(after.filter((a) => a.title === first.title)).toHaveLength(1);
    expect(await queued(suite())).toBe(0);
    await popup.close();
    await page.close();
  });
}
