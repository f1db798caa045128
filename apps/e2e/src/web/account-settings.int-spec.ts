/**
 * Account settings in headless Chromium against the real local stack (#17): from the dashboard's
 * Account link, change the name (onboarding's "Customize profile settings" follows), the e-mail
 * (an address another account has is refused; the code is read from the NEW address's inbox) and
 * the password (a wrong current one is refused; the other device is signed out, this one stays;
 * the page says personal access tokens are revoked too).
 * Every page this suite opens runs under the app's Content-Security-Policy with no violation
 * (#32): the landing page, sign-in, dashboard, account, a shared link and /api-docs, whose
 * security headers are checked as the browser gets them (vite preview, and the gateway behind it).
 * It also hosts the accessibility and phone-width checks of the main screens (a11y-phones.suite.ts).
 */
import { type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';
import { devTokenFor, uniqueSuffix, waitFor } from '@core-vault/platform/testing';
import { appContext, launchBrowser, screenshot } from '../support/browser';
import { mailIds, waitForCode } from '../support/mail';
import { type Stack, startStack } from '../support/stack';
import { accessibilityAndPhonesSuite } from './a11y-phones.suite';

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
/** Every Content-Security-Policy report or warning of the app's own pages, with where it came from. */
const policyProblems: string[] = [];

const url = (path: string) => `${stack.webUrl}${path}`;

/**
 * Records what Chromium says about the app's policy on every page of the context: violations
 * (the securitypolicyviolation event, in the app's documents only) and console messages about
 * the policy (a directive ignored or misspelt is a warning there, not an event).
 */
async function watchPolicy(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(
        `CSP violation in ${location.href}: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  const record = (msg: ConsoleMessage) => {
    const text = msg.text();
    if (!/Content Security Policy|CSP violation/i.test(text)) return;
    const where = /^CSP violation in (\S+):/.exec(text)?.[1] ?? msg.location().url;
    // The artifacts' own documents on the renderer have their own policy: not this suite's.
    if (where && !where.startsWith(stack.webUrl)) return;
    policyProblems.push(`${where}: ${text}`);
  };
  context.on('page', (page) => page.on('console', record));
}

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
  await watchPolicy(here);
  await watchPolicy(there);
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
      .getByText(
        'Your password has been changed. Your other sessions have been signed out and your personal access tokens have been revoked.',
      )
      .waitFor();
    await screenshot(page, 'account-settings');

    // This browser stays signed in; the other device's next page load lands on /login.
    await page.reload();
    await page.getByRole('heading', { name: 'Account Settings' }).waitFor();
    await other.reload();
    await other.waitForURL(/\/login/);
    await signIn(there, moved, NEW_PASSWORD);
  });

  it('serves every app page, /view/{id} and /api-docs refusing framing, with a policy they run under', async () => {
    const head = async (path: string) => {
      const res = await fetch(url(path));
      return { res, html: await res.text() };
    };
    const app = await head('/');
    const view = await head('/view/some-shared-artifact');
    const docs = await head('/api-docs');
    for (const [name, { res }] of Object.entries({ app, view, docs })) {
      expect([name, res.status, res.headers.get('x-frame-options')]).toEqual([name, 200, 'DENY']);
      const policy = res.headers.get('content-security-policy') ?? '';
      expect([name, policy]).toEqual([name, expect.stringContaining("frame-ancestors 'none'")]);
      expect([name, policy]).toEqual([name, expect.stringMatching(/(^|; )script-src 'self'/)]);
      expect([name, policy]).toEqual([name, expect.not.stringContaining('unsafe-inline')]);
      // Plain http on 127.0.0.1: no HSTS (it would stick to the developer's browser).
      expect([name, res.headers.get('strict-transport-security')]).toEqual([name, null]);
    }
    // A shared link's page is the SPA's: the same policy as the app, header and <meta>.
    expect(view.res.headers.get('content-security-policy')).toBe(
      app.res.headers.get('content-security-policy'),
    );
    for (const html of [app.html, view.html]) {
      const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1] ?? '';
      expect(meta).toMatch(/frame-src http:\/\/localhost:\d+ http:\/\/\*\.localhost:\d+ /);
      expect(meta).not.toContain('unsafe-inline');
    }
    expect(docs.res.headers.get('content-security-policy')).toContain("default-src 'none'");

    // The pages load and work under it in Chromium: the landing page, a shared link whose artifact
    // renders in the renderer's frame (on its own origin: frame-src), the API reference.
    const made = await fetch(`${stack.gatewayUrl}/api/v1/artifacts`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${devTokenFor(`e2e-csp-${suffix}`)}`,
        'content-type': 'application/json',
        origin: stack.webUrl,
        'sec-fetch-site': 'same-origin',
      },
      body: JSON.stringify({
        title: 'Framed under the policy',
        type: 'HTML',
        content: '<main><h1>Rendered on its own origin</h1></main>',
        isPublic: true,
      }),
    });
    expect(made.status).toBe(201);
    const { artifact } = (await made.json()) as { artifact: { id: string } };
    const tab = await here.newPage();
    await tab.goto(url('/'));
    await tab.getByRole('heading', { name: 'Intelligence, captured' }).waitFor();
    await tab.goto(url('/view/some-shared-artifact'));
    await tab.getByRole('heading').first().waitFor();
    await tab.goto(url(`/view/${artifact.id}`));
    await tab.frameLocator('.cv-artifact-frame iframe').getByText('Rendered on its own origin').waitFor();
    await tab.goto(url('/api-docs'));
    await tab.locator('.opblock').first().waitFor();
    expect(await tab.locator('.opblock').count()).toBeGreaterThan(10);
    await tab.locator('.opblock-summary').first().click();
    await tab.close();
    // …and neither they nor the account pages above met the policy anywhere.
    expect(policyProblems).toEqual([]);
  });
});

describe('accessibility and phone widths (#36)', () =>
  accessibilityAndPhonesSuite({
    stack: () => stack,
    browser: () => browser,
    signUp,
    signIn,
    password: PASSWORD,
  }));
