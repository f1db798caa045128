/**
 * Deleting an account in headless Chromium against the real local stack (#17 item 5): a user in
 * a trial opens /account, asks for the deletion code (the screen says the trial is canceled at
 * Stripe), a wrong code shows the message and changes nothing, the right one deletes the account:
 * the landing page shows the notice, /dashboard leads to /login and the password no longer works.
 * Erasure across the services is proven by account-erasure.int-spec.ts.
 */
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { ACCOUNT_DELETION_MESSAGES as M } from '@core-vault/contracts';
import { uniqueSuffix, waitFor } from '@core-vault/platform/testing';
import { appContext, launchBrowser, screenshot } from '../support/browser';
import { mailIds, waitForCode } from '../support/mail';
import { type Stack, startStack } from '../support/stack';

jest.setTimeout(90_000);

const PASSWORD = 'correct horse battery';
const email = `e2e-delete-${uniqueSuffix()}@example.com`;

let stack: Stack;
let browser: Browser;
let context: BrowserContext;

const url = (path: string) => `${stack.webUrl}${path}`;

async function api(path: string, body: unknown, token?: string) {
  const res = await fetch(`${stack.gatewayUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Password, then the e-mailed code; returns the access token. */
async function apiSignIn(): Promise<string> {
  const seen = await mailIds(stack.mailApiUrl, email);
  await api('/api/v1/auth/sign-in', { email, password: PASSWORD });
  const code = await waitForCode(stack.mailApiUrl, email, seen);
  const done = await api('/api/v1/auth/sign-in', { email, code });
  expect(done.status).toBe(200);
  return String(done.body['token']);
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

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  context = await appContext(browser, stack.webUrl);
  const signUp = await api('/api/v1/auth/sign-up', {
    firstName: 'Del',
    lastName: 'Eted',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    planType: 'pro_monthly',
  });
  expect(signUp.status).toBe(201);
  const token = await apiSignIn();
  const trial = await api(
    '/api/v1/billing/trial',
    { planType: 'pro_monthly', paymentMethodId: 'pm_card_visa', firstName: 'Del', lastName: 'Eted' },
    token,
  );
  expect(trial.status).toBe(200);
  // Identity hears of the trial from billing's event; the deletion text depends on it.
  await waitFor(
    async () =>
      (
        (await (
          await fetch(`${stack.gatewayUrl}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } })
        ).json()) as { subscriptionStatus?: string }
      ).subscriptionStatus,
    (status) => status === 'TRIAL',
    { timeoutMs: 30_000, intervalMs: 200, what: 'TRIAL in identity' },
  );
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

it('deletes the account with the e-mailed code after a wrong one; the trial is canceled', async () => {
  const tab = await context.newPage();
  await signInThroughCode(tab);
  await tab.goto(url('/account'));
  const seen = await mailIds(stack.mailApiUrl, email);
  await tab.getByRole('button', { name: 'Send Deletion Code' }).click();
  await tab.getByText(M.codeSentTrial).waitFor();
  const code = await waitForCode(stack.mailApiUrl, email, seen);

  const codeField = tab.locator('#account-delete-code');
  await codeField.fill(code === '000000' ? '111111' : '000000');
  await tab.getByRole('button', { name: 'Delete My Account' }).click();
  await tab.getByText(M.codeInvalid).waitFor();
  expect(new URL(tab.url()).pathname).toBe('/account');

  // A slow network for the landing page's chunk: the sign-out must not reach /account's guard
  // while the next page is still loading (it once sent the browser to /login instead).
  await tab.route(/\/assets\/LandingPage-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await codeField.fill(code);
  await tab.getByRole('button', { name: 'Delete My Account' }).click();
  await tab.waitForURL((u) => u.pathname === '/');
  await tab.getByText(M.deleted).waitFor();
  expect(new URL(tab.url()).pathname).toBe('/');
  await screenshot(tab, 'account-deleted');

  await tab.goto(url('/dashboard'));
  await tab.waitForURL(/\/login/);
  const signIn = await api('/api/v1/auth/sign-in', { email, password: PASSWORD });
  expect(signIn.status).toBe(401);
});
