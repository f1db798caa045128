/// <reference lib="dom" />
// Functions passed to page.evaluate run in the browser: they use DOM types.
import { getOnLoopback } from './browser-helpers';
import { type RendererStack } from './stack';

/** The isolation headers: the app refuses framing; the renderer is strict and framed only by the app. */
export function headersSuite(stack: () => RendererStack) {
  it('the app’s pages refuse to be framed', async () => {
    const res = await fetch(`${stack().appOrigin}/view/public-html`);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('the renderer frame: on the artifact’s own origin, no outbound network, no forms, no workers, framed only by the app, sandboxed', async () => {
    const redirect = await getOnLoopback(
      `${stack().rendererOrigin}/frame/public-html?parent=${encodeURIComponent(stack().appOrigin)}`,
    );
    expect(redirect.status).toBe(302);
    const own = new URL(redirect.headers.get('location') ?? '');
    expect(own.host).toMatch(new RegExp(`^[a-z2-7]{26}\\.${new URL(stack().rendererOrigin).host}$`));
    const res = await getOnLoopback(own.href);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    for (const directive of [
      "connect-src 'self';",
      "img-src 'self' data: blob:;",
      "script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval';",
      "form-action 'none'",
      'worker-src blob:;',
      "frame-src 'none'",
      "object-src 'none'",
      "base-uri 'none'",
      `frame-ancestors ${stack().appOrigin}`,
    ])
      expect(csp).toContain(directive);
    expect(csp).toMatch(/sandbox [^;]*allow-scripts/);
    expect(csp).not.toContain('allow-top-navigation');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('the renderer refuses parents that are not on its allow-list', async () => {
    const direct = stack().rendererOrigin.replace('localhost', '127.0.0.1');
    for (const parent of ['https://evil.example', `${stack().appOrigin}.evil.example`, '', 'null'])
      expect((await fetch(`${direct}/frame?parent=${encodeURIComponent(parent)}`)).status).toBe(400);
  });

  it('the browser will not show the app inside another site, while embeds do show', async () => {
    const context = await stack().browser.newContext();
    const page = await context.newPage();
    const body = `<iframe id="app" src="${stack().appOrigin}/view/public-html"></iframe><iframe id="embed" src="${stack().rendererOrigin}/embed/public-svg"></iframe>`;
    await page.goto(`${stack().thirdPartyOrigin}/?html=${encodeURIComponent(body)}`);
    await page.frameLocator('#embed').getByText('Vault SVG').waitFor();
    const app = page.frames().find((f) => f.name() === '' && f.parentFrame() && !f.url().includes('/embed/'));
    expect(await app?.evaluate(() => document.querySelector('#root') !== null).catch(() => false)).toBe(
      false,
    );
    await context.close();
  });
}
