/**
 * A new user's whole journey through the SPA in headless Chromium, against the real local stack
 * (every service from its dist build, the renderer and `vite preview`): register for the trial
 * with a test card, read codes from the mail sink, upload one artifact of each type (typed and
 * dropped), sort, search, toggle visibility, share, embed, delete, count a consented view, cancel
 * and resume, export, sign out and back in — with the spec's error paths on the way; then the
 * app's shell (journey/app-shell.flow.ts: theme, manifest, footer, share target). Each main
 * screen is captured in .local/screenshots/.
 */
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { uniqueSuffix, waitFor } from '@core-vault/platform/testing';
import { appContext, launchBrowser, recordDialogs, screenshot } from '../support/browser';
import { mailIds, waitForCode } from '../support/mail';
import { type Stack, startStack } from '../support/stack';
import { cardAction, closeFilters, filtersPopover } from '../support/gallery';
import { ui } from '../support/ui';
import { appShellFlow } from './journey/app-shell.flow';

jest.setTimeout(120_000);

const PASSWORD = 'correct horse battery';
const email = `e2e-${uniqueSuffix()}@example.com`;
const duplicate = `e2e-dup-${uniqueSuffix()}@example.com`;

const SAMPLES = {
  HTML: '<main><h1>Quarterly numbers</h1><p>Revenue grew by forty percent this quarter.</p></main>',
  REACT:
    "import React, { useState } from 'react';\nexport default function Counter() {\n  const [n, setN] = useState(0);\n  return <button onClick={() => setN(n + 1)}>Clicked {n} times</button>;\n}",
  MARKDOWN:
    '# Release notes\n\n- Faster uploads for everyone\n- A brand new search\n\n```js\nconsole.log(1)\n```',
  SVG: '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120"><circle cx="60" cy="60" r="50" fill="teal"/></svg>',
  TYPESCRIPT:
    'interface Point { x: number; y: number }\nexport function distance(a: Point, b: Point): number {\n  return Math.hypot(a.x - b.x, a.y - b.y);\n}',
} as const;
const FILES: Record<keyof typeof SAMPLES, string> = {
  HTML: 'dropped-page.html',
  REACT: 'dropped-counter.jsx',
  MARKDOWN: 'dropped-notes.md',
  SVG: 'dropped-logo.svg',
  TYPESCRIPT: 'dropped-geometry.ts',
};

let stack: Stack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let dialogs: string[];

const url = (path: string) => `${stack.webUrl}${path}`;
const cards = () => page.getByTestId('artifact-card');
const card = (title: string) =>
  cards().filter({ has: page.getByRole('heading', { name: title, exact: true }) });

async function signInThroughCode(target: Page, address: string, password: string): Promise<void> {
  const seen = await mailIds(stack.mailApiUrl, address);
  await target.getByLabel('Email').fill(address);
  await target.getByLabel('Password').fill(password);
  await target.getByRole('button', { name: 'Sign In' }).click();
  await target.getByRole('heading', { name: 'Enter verification code' }).waitFor();
  await target.getByLabel('Verification code').fill(await waitForCode(stack.mailApiUrl, address, seen));
  await target.getByRole('button', { name: 'Verify Code' }).click();
}

async function uploadTyped(title: string, content: string, tags: string, isPublic = false): Promise<void> {
  await page.getByRole('tab', { name: 'Upload New' }).click();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Content').fill(content);
  await page.getByLabel('Tags (comma-separated)').fill(tags);
  if (isPublic) await page.getByLabel(/Make this artifact public/).check();
  await page.getByRole('button', { name: 'Upload Artifact' }).click();
  await card(title).waitFor();
}

async function uploadDropped(fileName: string, content: string): Promise<string> {
  await page.getByRole('tab', { name: 'Upload New' }).click();
  await page.getByTestId('drop-zone').evaluate(
    (zone, file) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([file.content], file.name, { type: 'text/plain' }));
      zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    },
    { name: fileName, content },
  );
  const title = fileName.replace(/\.[a-z]+$/, '');
  await ui.value(page.getByLabel('Title'), title);
  await page.getByRole('button', { name: 'Upload Artifact' }).click();
  await card(title).waitFor();
  return title;
}

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  context = await appContext(browser, stack.webUrl);
  page = await context.newPage();
  dialogs = recordDialogs(page);
  // An existing account for the duplicate e-mail path.
  const res = await fetch(`${stack.gatewayUrl}/api/v1/auth/sign-up`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Dup',
      lastName: 'Licate',
      email: duplicate,
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

describe('a new user in the browser', () => {
  it('sees the landing page with its demos, pricing and meta tags', async () => {
    await page.goto(url('/'));
    await page.getByRole('heading', { name: 'Intelligence, captured' }).waitFor();
    expect(await page.title()).toBe('Core Vault — Intelligence, captured');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('index, follow');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(url('/'));
    expect(await page.getByRole('link', { name: /Open demo/ }).count()).toBe(6);
    await ui.visible(page.getByRole('link', { name: 'Start 90-Day Free Trial' }));
    expect(await page.content()).not.toContain('9-day');
    await screenshot(page, '01-landing');
  });

  it('answers the consent banner; Ctrl+Shift+R forgets the answer and asks again', async () => {
    const banner = page.getByRole('region', { name: 'Usage Analytics' });
    await banner.waitFor();
    await page.getByRole('button', { name: 'Decline' }).click();
    await ui.count(banner, 0);
    await page.keyboard.press('Control+Shift+R');
    await banner.waitFor();
    await page.getByRole('button', { name: 'Allow' }).click();
    await ui.count(banner, 0);
    expect(await page.evaluate(() => localStorage.getItem('cv.analytics-consent'))).toBe('true');
  });

  it('is sent to password reset when registering an e-mail that has an account', async () => {
    await page.goto(url('/register'));
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email').fill(duplicate);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill('something else');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await ui.text(page.getByRole('alert'), 'Passwords do not match.');
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await ui.text(
      page.getByRole('alert'),
      'An account with this email already exists. Redirecting to password reset...',
    );
    await page.waitForURL(url('/forgot-password'), { timeout: 5000 });
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await screenshot(page, '02-forgot-password');
  });

  it('starts every page with a skip link to the content', async () => {
    await page.goto(url('/register'));
    await page.getByRole('heading', { name: 'Create Your Account' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
  });

  it('fits the plan cards to their text at common widths', async () => {
    for (const width of [360, 768, 1024, 1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(url('/register'));
      await page.locator('.reg-plan').first().waitFor();
      // Every piece of text (name, badge, price, note) stays inside its card's border.
      const overflowing = await page.$$eval('.reg-plan', (cards) =>
        cards.flatMap((card) => {
          const box = card.getBoundingClientRect();
          const out = Array.from(card.querySelectorAll('*')).filter((el) => {
            const r = el.getBoundingClientRect();
            return r.right > box.right + 0.5 || r.left < box.left - 0.5;
          });
          return out.length || card.scrollWidth > card.clientWidth ? [card.textContent ?? ''] : [];
        }),
      );
      expect({ width, overflowing }).toEqual({ width, overflowing: [] });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, '02b-register-plans');
  });

  it('registers for the 90-day trial: code from the mail, a declined card, then a test card', async () => {
    await page.goto(url('/register'));
    await page.getByRole('heading', { name: 'Create Your Account' }).waitFor();
    await ui.disabled(page.getByLabel(/Business Monthly/));
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await screenshot(page, '03-register-details');
    const seen = await mailIds(stack.mailApiUrl, email);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByRole('heading', { name: 'Verify your email' }).waitFor();
    await page.getByLabel('Verification code').fill('000000');
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await ui.text(
      page.getByRole('alert'),
      'Invalid verification code. Please try again or request a new code.',
    );
    await page.getByLabel('Verification code').fill(await waitForCode(stack.mailApiUrl, email, seen));
    await page.getByRole('button', { name: 'Verify Code' }).click();

    await page.getByRole('heading', { name: 'Payment Information' }).waitFor();
    await page.getByText('Step 2 of 2: Secure your 90-day free trial').waitFor();
    const submit = page.getByRole('button', { name: 'Start 90-Day Free Trial' });
    await ui.disabled(submit);
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await ui.enabled(submit);
    await screenshot(page, '04-register-payment');
    await submit.click();
    await ui.text(page.locator('#card-error'), 'Your card was declined.');

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Start 90-Day Free Trial' }).click();
    await page.getByText('Redirecting to login...').waitFor({ timeout: 30_000 });
    await screenshot(page, '05-register-success');
    await page.waitForURL(url('/dashboard'), { timeout: 30_000 });
  });

  it('lands on the dashboard in trial, with the onboarding tour', async () => {
    await ui.text(page.getByTestId('status-badge'), 'Trial');
    await ui.text(page.getByTestId('trial-text'), 'Trial ends in 90 days');
    await page.getByText('No artifacts yet - Upload your first Claude artifact to get started!').waitFor();
    await page.getByText('Step 1 of 4').waitFor();
    await screenshot(page, '06-dashboard-empty');
    await page.getByRole('button', { name: 'Skip tour' }).click();
    await ui.count(page.getByText('Step 1 of 4'), 0);
  });

  it('uploads one artifact of each type by typing, with type auto-detection and a live preview', async () => {
    await page.getByRole('tab', { name: 'Upload New' }).click();
    await page.getByLabel('Content').fill(SAMPLES.REACT);
    await ui.value(page.getByLabel('Type'), 'REACT');
    await page.getByRole('region', { name: 'Live preview' }).locator('.cv-artifact-frame iframe').waitFor();
    await screenshot(page, '07-upload-preview');
    await page.getByLabel('Content').fill('');

    await uploadTyped('Typed HTML page', SAMPLES.HTML, 'report, q3', true);
    await page.getByText('“Typed HTML page” was uploaded.').waitFor();
    await uploadTyped('Typed React counter', SAMPLES.REACT, 'react, demo');
    await uploadTyped('Typed Markdown notes', SAMPLES.MARKDOWN, 'notes');
    await uploadTyped('Typed SVG logo', SAMPLES.SVG, 'logo');
    await uploadTyped('Typed TypeScript helper', SAMPLES.TYPESCRIPT, 'ts,  , geometry ,');
    const types = await Promise.all(
      [
        'Typed HTML page',
        'Typed React counter',
        'Typed Markdown notes',
        'Typed SVG logo',
        'Typed TypeScript helper',
      ].map((t) => card(t).locator('.cv-badge').first().textContent()),
    );
    expect(types).toEqual(['HTML', 'REACT', 'MARKDOWN', 'SVG', 'TYPESCRIPT']);
    await ui.text(card('Typed TypeScript helper').getByRole('list', { name: 'Tags' }), '#ts#geometry');
  });

  it('uploads one artifact of each type by dropping a file (type from the extension)', async () => {
    for (const [type, name] of Object.entries(FILES) as [keyof typeof SAMPLES, string][]) {
      const title = await uploadDropped(name, SAMPLES[type]);
      await ui.text(card(title).locator('.cv-badge').first(), type);
    }
    await ui.visible(page.getByRole('tab', { name: 'My Artifacts (10)' }));
    await screenshot(page, '08-dashboard-artifacts');
  });

  it('refuses oversize content with the spec alert', async () => {
    await page.getByRole('tab', { name: 'Upload New' }).click();
    await page.getByLabel('Title').fill('Too big');
    await page.getByLabel('Content').fill('a'.repeat(500_001));
    dialogs.length = 0;
    await page.getByRole('button', { name: 'Upload Artifact' }).click();
    await waitFor(
      () => dialogs.length,
      (n) => n > 0,
      { what: 'the oversize alert' },
    );
    expect(dialogs[0]).toBe('Content is too large. Maximum allowed size is 500000 characters.');
    await page.getByLabel('Content').fill('');
    await page.getByLabel('Title').fill('');
    await page.getByRole('tab', { name: /My Artifacts/ }).click();
  });

  it('sorts and searches', async () => {
    // The sort sits in the Filters popover with the filters (#36.2).
    const sortBy = (await filtersPopover(page)).getByLabel('Sort by');
    await sortBy.selectOption({ label: 'Title A-Z' });
    await ui.text(cards().first().getByRole('heading'), 'dropped-counter');
    await sortBy.selectOption({ label: 'Oldest First' });
    await ui.text(cards().first().getByRole('heading'), 'Typed HTML page');
    await sortBy.selectOption({ label: 'Type' });
    await sortBy.selectOption({ label: 'Most Viewed' });
    await sortBy.selectOption({ label: 'Newest First' });
    await ui.text(cards().first().getByRole('heading'), 'dropped-geometry');
    await closeFilters(page);

    await page.getByRole('searchbox', { name: 'Search' }).fill('hypot');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('Results for “hypot”: 2').waitFor();
    expect(await cards().count()).toBe(2);
    await screenshot(page, '09-dashboard-search');
    await page.getByRole('button', { name: 'Clear' }).click();
    await ui.count(cards(), 10);
  });

  it('toggles visibility after the server agrees', async () => {
    const svg = card('Typed SVG logo');
    await ui.visible(svg.getByText('Private', { exact: true }));
    await cardAction(svg, 'Make Public');
    await ui.visible(svg.getByText('Public', { exact: true }));
    await svg.getByRole('button', { name: 'More actions for Typed SVG logo' }).click();
    await ui.visible(page.getByRole('menuitem', { name: 'Make Private' }));
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
  });

  it('copies the link, which opens signed out in the public layout and counts a consented view', async () => {
    const html = card('Typed HTML page');
    dialogs.length = 0;
    await html.getByRole('button', { name: 'Copy Link' }).click();
    await waitFor(
      () => dialogs.length,
      (n) => n > 0,
      { what: 'the copied alert' },
    );
    expect(dialogs[0]).toBe('Copied to clipboard!');
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${stack.webUrl}/view/[A-Za-z0-9_-]+$`));

    const visitor = await appContext(browser, stack.webUrl);
    const anon = await visitor.newPage();
    await anon.goto(link);
    await anon.getByRole('heading', { name: 'Typed HTML page' }).waitFor();
    await anon.getByText('Create your own artifacts with Core Vault').waitFor();
    await ui.count(anon.locator('[data-layout="public"]'), 1);
    await anon.getByRole('button', { name: 'Allow' }).click();
    await anon.reload();
    await anon.getByRole('heading', { name: 'Typed HTML page' }).waitFor();
    await screenshot(anon, '10-view-public');
    await visitor.close();

    await waitFor(
      async () => {
        await page.reload();
        const count = card('Typed HTML page').getByTestId('view-count');
        await count.waitFor();
        return count.textContent();
      },
      (text) => text !== null && text !== '0 views',
      { timeoutMs: 60_000, intervalMs: 2000, what: 'the view count to rise' },
    );
  });

  it('copies the embed code, and the embed shows the artifact', async () => {
    dialogs.length = 0;
    await cardAction(card('Typed HTML page'), 'Embed Code');
    await waitFor(
      () => dialogs.length,
      (n) => n > 0,
      { what: 'the copied alert' },
    );
    expect(dialogs[0]).toBe('Copied to clipboard!');
    const code = await page.evaluate(() => navigator.clipboard.readText());
    const src = /<iframe src="([^"]+)" width="100%" height="600px"/.exec(code)?.[1];
    expect(src).toMatch(/\/embed\/[A-Za-z0-9_-]+$/);
    const embed = await context.newPage();
    await embed.goto(src as string);
    await ui.contains(embed.locator('body'), 'Revenue grew by forty percent', 20_000);
    await embed.close();
  });

  it('shows version history and deletes an artifact after confirmation', async () => {
    await cardAction(card('Typed Markdown notes'), 'History');
    await page
      .getByRole('dialog', { name: /Version history/ })
      .getByText('Version 1', { exact: true })
      .waitFor();
    await page.keyboard.press('Escape');
    dialogs.length = 0;
    await cardAction(card('dropped-notes'), 'Delete');
    await ui.count(card('dropped-notes'), 0);
    expect(dialogs).toEqual(['Are you sure you want to delete this artifact?']);
    await ui.visible(page.getByRole('tab', { name: 'My Artifacts (9)' }));
  });

  it('cancels and resumes on /billing, and exports the data', async () => {
    await page.goto(url('/billing'));
    await page.getByRole('heading', { name: 'Billing & Subscription' }).waitFor();
    await ui.text(page.getByTestId('billing-status'), 'Free Trial');
    await page.getByRole('button', { name: 'Cancel Subscription' }).waitFor();
    dialogs.length = 0;
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page.getByRole('button', { name: 'Resume Subscription' }).waitFor();
    expect(dialogs).toEqual([
      'Are you sure you want to cancel your subscription? It will remain active until the end of your current billing period.',
      'Subscription canceled successfully. It will remain active until the end of your current billing period.',
    ]);
    await page.getByTestId('cancel-warning').waitFor();
    await screenshot(page, '11-billing-canceling');
    dialogs.length = 0;
    await page.getByRole('button', { name: 'Resume Subscription' }).click();
    await page.getByRole('button', { name: 'Cancel Subscription' }).waitFor();
    expect(dialogs).toEqual(['Subscription resumed successfully!']);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^core-vault-export-\d{4}-\d{2}-\d{2}\.json$/);
    const stream = await file.createReadStream();
    let text = '';
    for await (const chunk of stream) text += String(chunk);
    expect(JSON.parse(text)).toHaveProperty('exportedAt');
    expect(text).toContain('\n  "');
    await screenshot(page, '12-billing');
  });

  it('shows a Pro trial its analytics (as the pricing card sells) and the domains upsell', async () => {
    await page.goto(url('/analytics'));
    await page.getByRole('heading', { name: 'Views of your artifacts' }).waitFor();
    // The artifacts uploaded and viewed above: one at a time, with its own figures.
    await page.getByRole('heading', { name: 'Per-artifact analytics' }).waitFor();
    await page.getByText('Unique viewers (30 days)').waitFor();
    await page.getByRole('heading', { name: 'More analytics with Business — coming soon' }).waitFor();
    expect(await page.getByText('is available with Business plan and higher').count()).toBe(0);
    await screenshot(page, '13-analytics');
    await page.goto(url('/domains'));
    await page
      .getByRole('heading', { name: 'Custom Domains is available with Business plan and higher' })
      .waitFor();
    // Upgrade Now leads a subscriber to the change-plan dialog, not to registration.
    await page.getByRole('link', { name: 'Upgrade Now' }).click();
    await page.getByRole('dialog', { name: 'Change Plan' }).waitFor();
  });

  it('shows the onboarding checklist on the dashboard; dismissing it holds after a reload', async () => {
    await page.goto(url('/dashboard'));
    const checklist = page.getByRole('region', { name: 'Get started with Core Vault' });
    await checklist.waitFor();
    await ui.contains(page.getByTestId('checklist-count'), 'of 5 steps done');
    await checklist.getByRole('link', { name: 'Open account settings' }).waitFor();
    await screenshot(page, '14-onboarding-checklist');
    await checklist.getByRole('button', { name: 'Dismiss checklist' }).click();
    await ui.count(checklist, 0);
    // Stored by the onboarding service, through the gateway: a fresh load reads it back.
    const progress = page.waitForResponse((r) => r.url().endsWith('/api/v1/onboarding/milestones'));
    await page.reload();
    expect(await (await progress).json()).toMatchObject({ dismissed: true });
    await cards().first().waitFor();
    await ui.count(checklist, 0);
  });

  it('signs out, is refused with a wrong password, then signs in with the mailed code', async () => {
    await page.goto(url('/dashboard'));
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(url('/login'));
    await page.goto(url('/dashboard'));
    await page.waitForURL(url('/login'));
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await ui.text(page.getByRole('alert'), 'Invalid email or password');
    await screenshot(page, '14-login-error');
    await page.reload();
    await signInThroughCode(page, email, PASSWORD);
    await page.waitForURL(url('/dashboard'));
    await ui.visible(page.getByRole('tab', { name: 'My Artifacts (9)' }));
  });
});

describe("the app's shell: theme, install, footer, share target", () =>
  appShellFlow(() => ({ stack, browser, signedIn: context })));
