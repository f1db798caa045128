/**
 * Refresh never signs anyone out by accident (#32), in headless Chromium against the real local
 * stack: many people behind one address (an office NAT — here everyone is 127.0.0.1).
 *
 * Measured before: every anonymous page load called POST /auth/refresh (a 401) and spent the
 * address's refresh budget (120 / 10 min); after 120 public views a signed-in person's reload got
 * 429 with Retry-After ≈ 580 s, and the SPA sent every tab to /login. Now an anonymous load asks
 * nothing (the "has session" hint cookie), refresh is limited per session before its address, and
 * a refused refresh waits and tries again instead of signing out.
 *
 * 1. 1,000 anonymous views of a public artifact from the one address: a sample of real page loads
 *    in Chromium (none requests /auth/refresh), then the gateway-bound requests such a load makes
 *    (its HTML, its API calls), replayed over HTTP for the rest.
 * 2. A person at the same address signs in, reloads the dashboard 30 times, then opens six tabs at
 *    once, the browser's first refresh of that burst refused with a 429: signed in throughout,
 *    every tab, never on /login.
 */
import { type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { devTokenFor, uniqueSuffix } from '@core-vault/platform/testing';
import { appContext, launchBrowser } from '../support/browser';
import { mailIds, waitForCode } from '../support/mail';
import { pool } from '../support/pool';
import { type Stack, startStack } from '../support/stack';

jest.setTimeout(60_000);

const PASSWORD = 'correct horse battery';
const email = `e2e-nat-${uniqueSuffix()}@example.com`;
const VIEWS = 1_000;
const BROWSER_SAMPLE = 3;
const RELOADS = 30;
const TABS = 6;
const REFRESH_PATH = '/api/v1/auth/refresh';
const BEACON_PATH = '/api/v1/analytics/beacon';

let stack: Stack;
let browser: Browser;
let artifactId: string;
let person: BrowserContext;

const url = (path: string) => `${stack.webUrl}${path}`;
const signedIn = (tab: Page) => tab.getByRole('button', { name: 'Sign Out' }).waitFor({ timeout: 15_000 });

/** A request of a page load that reaches the gateway (the SPA's own files are the web server's). */
interface GatewayRequest {
  method: string;
  path: string;
  body: string | null;
  contentType: string | undefined;
}

const toGateway = (req: Request): GatewayRequest | null => {
  const at = new URL(req.url());
  if (at.origin !== stack.webUrl || !/^\/(api|view)\//.test(at.pathname)) return null;
  return {
    method: req.method(),
    path: `${at.pathname}${at.search}`,
    body: req.postData(),
    contentType: req.headers()['content-type'],
  };
};

/** The person signs in through the sign-in screen (the code from the mail sink), in their browser. */
async function signIn(): Promise<BrowserContext> {
  const signUp = await fetch(`${stack.gatewayUrl}/api/v1/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Office',
      lastName: 'Worker',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      planType: 'pro_monthly',
    }),
  });
  expect(signUp.status).toBe(201);
  const context = await appContext(browser, stack.webUrl);
  // The onboarding tour would cover the dashboard; this person has seen it.
  await context.addInitScript(() => window.localStorage.setItem('cv.onboarding-completed', 'true'));
  const tab = await context.newPage();
  await tab.goto(url('/login'));
  const seen = await mailIds(stack.mailApiUrl, email);
  await tab.getByLabel('Email').fill(email);
  await tab.getByLabel('Password').fill(PASSWORD);
  await tab.getByRole('button', { name: 'Sign In' }).click();
  await tab.getByRole('heading', { name: 'Enter verification code' }).waitFor();
  await tab.getByLabel('Verification code').fill(await waitForCode(stack.mailApiUrl, email, seen));
  await tab.getByRole('button', { name: 'Verify Code' }).click();
  await tab.waitForURL(/\/dashboard$/);
  return context;
}

/** A public artifact, published through the API by an owner with a development token. */
async function publish(): Promise<string> {
  const res = await fetch(`${stack.gatewayUrl}/api/v1/artifacts`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${devTokenFor(`nat-owner-${uniqueSuffix()}`)}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      title: 'Quarterly numbers',
      type: 'HTML',
      content: '<main><h1>Quarterly numbers</h1><p>Everyone in the office reads this.</p></main>',
      isPublic: true,
    }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { artifact: { id: string } }).artifact.id;
}

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  // The person signed in earlier in the day; the office reads the artifact after.
  [artifactId, person] = await Promise.all([publish(), signIn()]);
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('one address, many people', () => {
  it(`${VIEWS} anonymous public views make no refresh call`, async () => {
    const started = Date.now();
    // A sample of real page loads, each in a fresh browser profile as a new visitor's.
    const loads: GatewayRequest[][] = [];
    for (let i = 0; i < BROWSER_SAMPLE; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const requests: GatewayRequest[] = [];
      page.on('request', (req) => {
        const r = toGateway(req);
        if (r) requests.push(r);
      });
      // The load ends with its view beacon (sent once the artifact is there and visible).
      const beacon = page.waitForResponse((res) => new URL(res.url()).pathname === BEACON_PATH);
      await page.goto(url(`/view/${artifactId}`));
      await page.getByRole('heading', { name: 'Quarterly numbers' }).first().waitFor();
      await beacon;
      expect(await context.cookies()).toEqual([]);
      await context.close();
      loads.push(requests);
    }
    for (const requests of loads) expect(requests.filter((r) => r.path.startsWith(REFRESH_PATH))).toEqual([]);
    const load = loads[0] ?? [];
    // What one load asks the gateway: its page, the artifact, its view beacon; no refresh.
    expect(load.map((r) => `${r.method} ${r.path.split('?')[0]}`)).toEqual(
      expect.arrayContaining([`GET /view/${artifactId}`, `POST ${BEACON_PATH}`]),
    );
    const sampled = Date.now();

    // The rest of the thousand: the same requests over HTTP, from the same address.
    const statuses = new Map<string, number>();
    await pool(
      Array.from({ length: VIEWS - BROWSER_SAMPLE }, (_, i) => i),
      8,
      async () => {
        for (const r of load) {
          const res = await fetch(`${stack.gatewayUrl}${r.path}`, {
            method: r.method,
            headers: {
              ...(r.contentType ? { 'content-type': r.contentType } : {}),
              ...(r.method === 'GET' ? {} : { origin: stack.webUrl, 'sec-fetch-site': 'same-origin' }),
            },
            ...(r.body !== null ? { body: r.body } : {}),
          });
          await res.arrayBuffer();
          const key = `${r.method} ${r.path.split('?')[0]} ${res.status}`;
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
        }
      },
    );
    // Pages and reads all answered; no server faults. (View beacons past the per-address tracking
    // limit may be refused with 429: a view is then not counted, nobody is signed out.)
    const answered = [...statuses.entries()];
    expect(answered.filter(([key]) => / 5\d\d$/.test(key))).toEqual([]);
    expect(answered.filter(([key]) => key.startsWith('GET ') && !key.endsWith(' 200'))).toEqual([]);
    console.log(
      `${BROWSER_SAMPLE} page loads in ${sampled - started} ms, ${VIEWS - BROWSER_SAMPLE} replayed in ` +
        `${Date.now() - sampled} ms (${load.length} requests each):`,
      Object.fromEntries(statuses),
    );
  });

  describe('then a signed-in person at the same address', () => {
    const refreshes: number[] = [];
    const onLogin: string[] = [];

    beforeAll(() => {
      // From here on: every refresh's answer, and any page that lands on /login.
      person.on('response', (res) => {
        if (new URL(res.url()).pathname === REFRESH_PATH) refreshes.push(res.status());
      });
      const watch = (page: Page) =>
        page.on('framenavigated', (frame) => {
          if (frame === page.mainFrame() && new URL(frame.url()).pathname === '/login')
            onLogin.push(frame.url());
        });
      person.pages().forEach(watch);
      person.on('page', watch);
    });

    it('holds the hint beside the refresh cookie: readable, no secret, the same lifetime', async () => {
      const cookies = await person.cookies(stack.webUrl);
      const refresh = cookies.find((c) => c.name === 'cv_rt');
      const hint = cookies.find((c) => c.name === 'cv_has_session');
      expect(refresh).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/' });
      expect(hint).toMatchObject({
        value: '1',
        httpOnly: false,
        secure: true,
        sameSite: 'Strict',
        path: '/',
      });
      expect(Math.abs((hint?.expires ?? 0) - (refresh?.expires ?? 0))).toBeLessThanOrEqual(2);
    });

    it(`reloads the dashboard ${RELOADS} times: signed in every time`, async () => {
      const tab = person.pages()[0] as Page;
      for (let i = 0; i < RELOADS; i++) {
        // The page's own answer is what counts, not its last image: on to the check at once.
        await tab.reload({ waitUntil: 'commit' });
        await signedIn(tab);
        expect(new URL(tab.url()).pathname).toBe('/dashboard');
      }
      expect(refreshes).toEqual(Array(RELOADS).fill(200));
      expect(onLogin).toEqual([]);
    });

    it(`opens ${TABS} tabs at once, the first refresh refused with 429: every tab signed in`, async () => {
      // The gateway's answer over a budget, as measured (but a short wait: the SPA honours it).
      let refused = false;
      await person.route(`**${REFRESH_PATH}`, async (route) => {
        if (refused) return route.continue();
        refused = true;
        await route.fulfill({
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '1' },
          body: JSON.stringify({
            statusCode: 429,
            code: 'RATE_LIMITED',
            message: 'Too many attempts. Please try again in 1 seconds.',
          }),
        });
      });
      refreshes.length = 0;
      const tabs = await Promise.all(
        Array.from({ length: TABS }, async () => {
          const tab = await person.newPage();
          await tab.goto(url('/dashboard'));
          return tab;
        }),
      );
      for (const tab of tabs) {
        await signedIn(tab);
        expect(new URL(tab.url()).pathname).toBe('/dashboard');
      }
      await person.unroute(`**${REFRESH_PATH}`);
      // One refused, then the tab holding the browser's refresh lock asked again; the other tabs
      // reused its answer (or asked after it, on the one rotated cookie). Never a 401.
      expect(refreshes[0]).toBe(429);
      expect(refreshes.slice(1).length).toBeGreaterThanOrEqual(1);
      expect(refreshes.slice(1).every((s) => s === 200)).toBe(true);
      expect(onLogin).toEqual([]);
      // The session is whole: the page that reloaded thirty times is still signed in too.
      const first = person.pages()[0] as Page;
      await first.reload();
      await signedIn(first);
    });
  });
});
