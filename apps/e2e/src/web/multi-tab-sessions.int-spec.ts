/**
 * Sessions through real browsing in headless Chromium against the real local stack (#17): one
 * browser opens six tabs of /dashboard at once and every tab stays signed in on one refresh
 * cookie; a refresh cookie stolen before a rotation and replayed after the grace window revokes
 * the family; signing out in one tab signs out the others. One stack for the file, with a short
 * grace window (SESSION_REFRESH_GRACE_SECONDS) so the theft case needs no long wait.
 */
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { uniqueSuffix, waitFor } from '@core-vault/platform/testing';
import { appContext, launchBrowser, screenshot } from '../support/browser';
import { mailIds, waitForCode } from '../support/mail';
import { type Stack, startStack } from '../support/stack';

jest.setTimeout(60_000);

const PASSWORD = 'correct horse battery';
const email = `e2e-tabs-${uniqueSuffix()}@example.com`;
const GRACE_SECONDS = 2;
const TABS = 6;

let stack: Stack;
let browser: Browser;
let context: BrowserContext;

const url = (path: string) => `${stack.webUrl}${path}`;
const signedIn = (tab: Page) => tab.getByRole('button', { name: 'Sign Out' }).waitFor();

async function refreshCookie(): Promise<{ name: string; value: string }> {
  const cookie = (await context.cookies(stack.webUrl)).find((c) => c.name.endsWith('cv_rt'));
  if (!cookie) throw new Error('no refresh cookie in the browser');
  return cookie;
}

async function signInThroughCode(tab: Page): Promise<void> {
  await tab.goto(url('/login'));
  const seen = await mailIds(stack.mailApiUrl, email);
  await tab.getByLabel('Email').fill(email);
  await tab.getByLabel('Password').fill(PASSWORD);
  await tab.getByRole('button', { name: 'Sign In' }).click();
  await tab.getByRole('heading', { name: 'Enter verification code' }).waitFor();
  await tab.getByLabel('Verification code').fill(await waitForCode(stack.mailApiUrl, email, seen));
  await tab.getByRole('button', { name: 'Verify Code' }).click();
  await tab.waitForURL(/\/dashboard$/);
}

/** Six tabs of /dashboard opened together, as a user middle-clicking links does. */
async function openTabs(): Promise<Page[]> {
  return Promise.all(
    Array.from({ length: TABS }, async () => {
      const tab = await context.newPage();
      await tab.goto(url('/dashboard'));
      return tab;
    }),
  );
}

/** The app's own browser storage keys that hold a person's data (`core-vault.*`). */
const appData = (tab: Page) => () =>
  tab.evaluate(() =>
    [...Object.keys(localStorage), ...Object.keys(sessionStorage)].filter((k) => k.startsWith('core-vault.')),
  );

async function closeAllTabs(): Promise<void> {
  for (const tab of context.pages()) await tab.close();
}

beforeAll(async () => {
  stack = await startStack({ env: { SESSION_REFRESH_GRACE_SECONDS: String(GRACE_SECONDS) } });
  browser = await launchBrowser();
  context = await appContext(browser, stack.webUrl);
  const res = await fetch(`${stack.gatewayUrl}/api/v1/auth/sign-up`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Tab',
      lastName: 'Hopper',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      planType: 'pro_monthly',
    }),
  });
  expect(res.status).toBe(201);
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('one browser, many tabs', () => {
  it('opens six tabs of /dashboard at once: all stay signed in, the refresh cookie survives', async () => {
    await signInThroughCode(await context.newPage());
    const before = await refreshCookie();
    const tabs = await openTabs();
    for (const tab of tabs) {
      await signedIn(tab);
      expect(new URL(tab.url()).pathname).toBe('/dashboard');
    }
    const after = await refreshCookie();
    expect(after.value).not.toBe(before.value);
    // Still a live session: one more tab opened later is signed in too.
    const late = await context.newPage();
    await late.goto(url('/dashboard'));
    await signedIn(late);
    await screenshot(tabs[0] as Page, 'multi-tab-dashboard');
  });

  it('a refresh cookie stolen before a rotation and replayed after the window revokes the family', async () => {
    const stolen = await refreshCookie();
    const tab = context.pages()[0] as Page;
    await tab.reload();
    await signedIn(tab);
    expect((await refreshCookie()).value).not.toBe(stolen.value);
    // The grace window is the point of this case: outlive it, then replay.
    await new Promise((resolve) => setTimeout(resolve, (GRACE_SECONDS + 1) * 1000));
    const replay = await fetch(`${stack.gatewayUrl}/api/v1/auth/refresh`, {
      method: 'POST',
      headers: { cookie: `${stolen.name}=${stolen.value}` },
    });
    expect(replay.status).toBe(401);
    // The owner's newer cookie died with the family: the next page load lands on /login.
    await tab.reload();
    await tab.waitForURL(/\/login/);
    await closeAllTabs();
  });

  it('signs out in one tab: every other tab goes to /login, and the browser forgets the artifacts’ data', async () => {
    await signInThroughCode(await context.newPage());
    // The person keeps a task in the task-manager demo (its localStorage, kept by the app).
    const demo = await context.newPage();
    await demo.goto(url('/view/demo-task-manager'));
    const frame = demo.frameLocator('.cv-artifact-frame iframe');
    await frame.getByLabel('Task', { exact: true }).fill('Private errand');
    await frame.getByRole('button', { name: 'Add task' }).click();
    await frame.getByText('Private errand').waitFor();
    await waitFor(appData(demo), (keys) => keys.some((k) => k.includes('demo-task-manager')), {
      what: 'the task kept by the app',
    });
    const tabs = await openTabs();
    for (const tab of tabs) await signedIn(tab);
    const [first, ...others] = tabs as [Page, ...Page[]];
    await first.getByRole('button', { name: 'Sign Out' }).click();
    await first.waitForURL(/\/login/);
    for (const tab of others) await tab.waitForURL(/\/login/);
    expect((await context.cookies(stack.webUrl)).some((c) => c.name.endsWith('cv_rt'))).toBe(false);
    // Nothing the app kept for that person is left in this browser…
    for (const tab of [first, ...others]) expect(await appData(tab)()).toEqual([]);
    // …so the next person opening the demo finds it empty.
    await demo.goto(url('/view/demo-task-manager'));
    await demo.frameLocator('.cv-artifact-frame iframe').getByText('No tasks here yet.').waitFor();
  });
});
