/// <reference lib="dom" />
// Functions passed to page.evaluate run in the browser: they use DOM types.
import { type BrowserContext, type Frame, type Page } from 'playwright-core';
import { type FrameHeightSetting, embedCode, embedSizing } from '@core-vault/contracts';
import { waitFor } from '@core-vault/platform/testing';
import { collectErrors, onRenderer, openView } from './browser-helpers';
import { type StubArtifact } from './stub-gateway';
import { type RendererStack } from './stack';

const page = (id: string, body: string, head = '', frameHeight: FrameHeightSetting = null): StubArtifact => {
  const html = `<!doctype html><html><head><meta charset="utf-8"><style>${head}</style></head><body>${body}</body></html>`;
  return {
    id: `sizing-${id}`,
    title: `Sizing ${id}`,
    type: 'HTML',
    content: html,
    rendered: html,
    isPublic: true,
    ...(frameHeight !== null ? { frameHeight } : {}),
  };
};

/** The layouts the issue names: content-sized ones and full-screen ones that used to collapse or run away. */
const PAGES = [
  page('long', `<div style="height:1500px;background:linear-gradient(#fde,#def)">long</div><p>end</p>`),
  page('short', `<p>One short line.</p>`),
  page('fixed', `<div style="position:fixed;inset:0;background:#123;color:#fff">app</div>`),
  page(
    'canvas',
    `<canvas id="c"></canvas><script>const c=document.getElementById('c');const f=()=>{c.width=innerWidth;c.height=innerHeight};addEventListener('resize',f);f();</script>`,
    'html,body{margin:0;height:100%;overflow:hidden}canvas{display:block;width:100%;height:100vh}',
  ),
  page(
    'card',
    `<main><div style="padding:24px;border:1px solid #ccc;border-radius:12px">A centred card</div></main>`,
    'body{margin:0}main{min-height:100vh;display:flex;align-items:center;justify-content:center}',
  ),
  page('calc', `<div style="min-height:calc(100vh + 20px);background:#eef">taller than the window</div>`),
  page('padded', `<div style="height:100vh;padding:20px;background:#efe">100vh plus padding</div>`),
  page(
    'absolute',
    `<div style="position:absolute;top:30px;left:10px;width:200px;height:400px;background:#fee">a</div><div style="position:absolute;top:0;left:300px;width:100px;height:100px">b</div>`,
  ),
  // A long study guide: past the old 20,000 px cap, at its full height.
  page('tall', `<div style="height:25000px;background:linear-gradient(#fde,#def)">tall</div><p>end</p>`),
  // A game that sizes its canvas to the window once, as it starts (Phaser, p5), with no resize
  // handler: shrinking the frame to the loading page's title first froze it at that height.
  page(
    'game',
    `<h1 style="margin:0;height:36px">Game</h1><script>addEventListener('load',()=>setTimeout(()=>{const c=document.createElement('canvas');c.id='game';c.width=innerWidth;c.height=innerHeight;c.style.display='block';document.body.appendChild(c)},50))</script>`,
    'body{margin:0}',
  ),
  // The owner's settings: a 25,000 px page pinned at 700 px (scrolls inside), a short one to fill the window.
  page('pinned', `<div style="height:25000px;background:linear-gradient(#fde,#def)">pinned</div>`, '', 700),
  page('fill', `<p>One short line, full screen.</p>`, '', 'viewport'),
  page(
    'grows',
    `<p>Loading…</p><script>setTimeout(()=>{const d=document.createElement('div');d.id='more';d.style.height='900px';d.textContent='more';document.body.appendChild(d)},500)</script>`,
  ),
];

export function sizingSuite(stack: () => RendererStack) {
  let context: BrowserContext;
  let tab: Page;
  let errors: string[];

  beforeAll(() => stack().gateway.add(...PAGES));
  beforeEach(async () => {
    context = await stack().browser.newContext({ viewport: { width: 1200, height: 800 } });
    tab = await context.newPage();
    errors = collectErrors(tab);
  });
  afterEach(async () => {
    await context.close();
  });

  const frameEl = () => tab.locator('.cv-artifact-frame iframe');
  const frameHeight = () => frameEl().evaluate((el) => el.getBoundingClientRect().height);
  const sizingMode = () => tab.locator('.cv-artifact-frame').getAttribute('data-sizing');
  const artifactFrame = (): Frame =>
    tab.frames().find((f) => f !== tab.mainFrame() && onRenderer(stack().rendererOrigin, f.url()))!;
  /**
   * Waits until the frame's height stayed put for 700 ms (a probe or a runaway would move it; a
   * page shorter than the window is held at full height until it settled, SETTLE_MS after load).
   */
  const settled = async () => {
    let last = -1;
    let since = Date.now();
    await waitFor(
      async () => {
        const h = await frameHeight();
        if (h !== last) [last, since] = [h, Date.now()];
        return Date.now() - since;
      },
      (quiet) => quiet >= 700,
      { timeoutMs: 8_000, intervalMs: 50, what: 'frame height settled' },
    );
    return last;
  };
  /** What the artifact's document measures inside the frame. */
  const inside = () =>
    artifactFrame().evaluate(() => ({
      scroll: document.documentElement.scrollHeight,
      inner: window.innerHeight,
      /** The root box with its margins: the height of normal flow. */
      flow: document.documentElement.getBoundingClientRect().height,
    }));
  /** The default for full-screen layouts: the window below the app's header, room left for the handle. */
  const expectedViewportHeight = async () =>
    Math.max(480, 800 - 12 - (await frameEl().evaluate((el) => el.getBoundingClientRect().top + scrollY)));

  const open = async (id: string) => {
    await openView(stack(), tab, `sizing-${id}`);
    return settled();
  };

  it.each<[string, number | null]>([
    ['long', null],
    ['short', null],
    ['absolute', 430],
    ['tall', null],
  ])('a content-sized page (%s) gets its content height, no inner scrollbar', async (id, expected) => {
    const height = await open(id);
    expect(await sizingMode()).toBe('content');
    const { scroll, inner, flow } = await inside();
    expect(Math.abs(height - (expected ?? flow))).toBeLessThanOrEqual(2);
    expect(scroll).toBeLessThanOrEqual(inner);
    expect(errors).toEqual([]);
  });

  it.each(['fixed', 'canvas', 'card', 'calc', 'padded'])(
    'a full-screen page (%s) gets the window below the header, and stays there',
    async (id) => {
      const height = await open(id);
      expect(await sizingMode()).toBe('viewport');
      expect(Math.abs(height - (await expectedViewportHeight()))).toBeLessThanOrEqual(1);
      await tab.waitForTimeout(300);
      expect(await frameHeight()).toBe(height);
      expect(errors).toEqual([]);
    },
  );

  it('the owner’s pinned px hold in the view whatever the page measures: a taller one scrolls inside', async () => {
    const height = await open('pinned');
    expect(await sizingMode()).toBe('pinned');
    expect(height).toBe(700);
    const { scroll, inner } = await inside();
    expect(inner).toBe(700);
    expect(scroll).toBeGreaterThanOrEqual(25_000);
    expect(await tab.getByRole('separator', { name: 'Resize artifact' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('"fill the window" gives a short page the full-screen height, resizable', async () => {
    const height = await open('fill');
    expect(await sizingMode()).toBe('viewport');
    expect(Math.abs(height - (await expectedViewportHeight()))).toBeLessThanOrEqual(1);
    expect(await tab.getByRole('separator', { name: 'Resize artifact' }).isVisible()).toBe(true);
  });

  it('a game that sized its canvas to the window as it started keeps that height', async () => {
    const height = await open('game');
    const canvas = await artifactFrame().evaluate(() => document.getElementById('game')?.clientHeight ?? 0);
    expect(canvas).toBeGreaterThanOrEqual(await expectedViewportHeight());
    expect(height).toBeGreaterThanOrEqual(canvas);
    const { scroll, inner } = await inside();
    expect(scroll).toBeLessThanOrEqual(inner);
    expect(errors).toEqual([]);
  });

  it('a page whose content grows later: the frame follows', async () => {
    // Every height the app gives the frame, from the start.
    await tab.addInitScript(() => {
      const seen: number[] = [];
      (window as unknown as { __heights: number[] }).__heights = seen;
      setInterval(() => {
        const h = parseFloat(
          document.querySelector<HTMLElement>('.cv-artifact-frame iframe')?.style.height ?? '',
        );
        if (h && seen.at(-1) !== h) seen.push(h);
      }, 5);
    });
    await openView(stack(), tab, 'sizing-grows');
    await artifactFrame().locator('#more').waitFor();
    await waitFor(frameHeight, (h) => h > 900, { timeoutMs: 3_000, intervalMs: 50, what: 'frame grew' });
    const height = await settled();
    expect(await sizingMode()).toBe('content');
    expect(Math.abs(height - (await inside()).flow)).toBeLessThanOrEqual(2);
    // Before the growth (at 500 ms) it fitted one line.
    const heights = await tab.evaluate(() => (window as unknown as { __heights: number[] }).__heights);
    expect(heights.some((h) => h < 200)).toBe(true);
  });

  it('the resize handle works by keyboard and by dragging, and is remembered in the tab', async () => {
    const start = await open('fixed');
    const handle = tab.getByRole('separator', { name: 'Resize artifact' });
    expect(await handle.isVisible()).toBe(true);
    // Shown without scrolling: the default height leaves room for it.
    expect((await handle.boundingBox())!.y + 12).toBeLessThanOrEqual(800);
    await handle.focus();
    await tab.keyboard.press('ArrowDown');
    await tab.keyboard.press('ArrowDown');
    expect(await frameHeight()).toBe(start + 40);
    await handle.scrollIntoViewIfNeeded();
    const box = (await handle.boundingBox())!;
    await tab.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await tab.mouse.down();
    await tab.mouse.move(box.x + box.width / 2, box.y + box.height / 2 - 140, { steps: 5 });
    await tab.mouse.up();
    expect(await frameHeight()).toBe(start - 100);
    // The document inside follows (it is full screen).
    expect((await inside()).inner).toBe(start - 100);
    await tab.reload();
    await tab.locator('.cv-artifact-frame[data-sizing="viewport"]').waitFor();
    expect(await settled()).toBe(start - 100);
  });

  it('embeds: full-screen artifacts fill the third party’s iframe, content scrolls inside it', async () => {
    const embed = (id: string) =>
      `<iframe src="${stack().rendererOrigin}/embed/sizing-${id}" width="100%" height="600" style="border:0"></iframe>`;
    await tab.goto(
      `${stack().thirdPartyOrigin}/?html=${encodeURIComponent(`${embed('fixed')}${embed('canvas')}${embed('long')}`)}`,
    );
    await waitFor(
      () => tab.frames().filter((f) => f.url().includes('/embed/')).length,
      (n) => n === 3,
      { timeoutMs: 5_000, intervalMs: 50, what: 'three embeds' },
    );
    const frames = tab.frames().filter((f) => f.url().includes('/embed/'));
    for (const f of frames) await f.waitForLoadState('load');
    const measure = (f: Frame) =>
      f.evaluate(() => ({
        inner: innerHeight,
        scroll: document.documentElement.scrollHeight,
        app: (document.querySelector('body > div, canvas') as HTMLElement).getBoundingClientRect().height,
      }));
    const [fixed, canvas, long] = await Promise.all(frames.map(measure));
    expect(fixed).toEqual({ inner: 600, scroll: 600, app: 600 });
    expect(canvas).toEqual({ inner: 600, scroll: 600, app: 600 });
    expect(long!.scroll).toBeGreaterThan(1500);
    expect(errors).toEqual([]);
  });

  it('embed codes as shipped: automatic ones follow the page with the script, pinned ones keep their height', async () => {
    const origin = stack().rendererOrigin;
    // The tall one last: the others stay near the top of the page (embed codes load lazily).
    const codes = (['canvas', 'short', 'pinned', 'tall'] as const).map((id) =>
      embedCode(origin, `sizing-${id}`, { title: id, ...embedSizing(origin, id === 'pinned' ? 700 : null) }),
    );
    expect(codes[0]).toContain('data-cv-autosize');
    expect(codes[2]).not.toContain('<script');
    await tab.goto(`${stack().thirdPartyOrigin}/?html=${encodeURIComponent(codes.join('\n'))}`);
    const iframe = (id: string) => tab.locator(`iframe[src*="/embed/sizing-${id}"]`);
    const heightOf = (id: string) => iframe(id).evaluate((el) => el.getBoundingClientRect().height);
    const embedded = (id: string) => tab.frames().find((f) => f.url().includes(`/embed/sizing-${id}`))!;
    const quiet = (id: string, accept: (h: number) => boolean) =>
      waitFor(() => heightOf(id), accept, { timeoutMs: 10_000, intervalMs: 50, what: `embed ${id} sized` });

    // A 25,000 px page is not cut: the iframe takes its whole height, nothing scrolls inside.
    await quiet('tall', (h) => h >= 25_000);
    // The document learns its new height once in sight (Chromium holds back an out-of-sight
    // frame's updates; the iframe is another process's).
    await iframe('tall').scrollIntoViewIfNeeded();
    await waitFor(
      () => embedded('tall').evaluate(() => document.documentElement.scrollHeight - innerHeight),
      (overflow) => overflow <= 0,
      { timeoutMs: 5_000, intervalMs: 50, what: 'the tall embed not scrolling inside' },
    );
    // A short page shrinks to its content once it settled.
    await quiet('short', (h) => h > 0 && h < 200);
    // The full-screen canvas keeps the embed code's 600 px: found by its probe, never collapsed.
    await quiet('canvas', (h) => h === 600);
    await tab.waitForTimeout(300);
    expect(await heightOf('canvas')).toBe(600);
    const canvas = await embedded('canvas').evaluate(() => ({
      inner: innerHeight,
      app: document.querySelector('canvas')!.getBoundingClientRect().height,
    }));
    expect(canvas).toEqual({ inner: 600, app: 600 });
    // Pinned: the embedder's 700 px stay, and the 25,000 px page scrolls inside.
    expect(await heightOf('pinned')).toBe(700);
    const pinned = await embedded('pinned').evaluate(() => ({
      inner: innerHeight,
      scroll: document.documentElement.scrollHeight,
      reports: document.querySelector('script[data-autosize]') !== null,
    }));
    expect(pinned).toEqual({ inner: 700, scroll: expect.any(Number) as number, reports: false });
    expect(pinned.scroll).toBeGreaterThanOrEqual(25_000);
    expect(errors).toEqual([]);
  });
}
