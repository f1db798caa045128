/**
 * Publishing publishes what the owner chose (#32, point 4), on the whole stack: a version saved
 * while the artifact was private stays private when the artifact is made public with its latest
 * version only — the API's pinned read, the renderer's embed (and oEmbed), the link preview of
 * /view/{id}?v=1 and its card answer exactly as for a private artifact and hold none of its text
 * — until the owner publishes all versions. Then the dashboard's Make Public dialog, in the
 * browser: what it says, the choice it offers, and History's Publish All Versions.
 */
import { uniqueSuffix } from '@core-vault/platform/testing';
import { getFollowingOnLoopback } from '../../support/loopback';
import { appContext, recordDialogs } from '../../support/browser';
import { cardAction } from '../../support/gallery';
import { type ApiAnswer, type SeededUser, call, seedTrialUser } from './accounts';
import { type LifeContext } from './context';

const GENERIC_TITLE = '<title>Core Vault — Intelligence, captured</title>';

/** The content of `<meta property|name="key" content="…">`. */
const meta = (html: string, key: string): string | undefined =>
  new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`).exec(html)?.[1];

/** A page as a crawler or an embedding site fetches it (artifact origins asked on loopback). */
const raw = async (url: string) => {
  const res = await getFollowingOnLoopback(url, { 'user-agent': 'Twitterbot/1.0' });
  return { status: res.status, text: await res.text() };
};

const created = (answer: ApiAnswer): string => {
  if (answer.status !== 201) throw new Error(`create answered ${answer.status}: ${answer.text}`);
  return String((answer.body['artifact'] as { id: string }).id);
};

export function publishedVersionsFlow(life: () => LifeContext): void {
  const secret = `merger-terms-${uniqueSuffix()}`;
  let owner: SeededUser;
  let id = '';
  let privateId = '';
  let embedUrl = '';

  beforeAll(async () => {
    owner = await seedTrialUser(life().stack, 'publish');
    // A truly private artifact: what every answer about version 1 must look like.
    privateId = created(
      await owner.api('POST', '/api/v1/artifacts', {
        title: 'Board memo',
        type: 'HTML',
        content: '<p>x</p>',
      }),
    );
    id = created(
      await owner.api('POST', '/api/v1/artifacts', {
        title: 'Launch notes',
        type: 'HTML',
        content: `<h1>Draft</h1><p>${secret} stay between us.</p>`,
      }),
    );
    expect(
      (await owner.api('PATCH', `/api/v1/artifacts/${id}`, { content: '<p>Final words.</p>' })).status,
    ).toBe(200);
    // Made public without a choice: the latest version only.
    expect((await owner.api('PATCH', `/api/v1/artifacts/${id}`, { isPublic: true })).status).toBe(200);
    const share = await owner.api('POST', `/api/v1/artifacts/${id}/share`, { channel: 'embed' });
    expect(share.status).toBe(200);
    embedUrl = String(share.body['embedUrl']);
  }, 180_000);

  it('made public with the latest version only: ?v=1 answers as private through the API, the embed, oEmbed, the link preview and the card', async () => {
    const { stack } = life();
    const { webUrl } = stack;

    const latest = await call(stack, 'GET', `/api/v1/artifacts/${id}`);
    expect(latest.status).toBe(200);
    expect(latest.text).toContain('Final words.');

    // The API, anonymous: the same answer as a private artifact's.
    const pinned = await call(stack, 'GET', `/api/v1/artifacts/${id}?v=1`);
    const asPrivate = await call(stack, 'GET', `/api/v1/artifacts/${privateId}`);
    expect(asPrivate.status).toBe(403);
    expect([pinned.status, pinned.body]).toEqual([asPrivate.status, asPrivate.body]);
    expect(pinned.text).not.toContain(secret);

    // The renderer's embed of version 1: the private artifact's page, no tags.
    const embed = await raw(`${embedUrl}?v=1`);
    const privateEmbed = await raw(embedUrl.replace(id, privateId));
    expect(privateEmbed.status).toBe(403);
    expect(embed).toEqual(privateEmbed);
    expect(embed.text).not.toContain(secret);
    expect(embed.text).not.toContain('og:');
    const renderer = new URL(embedUrl).origin;
    const oembedOf = (target: string) =>
      raw(`${renderer}/oembed?url=${encodeURIComponent(target)}&format=json`);
    expect(await oembedOf(`${webUrl}/view/${id}?v=1`)).toEqual(await oembedOf(`${webUrl}/view/${privateId}`));

    // The link preview of /view/{id}?v=1: the generic page, as for a private artifact.
    const preview = await raw(`${webUrl}/view/${id}?v=1`);
    expect(preview.status).toBe(200);
    expect(preview.text).toContain(GENERIC_TITLE);
    expect(preview.text).not.toContain(secret);
    expect(preview.text).not.toContain('Launch notes');
    expect(meta(preview.text, 'og:image')).toBeUndefined();
    expect(meta(preview.text, 'robots')).toBe('noindex');
    // Byte for byte the private artifact's page, but for the address it names (its own).
    expect(preview.text).toBe((await raw(`${webUrl}/view/${privateId}`)).text.replaceAll(privateId, id));
    // …while the latest version's preview is the artifact's.
    expect((await raw(`${webUrl}/view/${id}`)).text).toContain('<title>Launch notes — Core Vault</title>');

    // Its card: the private artifact's 404.
    const card = await call(stack, 'GET', `/api/v1/artifacts/${id}/card.png?v=1`);
    const privateCard = await call(stack, 'GET', `/api/v1/artifacts/${privateId}/card.png`);
    expect([card.status, card.body]).toEqual([404, privateCard.body]);

    // The owner still reads it.
    const mine = await owner.api('GET', `/api/v1/artifacts/${id}?v=1`);
    expect(mine.status).toBe(200);
    expect(mine.text).toContain(secret);
  });

  it('published with "all versions", version 1 is visible to anyone: API, embed and link preview', async () => {
    const { stack } = life();
    const { webUrl } = stack;
    expect((await owner.api('PATCH', `/api/v1/artifacts/${id}`, { publishVersions: 'all' })).status).toBe(
      200,
    );

    const pinned = await call(stack, 'GET', `/api/v1/artifacts/${id}?v=1`);
    expect(pinned.status).toBe(200);
    expect(pinned.text).toContain(secret);
    const embed = await raw(`${embedUrl}?v=1`);
    expect(embed.status).toBe(200);
    expect(embed.text).toContain(secret);
    const preview = await raw(`${webUrl}/view/${id}?v=1`);
    expect(preview.text).toContain('<title>Launch notes (version 1) — Core Vault</title>');
    expect(meta(preview.text, 'description')).toContain(secret);
  });

  it('the dashboard’s Make Public says which versions become public and offers the choice; History publishes the rest', async () => {
    const { stack, browser } = life();
    const dialogId = created(
      await owner.api('POST', '/api/v1/artifacts', {
        title: 'Dialog check',
        type: 'HTML',
        content: `<p>${secret} in the dialog check.</p>`,
      }),
    );
    expect(
      (await owner.api('PATCH', `/api/v1/artifacts/${dialogId}`, { content: '<p>Shown.</p>' })).status,
    ).toBe(200);
    const context = await appContext(browser, stack.webUrl);
    try {
      await context.addInitScript(() => window.localStorage.setItem('cv.onboarding-completed', 'true'));
      const tab = await owner.signIn(context);
      recordDialogs(tab);
      const card = tab
        .getByTestId('artifact-card')
        .filter({ has: tab.getByRole('heading', { name: 'Dialog check', exact: true }) });
      await cardAction(card, 'Make Public');
      const dialog = tab.getByRole('dialog', { name: 'Make Public' });
      await dialog.getByText('Version 1 was saved while this artifact was private.').waitFor();
      expect(await dialog.textContent()).toContain('Anyone with the link will see version 2, the latest.');
      const latestOnly = dialog.getByRole('radio', { name: /Latest version only/ });
      expect(await latestOnly.isChecked()).toBe(true);
      expect(await dialog.getByRole('radio', { name: /All versions/ }).isChecked()).toBe(false);
      await dialog.getByText('Version 1 stays private: only you can open it.').waitFor();
      await dialog.getByRole('button', { name: 'Make Public' }).click();
      await dialog.waitFor({ state: 'detached' });
      await card.getByText('Public', { exact: true }).waitFor();
      expect((await call(stack, 'GET', `/api/v1/artifacts/${dialogId}?v=1`)).status).toBe(403);
      expect((await call(stack, 'GET', `/api/v1/artifacts/${dialogId}?v=2`)).status).toBe(200);

      await cardAction(card, 'History');
      const history = tab.getByRole('dialog', { name: 'Version history: Dialog check' });
      await history
        .getByText('Version 1 was saved while this artifact was private: only you can open it.')
        .waitFor();
      await history.getByRole('button', { name: 'Publish All Versions' }).click();
      await history.getByText('Every version is public now.').waitFor();
      const v1 = await call(stack, 'GET', `/api/v1/artifacts/${dialogId}?v=1`);
      expect(v1.status).toBe(200);
      expect(v1.text).toContain(secret);
    } finally {
      await context.close();
    }
  });
}
