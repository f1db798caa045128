/**
 * Reuse from the public page (#35, point 4) in headless Chromium on the whole stack: a visitor
 * views the source of a public artifact, downloads it (a file named for its title with the
 * type's extension, holding its content), is sent to sign in by "Save a copy to my vault" and
 * brought back, saves the copy and finds it in their vault with a "Remixed from … by Ada L." link
 * back. The
 * owner then sees the download and the copy on their page and in their analytics, and turns
 * copies off: the button is gone and the API refuses with its reason.
 */
import { readFile } from 'node:fs/promises';
import { type BrowserContext, type Page } from 'playwright-core';
import { ARTIFACT_MESSAGES } from '@core-vault/contracts';
import { waitFor } from '@core-vault/platform/testing';
import { appContext, frameMeasured, recordDialogs } from '../../support/browser';
import { mailIds, waitForCode } from '../../support/mail';
import { PASSWORD, type SeededUser, seedTrialUser } from './accounts';
import { type LifeContext } from './context';

const CONTENT = '<main><h1>Colour palette</h1><p class="swatch">#ff6600 and #0066ff</p></main>';

export function reuseFlow(life: () => LifeContext): void {
  let owner: SeededUser;
  let visitor: SeededUser;
  let id = '';
  const contexts: BrowserContext[] = [];

  /** A browser with the consent banner answered and the tour done (neither covers the page). */
  async function browserContext(): Promise<BrowserContext> {
    const context = await appContext(life().browser, life().stack.webUrl);
    await context.addInitScript(() => {
      window.localStorage.setItem('cv.analytics-consent', 'false');
      window.localStorage.setItem('cv.onboarding-completed', 'true');
    });
    contexts.push(context);
    return context;
  }

  beforeAll(async () => {
    [owner, visitor] = await Promise.all([
      seedTrialUser(life().stack, 'reuse-owner'),
      seedTrialUser(life().stack, 'reuse-visitor'),
    ]);
    const res = await owner.api('POST', '/api/v1/artifacts', {
      title: 'Colour palette',
      type: 'HTML',
      content: CONTENT,
      isPublic: true,
    });
    if (res.status !== 201) throw new Error(`create answered ${res.status}: ${res.text}`);
    id = String((res.body['artifact'] as { id: string }).id);
  }, 120_000);

  afterAll(async () => {
    for (const c of contexts) await c.close();
  });

  /** Fills the sign-in form on `tab` (already on /login) with the visitor's password and mailed code. */
  async function signInHere(tab: Page, user: SeededUser): Promise<void> {
    const { stack } = life();
    const before = await mailIds(stack.mailApiUrl, user.email);
    await tab.getByLabel('Email').fill(user.email);
    await tab.getByLabel('Password').fill(PASSWORD);
    await tab.getByRole('button', { name: 'Sign In' }).click();
    await tab.getByRole('heading', { name: 'Enter verification code' }).waitFor();
    await tab.getByLabel('Verification code').fill(await waitForCode(stack.mailApiUrl, user.email, before));
    await tab.getByRole('button', { name: 'Verify Code' }).click();
  }

  it('lets a visitor view the source, download the file and save a copy that links back', async () => {
    const { stack } = life();
    const tab = await (await browserContext()).newPage();
    recordDialogs(tab);
    await tab.goto(`${stack.webUrl}/view/${id}`);
    await tab.getByRole('heading', { name: 'Colour palette' }).waitFor();
    await frameMeasured(tab);

    await tab.getByRole('button', { name: 'View source' }).click();
    await tab.getByText('#ff6600 and #0066ff</p></main>').waitFor();

    const [download] = await Promise.all([
      tab.waitForEvent('download'),
      tab.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('colour-palette.html');
    expect(await readFile(await download.path(), 'utf8')).toBe(CONTENT);

    // Anonymous: sent to sign in, then brought back to this page.
    await tab.getByRole('button', { name: 'Save a copy to my vault' }).click();
    await tab.waitForURL(/\/login$/);
    await signInHere(tab, visitor);
    await tab.waitForURL(new RegExp(`/view/${id}$`));
    // Signed in now: the page reads the artifact again with the session; click once that settled.
    await tab.waitForLoadState('networkidle');
    await tab.getByRole('heading', { name: 'Colour palette' }).waitFor();
    await frameMeasured(tab);
    const answers: string[] = [];
    tab.on('request', (r) => {
      if (r.url().endsWith('/remix')) answers.push(`sent ${r.method()}`);
    });
    tab.on('response', (r) => {
      if (r.url().endsWith('/remix'))
        void r.text().then((t) => answers.push(`${r.status()} ${t.slice(0, 200)}`));
    });
    await tab.getByRole('button', { name: 'Save a copy to my vault' }).click();
    await tab
      .waitForURL((url) => /\/view\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith(id))
      .catch(async (err: unknown) => {
        // Say why: the page's alert and the remix answers.
        const alerts = await tab.getByRole('alert').allTextContents();
        throw new Error(
          `${String(err)}; at ${tab.url()}; alerts ${JSON.stringify(alerts)}; remix ${JSON.stringify(answers)}`,
        );
      });
    const copyId = new URL(tab.url()).pathname.split('/').at(-1) ?? '';

    // The copy is the visitor's own, private, with the original's content and the link back.
    const copy = (await visitor.api('GET', `/api/v1/artifacts/${copyId}`)).body['artifact'] as Record<
      string,
      unknown
    >;
    expect(copy).toMatchObject({ title: 'Colour palette', content: CONTENT, isPublic: false });
    const back = tab.getByRole('link', { name: 'Colour palette' });
    await back.waitFor();
    // The owner's name as identity's events gave it (seeded as Ada Lovelace): first name, initial.
    expect(await back.locator('xpath=..').textContent()).toBe('Remixed from Colour palette by Ada L.');
    // It is in the owner-visitor's own layout: no Save a copy of one's own copy.
    expect(await tab.getByRole('button', { name: 'Save a copy to my vault' }).count()).toBe(0);
    await frameMeasured(tab);
    await back.click();
    await tab.waitForURL(new RegExp(`/view/${id}$`));
    await tab.getByRole('button', { name: 'Save a copy to my vault' }).waitFor();
  });

  it('shows the owner the download and the copy, in their page and analytics, and lets them turn copies off', async () => {
    const { stack } = life();
    // Counted by the stack: the anonymous download once, the copy from its created event.
    await waitFor(
      async () =>
        (await owner.api('GET', `/api/v1/artifacts/${id}`)).body['artifact'] as Record<string, number>,
      (a) => a['downloadCount'] === 1 && a['remixCount'] === 1,
      { timeoutMs: 30_000, intervalMs: 300, what: "the original's download and remix counts" },
    );
    await waitFor(
      async () =>
        (
          (await owner.api('GET', '/api/v1/analytics/artifacts')).body['artifacts'] as Record<
            string,
            unknown
          >[]
        ).find((a) => a['artifactId'] === id),
      (a) => a?.['downloads'] === 1 && a['remixes'] === 1,
      { timeoutMs: 30_000, intervalMs: 300, what: 'downloads and copies in analytics' },
    );

    const tab = await owner.signIn(await browserContext());
    await tab.goto(`${stack.webUrl}/analytics`);
    const row = tab.getByRole('row').filter({ has: tab.getByRole('link', { name: 'Colour palette' }) });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      'Colour palette',
      expect.any(String),
      expect.any(String),
      '1',
      '1',
      expect.any(String),
    ]);

    await tab.goto(`${stack.webUrl}/view/${id}`);
    await tab.getByText('1 download', { exact: true }).waitFor();
    await tab.getByText('1 copy', { exact: true }).waitFor();
    await tab.getByRole('button', { name: 'Turn off copies' }).click();
    await tab.getByRole('button', { name: 'Allow copies' }).waitFor();

    // A visitor no longer sees the button; the API says why it refuses.
    const visitorTab = await (await browserContext()).newPage();
    await visitorTab.goto(`${stack.webUrl}/view/${id}`);
    await visitorTab.getByRole('button', { name: 'Download' }).waitFor();
    expect(await visitorTab.getByRole('button', { name: 'Save a copy to my vault' }).count()).toBe(0);
    expect(await visitor.api('POST', `/api/v1/artifacts/${id}/remix`, {})).toMatchObject({
      status: 403,
      body: { code: 'REMIX_DISABLED', message: ARTIFACT_MESSAGES.remixDisabled },
    });
  });
}
