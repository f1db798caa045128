/**
 * Accessibility and phone widths of the main screens (#36), hosted by the account-settings suite
 * (its stack, its sign-in). Every screen is checked with axe-core (injected from node_modules:
 * no network) for serious and critical violations — the app's own chrome, never an artifact's
 * content inside the renderer's frame — and at 390×844 (one at 360 px) for horizontal overflow
 * and main actions of at least 44 × 44 px. Pages run in parallel. Dialogs: focus stays inside
 * and Escape closes them.
 */
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { devTokenFor, uniqueSuffix } from '@core-vault/platform/testing';
import { type Stack } from '../support/stack';

const AXE = require.resolve('axe-core/axe.min.js');

interface Host {
  stack: () => Stack;
  browser: () => Browser;
  signUp: (address: string) => Promise<void>;
  signIn: (context: BrowserContext, address: string, password: string) => Promise<Page>;
  password: string;
}

interface Screen {
  name: string;
  path: string;
  signedIn: boolean;
  /** Waited for before checking: the screen has drawn. */
  ready: (page: Page) => Promise<void>;
  /** The main actions (accessible names) that must be visible and at least 44 × 44 px. */
  actions: string[];
  width?: number;
  /** Check only this part (the embed: its brand link; the rest is the artifact). */
  scope?: string;
}

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** axe-core's serious and critical violations on the page, the artifact frames excluded. */
export async function seriousViolations(page: Page, only?: string): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async (scope) => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: object, opts: object) => Promise<{ violations: Violation[] }> };
      }
    ).axe;
    const result = await axe.run(
      // The artifact is its author's content, checked nowhere here: only the app around it.
      scope ? { include: [[scope]] } : { exclude: [['.cv-artifact-frame'], ['.cv-artifact-spare']] },
      { resultTypes: ['violations'] },
    );
    return result.violations;
  }, only ?? null);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join(', ')}`,
    );
}

/** What overflows the window sideways, and main actions that are hidden or under 44 × 44 px. */
async function phoneProblems(page: Page, actions: string[]): Promise<string[]> {
  const problems: string[] = [];
  const { scrollWidth, innerWidth, wide } = await page.evaluate(() => {
    const root = document.scrollingElement as Element;
    const wideOnes = Array.from(document.querySelectorAll('body *'))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return (
          r.width > 0 &&
          r.right > window.innerWidth + 1 &&
          !el.closest('[data-preview-slot], .cv-artifact-frame')
        );
      })
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')} (${Math.round(el.getBoundingClientRect().right)} px)`,
      );
    return { scrollWidth: root.scrollWidth, innerWidth: window.innerWidth, wide: wideOnes };
  });
  if (scrollWidth > innerWidth)
    problems.push(`scrolls sideways: ${scrollWidth} > ${innerWidth} (${wide.join(', ')})`);
  for (const name of actions) {
    const target = page
      .getByRole('button', { name, exact: true })
      .or(page.getByRole('link', { name, exact: true }))
      .first();
    const box = await target.boundingBox();
    if (!box) problems.push(`"${name}" is not visible`);
    else if (box.width < 44 || box.height < 44)
      problems.push(`"${name}" is ${Math.round(box.width)} × ${Math.round(box.height)} px (under 44 × 44)`);
  }
  return problems;
}

export function accessibilityAndPhonesSuite(host: Host): void {
  const suffix = uniqueSuffix();
  const email = `e2e-a11y-${suffix}@example.com`;
  let signedIn: BrowserContext;
  let anonymous: BrowserContext;
  let publicId = '';
  let ownId = '';

  beforeAll(async () => {
    const { stack } = { stack: host.stack() };
    await host.signUp(email);
    signedIn = await host.browser().newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      // axe-core goes in as a script tag, which the app's policy (no inline script) would refuse.
      bypassCSP: true,
      isMobile: true,
    });
    anonymous = await host.browser().newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      // axe-core goes in as a script tag, which the app's policy (no inline script) would refuse.
      bypassCSP: true,
      isMobile: true,
    });
    // A public artifact of someone else: the public view and embed pages.
    const made = await fetch(`${stack.gatewayUrl}/api/v1/artifacts`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${devTokenFor(`e2e-a11y-${suffix}`)}`,
        'content-type': 'application/json',
        origin: stack.webUrl,
        'sec-fetch-site': 'same-origin',
      },
      body: JSON.stringify({
        title: 'A shared page',
        type: 'HTML',
        content: '<h1>Shared</h1>',
        isPublic: true,
      }),
    });
    publicId = ((await made.json()) as { artifact: { id: string } }).artifact.id;
    // The signed-in person's own artifact (through the API: this account has no trial, so no
    // upload feature in its own token), so the dashboard has a card and the owner a view page.
    const page = await host.signIn(signedIn, email, host.password);
    const refreshed = await signedIn.request.post(`${stack.webUrl}/api/v1/auth/refresh`, {
      headers: { origin: stack.webUrl },
    });
    const { user } = (await refreshed.json()) as { user: { id: string } };
    const own = await fetch(`${stack.gatewayUrl}/api/v1/artifacts`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${devTokenFor(user.id)}`,
        'content-type': 'application/json',
        origin: stack.webUrl,
        'sec-fetch-site': 'same-origin',
      },
      body: JSON.stringify({
        title: 'My phone notes',
        type: 'MARKDOWN',
        content: '# Notes\n\nWritten on a phone.',
      }),
    });
    ownId = ((await own.json()) as { artifact: { id: string } }).artifact.id;
    await page.close();
  }, 120_000);

  afterAll(async () => {
    await signedIn?.close();
    await anonymous?.close();
  });

  const heading = (name: string | RegExp) => (page: Page) =>
    page.getByRole('heading', { name }).first().waitFor();

  const screens = (): Screen[] => [
    {
      name: 'landing',
      path: '/',
      signedIn: false,
      ready: heading('Intelligence, captured'),
      actions: ['Start 90-Day Free Trial'],
    },
    {
      name: 'landing at 360 px',
      path: '/',
      signedIn: false,
      ready: heading('Intelligence, captured'),
      actions: ['Start 90-Day Free Trial'],
      width: 360,
    },
    {
      name: 'sign in',
      path: '/login',
      signedIn: false,
      ready: heading(/sign in|welcome/i),
      actions: ['Sign In'],
    },
    {
      name: 'register',
      path: '/register',
      signedIn: false,
      ready: (p) => p.getByLabel('Email').first().waitFor(),
      actions: [],
    },
    {
      name: 'public view',
      path: `/view/${publicId}`,
      signedIn: false,
      ready: (p) => p.frameLocator('.cv-artifact-frame iframe').getByText('Shared').waitFor(),
      actions: [],
    },
    {
      name: 'embed',
      path: `/embed/${publicId}`,
      signedIn: false,
      // The app sends an embed on to the renderer's embed document (the artifact's own origin).
      ready: (p) => p.locator('.cv-brand').waitFor(),
      actions: [],
      scope: '.cv-brand',
    },
    {
      name: 'dashboard',
      path: '/dashboard',
      signedIn: true,
      ready: (p) => p.getByText('My phone notes').first().waitFor(),
      // The gallery's toolbar and a card's ⋯ menu button (#36.2).
      actions: ['Filters', 'Grid', 'List', 'More actions for My phone notes'],
    },
    {
      name: 'upload',
      path: '/upload',
      signedIn: true,
      ready: heading('Upload an artifact'),
      actions: ['Upload Artifact'],
    },
    {
      name: 'own view',
      path: `/view/${ownId}`,
      signedIn: true,
      ready: heading('My phone notes'),
      actions: [],
    },
    {
      name: 'account',
      path: '/account',
      signedIn: true,
      ready: heading('Account Settings'),
      actions: ['Save Profile'],
    },
    {
      name: 'billing',
      path: '/billing',
      signedIn: true,
      ready: (p) => p.getByRole('heading').first().waitFor(),
      actions: [],
    },
  ];

  it('main screens: no serious or critical axe violations, nothing wider than a phone, main actions ≥ 44 px', async () => {
    const results = await Promise.all(
      screens().map(async (s) => {
        const context = s.signedIn ? signedIn : anonymous;
        const page = await context.newPage();
        try {
          if (s.width) await page.setViewportSize({ width: s.width, height: 780 });
          await page.goto(`${host.stack().webUrl}${s.path}`);
          await s.ready(page);
          const problems = [
            ...(await seriousViolations(page, s.scope)),
            ...(await phoneProblems(page, s.actions)),
          ];
          return problems.map((p) => `${s.name}: ${p}`);
        } catch (err) {
          return [`${s.name}: ${(err as Error).message.split('\n')[0]}`];
        } finally {
          await page.close();
        }
      }),
    );
    expect(results.flat()).toEqual([]);
  });

  it('dialogs keep focus inside and close on Escape; the dashboard menu is usable on a phone', async () => {
    const page = await signedIn.newPage();
    try {
      await page.goto(`${host.stack().webUrl}/dashboard`);
      await page.getByText('My phone notes').first().waitFor();
      const card = page
        .locator('.ad-card, [data-testid="artifact-card"]')
        .filter({ hasText: 'My phone notes' })
        .first();
      await card.getByRole('button', { name: 'Edit', exact: true }).click();
      // The modal one: the tour (a non-modal dialog) may be open beside it.
      const dialog = page.locator('[role="dialog"][aria-modal="true"]');
      await dialog.waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      // Tab through more stops than the dialog has: focus never leaves it.
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press('Tab');
        expect(
          await page.evaluate(() =>
            Boolean(document.activeElement?.closest('[role="dialog"][aria-modal="true"]')),
          ),
        ).toBe(true);
      }
      await page.keyboard.press('Shift+Tab');
      expect(
        await page.evaluate(() =>
          Boolean(document.activeElement?.closest('[role="dialog"][aria-modal="true"]')),
        ),
      ).toBe(true);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await phoneProblems(page, [])).toEqual([]);
    } finally {
      await page.close();
    }
  });
}
