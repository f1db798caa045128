/// <reference lib="dom" />
// Functions passed to page.evaluate run in the browser: they use DOM types.
import { type BrowserContext, type Page } from 'playwright-core';
import { openView } from './browser-helpers';
import { type RendererStack } from './stack';
import { type StubArtifact } from './stub-gateway';

/**
 * An artifact that calls an https API and shows an image from an https host. `.invalid` never
 * resolves (nothing leaves this machine): with network allowed the fetch is attempted and fails
 * on DNS; without, the CSP refuses it first and says so (securitypolicyviolation).
 */
const CALLS_AN_API = `<!doctype html><html><body>
<p id="fetch">pending</p><p id="img">pending</p>
<script>
var out = document.getElementById('fetch');
var blocked = null;
document.addEventListener('securitypolicyviolation', function (e) {
  if (e.violatedDirective.indexOf('connect-src') === 0) blocked = e.violatedDirective;
  if (e.violatedDirective.indexOf('img-src') === 0) document.getElementById('img').textContent = 'image blocked';
});
fetch('https://api.weather.invalid/today').then(
  function () { out.textContent = 'answered'; },
  function () { setTimeout(function () { out.textContent = blocked ? 'blocked by ' + blocked : 'attempted'; }, 0); }
);
var img = new Image();
img.onerror = function () { setTimeout(function () {
  var el = document.getElementById('img'); if (el.textContent === 'pending') el.textContent = 'image attempted';
}, 0); };
img.src = 'https://images.example.invalid/photo.jpg';
</script></body></html>`;

export const NETWORK_FIXTURES: StubArtifact[] = [
  {
    id: 'net-off',
    title: 'Weather (no network)',
    type: 'HTML',
    content: CALLS_AN_API,
    rendered: CALLS_AN_API,
    isPublic: true,
  },
  {
    id: 'net-on',
    title: 'Weather (network allowed)',
    type: 'HTML',
    content: CALLS_AN_API,
    rendered: CALLS_AN_API,
    isPublic: true,
    allowNetwork: true,
  },
];

/** The network decision (docs/reference/rendering.md, "Network") as the browser enforces it. */
export function networkSuite(stack: () => RendererStack) {
  let context: BrowserContext;
  let page: Page;
  beforeAll(() => stack().gateway.add(...NETWORK_FIXTURES));
  beforeEach(async () => {
    context = await stack().browser.newContext();
    page = await context.newPage();
  });
  afterEach(async () => {
    await context.close();
  });

  const results = async (frame: Awaited<ReturnType<typeof openView>>) => {
    const fetchText = frame.locator('#fetch');
    await fetchText.filter({ hasNotText: 'pending' }).waitFor();
    await frame.locator('#img').filter({ hasNotText: 'pending' }).waitFor();
    return { fetch: await fetchText.textContent(), img: await frame.locator('#img').textContent() };
  };

  it('off by default: the CSP refuses fetch and remote images (a beacon), no badge', async () => {
    const frame = await openView(stack(), page, 'net-off');
    expect(await results(frame)).toEqual({ fetch: 'blocked by connect-src', img: 'image blocked' });
    expect(await page.getByTestId('network-badge').count()).toBe(0);
  });

  it('allowed by the owner: the fetch goes out, viewers see the badge; the embed follows too', async () => {
    const frame = await openView(stack(), page, 'net-on');
    expect(await results(frame)).toEqual({ fetch: 'attempted', img: 'image attempted' });
    await page.getByTestId('network-badge').waitFor();
    await page.goto(`${stack().rendererOrigin}/embed/net-on`);
    await page.locator('#fetch').filter({ hasNotText: 'pending' }).waitFor();
    expect(await page.locator('#fetch').textContent()).toBe('attempted');
    await page.goto(`${stack().rendererOrigin}/embed/net-off`);
    await page.locator('#fetch').filter({ hasNotText: 'pending' }).waitFor();
    expect(await page.locator('#fetch').textContent()).toBe('blocked by connect-src');
  });
}
