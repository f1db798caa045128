/**
 * Account settings in headless Chromium against the real local stack (#17): from the dashboard's
 * Account link, change the name (onboarding's "Customize profile settings" follows), the e-mail
 * (an address another account has is refused; the code is read from the NEW address's inbox) and
 * the password (a wrong current one is refused; the other device is signed out, this one stays).
 */
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { uniqueSuffix, waitFor } from '@core-vault/platform/testing';
import { appContext, launchBrowser, screenshot } from '../support/browser';
import { mailIds, waitForCode } from '../support/mail';
import { type Stack, startStack } from '../support/stack';

jest.setTimeout(90_000);

const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'a brand new secret';
const suffix = uniqueSuffix();
const email = `e2e-account-${suffix}@example.com`;
const taken = `e2e-account-taken-${suffix}@example.com`;
const moved = `e2e-account-moved-${suffix}@example.com`;

let stack: Stack;
let browser: Browser;
let here: BrowserContext;
let there: BrowserContext;

const url = (path: string) => `${stack.webUrl}${path}`;

async function signUp(address: string): Promise<void> {
  const res = await fetch(`${stack.gatewayUrl}/api/v1/auth/sign-up`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: address,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      planType: 'pro_monthly',
    }),
  });
  expect(res.status).toBe(201);
}

async function signIn(context: BrowserContext, address: string, password: string): Promise<Page> {
  const tab = await context.newPage();
  await tab.goto(url('/login'));
  const seen = await mailIds(stack.mailApiUrl, address);
  await tab.getByLabel('Email').fill(address);
  await tab.getByLabel('Password').fill(password);
  await tab.getByRole('button', { name: 'Sign In' }).click();
  await tab.getByRole('heading', { name: 'Enter verification code' }).waitFor();
  await tab.getByLabel('Verification code').fill(await waitForCode(stack.mailApiUrl, address, seen));
  await tab.getByRole('button', { name: 'Verify Code' }).click();
  await tab.waitForURL(/\/dashboard$/);
  return tab;
}

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  here = await appContext(browser, stack.webUrl);
  there = await appContext(browser, stack.webUrl);
  await signUp(email);
  await signUp(taken);
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('account settings', () => {
  let page: Page;

  it('opens from the dashboard header and changes the name; the profile milestone is reached', async () => {
    page = await signIn(here, email, PASSWORD);
    await page.getByRole('link', { name: 'Account', exact: true }).click();
    await page.waitForURL(/\/account$/);
    await page.getByRole('heading', { name: 'Account Settings' }).waitFor();
    await page.getByLabel('First name').fill('Augusta');
    await page.getByLabel('Last name').fill('King');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('Your profile has been updated.').waitFor();

    // identity.profile-updated.v1 → onboarding: the dashboard's checklist shows it done.
    const milestone = page.getByTestId('milestone-profile_customized');
    await waitFor(
      async () => {
        await page.goto(url('/dashboard'));
        await milestone.waitFor();
        return milestone.textContent();
      },
      (text) => (text ?? '').includes('(done)'),
      { what: 'profile milestone on the checklist', timeoutMs: 30_000, intervalMs: 500 },
    );
    await page.goto(url('/account'));
    await page.getByLabel('First name').waitFor();
    expect(await page.getByLabel('First name').inputValue()).toBe('Augusta');
  });

  it('refuses an address another account has, then moves to a new one with its code', async () => {
    await page.getByLabel('New email address').fill(taken);
    await page.getByLabel('Your password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    await page.getByText('An account with this email already exists. Please use another address.').waitFor();

    const seen = await mailIds(stack.mailApiUrl, moved);
    await page.getByLabel('New email address').fill(moved);
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    await page.getByText('A verification code has been sent to your new email address.').waitFor();
    await page.getByLabel('Verification code').fill('000000');
    await page.getByRole('button', { name: 'Change Email' }).click();
    await page.getByText('Invalid or expired verification code. Please request a new code.').waitFor();
    await page.getByLabel('Verification code').fill(await waitForCode(stack.mailApiUrl, moved, seen));
    await page.getByRole('button', { name: 'Change Email' }).click();
    await page.getByText('Your email address has been changed.').waitFor();
    expect(await page.getByTestId('account-email').textContent()).toBe(moved);
  });

  it('changes the password: a wrong current one is refused, the other device is signed out', async () => {
    const other = await signIn(there, moved, PASSWORD);
    const current = page.getByLabel('Current password', { exact: true });
    await current.fill('not my password');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Your current password is incorrect.').waitFor();

    await current.fill(PASSWORD);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page
      .getByText('Your password has been changed. Your other sessions have been signed out.')
      .waitFor();
    await screenshot(page, 'account-settings');

    // This browser stays signed in; the other device's next page load lands on /login.
    await page.reload();
    await page.getByRole('heading', { name: 'Account Settings' }).waitFor();
    await other.reload();
    await other.waitForURL(/\/login/);
    await signIn(there, moved, NEW_PASSWORD);
  });
});
