import { type BrowserContext, type Page } from 'playwright-core';
import { uniqueSuffix, waitFor } from '@core-vault/platform/testing';
import { appContext, recordDialogs } from '../../support/browser';
import { mailIds, waitForCode } from '../../support/mail';
import { type Stack } from '../../support/stack';
import { type LifeContext } from './context';

export const PASSWORD = 'correct horse battery';

export interface ApiAnswer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
  text: string;
}

/** A user on the Pro trial, seeded through the API, with a bearer token for API calls. */
export interface SeededUser {
  email: string;
  token: string;
  api(method: string, path: string, body?: unknown): Promise<ApiAnswer>;
  /** Signs this user in through the sign-in screen (code from the mail sink) in a new tab. */
  signIn(context: BrowserContext): Promise<Page>;
}

export async function call(
  stack: Stack,
  method: string,
  path: string,
  body?: unknown,
  bearer = '',
): Promise<ApiAnswer> {
  const res = await fetch(`${stack.gatewayUrl}${path}`, {
    method,
    headers: {
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    parsed = {};
  }
  return { status: res.status, body: parsed, headers: res.headers, text };
}

/** Signs up, signs in with the mailed code and starts the trial with a test card, all by API. */
export async function seedTrialUser(stack: Stack, prefix: string): Promise<SeededUser> {
  const email = `e2e-${prefix}-${uniqueSuffix()}@example.com`;
  const signUp = await call(stack, 'POST', '/api/v1/auth/sign-up', {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    planType: 'pro_monthly',
  });
  if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}: ${signUp.text}`);
  const seen = await mailIds(stack.mailApiUrl, email);
  await call(stack, 'POST', '/api/v1/auth/sign-in', { email, password: PASSWORD });
  const code = await waitForCode(stack.mailApiUrl, email, seen);
  const token = String(
    (await call(stack, 'POST', '/api/v1/auth/sign-in', { email, password: code })).body['token'],
  );
  const api = (method: string, path: string, body?: unknown) => call(stack, method, path, body, token);
  const trial = await api('POST', '/api/v1/billing/trial', {
    planType: 'pro_monthly',
    paymentMethodId: 'pm_card_visa',
    firstName: 'Ada',
    lastName: 'Lovelace',
  });
  if (trial.status !== 200) throw new Error(`trial answered ${trial.status}: ${trial.text}`);
  await waitFor(
    async () => (await api('GET', '/api/v1/me')).body['subscriptionStatus'],
    (s) => s === 'TRIAL',
    { timeoutMs: 30_000, intervalMs: 250, what: `${email} on the trial` },
  );
  // A token issued before the trial carries no plan features: sign in again for one that does.
  const again = await mailIds(stack.mailApiUrl, email);
  await call(stack, 'POST', '/api/v1/auth/sign-in', { email, password: PASSWORD });
  const code2 = await waitForCode(stack.mailApiUrl, email, again);
  const fresh = String(
    (await call(stack, 'POST', '/api/v1/auth/sign-in', { email, password: code2 })).body['token'],
  );
  const freshApi = (method: string, path: string, body?: unknown) => call(stack, method, path, body, fresh);

  const signIn = async (context: BrowserContext): Promise<Page> => {
    const tab = await context.newPage();
    await tab.goto(`${stack.webUrl}/login`);
    const before = await mailIds(stack.mailApiUrl, email);
    await tab.getByLabel('Email').fill(email);
    await tab.getByLabel('Password').fill(PASSWORD);
    await tab.getByRole('button', { name: 'Sign In' }).click();
    await tab.getByRole('heading', { name: 'Enter verification code' }).waitFor();
    await tab.getByLabel('Verification code').fill(await waitForCode(stack.mailApiUrl, email, before));
    await tab.getByRole('button', { name: 'Verify Code' }).click();
    await tab.waitForURL(/\/dashboard$/);
    return tab;
  };
  return { email, token: fresh, api: freshApi, signIn };
}

/** A seeded user signed in on the dashboard, in a browser context of their own. */
export interface SignedInUser {
  user: SeededUser;
  context: BrowserContext;
  tab: Page;
}

/** Seeds a trial user and signs them in, with the onboarding tour done (it would cover the cards). */
export async function signedInOnDashboard(life: LifeContext, prefix: string): Promise<SignedInUser> {
  const user = await seedTrialUser(life.stack, prefix);
  const context = await appContext(life.browser, life.stack.webUrl);
  await context.addInitScript(() => window.localStorage.setItem('cv.onboarding-completed', 'true'));
  const tab = await user.signIn(context);
  recordDialogs(tab);
  return { user, context, tab };
}
