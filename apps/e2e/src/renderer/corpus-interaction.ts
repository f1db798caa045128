/**
 * Runs a corpus item's scripted interaction inside the artifact's document and tells whether it
 * visibly changed the page. Works on a FrameLocator (view page) or a Page (embed) alike.
 */
import { type FrameLocator, type Locator, type Page } from 'playwright-core';
import { clickDelivered } from './browser-helpers';
import { type Change, type Interaction, type Step } from './corpus-items';

type Root = Page | FrameLocator;

/**
 * An element's pixels, taken from the page at its box: Locator.screenshot waits for the element
 * to be "stable", which a continuously animated one never is.
 */
async function pixels(page: Page, root: Root, selector: string, c: Ceilings): Promise<string> {
  const target = root.locator(selector).first();
  // Bounded by the check's own ceiling, not Playwright's 30 s default.
  await target.evaluate((el) => el.scrollIntoView({ block: 'nearest' }), undefined, { timeout: c.target });
  const box = await target.boundingBox({ timeout: c.target });
  const view = page.viewportSize() ?? { width: 1280, height: 900 };
  if (!box) throw new Error(`${selector} has no box`);
  const x = Math.max(0, box.x);
  const y = Math.max(0, box.y);
  const clip = {
    x,
    y,
    width: Math.min(box.x + box.width, view.width) - x,
    height: Math.min(box.y + box.height, view.height) - y,
  };
  if (clip.width < 1 || clip.height < 1)
    throw new Error(`${selector} has no visible box (empty or off screen)`);
  // Generous: four pages share two cores, and a busy SMIL or WebGL frame is slow to capture.
  return (await page.screenshot({ clip, animations: 'allow', scale: 'css', timeout: c.screenshot })).toString(
    'base64',
  );
}

/** How long each step may take (ceilings, not waits), scaled by a patience factor. */
export interface Ceilings {
  /** A control to appear: a heavy scene can block its page's main thread for seconds. */
  target: number;
  change: number;
  /**
   * Pixels change only when the next frame is drawn: a WebGL scene drawn in software here (no
   * GPU) can take seconds per frame with four pages on two cores.
   */
  pixelChange: number;
  screenshot: number;
}

/** `patience` 1 in the parallel pass; more when a check is tried again alone (timing only). */
export function ceilings(patience = 1): Ceilings {
  return {
    target: 20_000 * patience,
    change: 5_000 * patience,
    pixelChange: 15_000 * patience,
    screenshot: 10_000 * patience,
  };
}

/** What a change is measured on: text, attributes, a count, or the element's pixels. */
async function snapshot(
  page: Page,
  root: Root,
  selector: string,
  change: Change,
  c: Ceilings,
): Promise<string> {
  const target = root.locator(selector);
  switch (change) {
    case 'count':
      return String(await target.count());
    case 'text':
      return (await target.count()) ? await target.first().innerText({ timeout: 2_000 }) : '';
    case 'attribute':
      return (await target.count())
        ? await target.first().evaluate(
            (el) =>
              Array.from(el.attributes)
                .map((a) => `${a.name}=${a.value}`)
                .join(' ') +
              // React and Radix keep some state in properties only (a disabled button, a checked box).
              ` disabled:${String((el as HTMLButtonElement).disabled)} value:${String((el as HTMLInputElement).value)}`,
          )
        : '';
    case 'pixels':
      return pixels(page, root, selector, c);
    case 'visible':
      return '';
  }
}

/** Range and colour inputs cannot be typed into: set them like a drag would (React sees it). */
async function fill(target: Locator, value: string, c: Ceilings): Promise<void> {
  const type = await target.evaluate((el) => (el as HTMLInputElement).type);
  if (type !== 'range' && type !== 'color') return target.fill(value, { timeout: c.target });
  await target.evaluate((el, v) => {
    // The prototype's setter, not the element's: React tracks the value through the latter.
    const descriptor = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
    descriptor?.set?.call(el, v);
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  }, value);
}

/** A person dragging across the element (orbit controls, sliders drawn on a canvas). */
async function drag(page: Page, target: Locator): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to drag on: the element has no box');
  const x = box.x + box.width / 2;
  const y = box.y + Math.min(box.height, page.viewportSize()?.height ?? 900) / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 150, y + 40, { steps: 8 });
  await page.mouse.up();
}

async function runStep(page: Page, root: Root, step: Step, c: Ceilings): Promise<void> {
  const target = root.locator(step.selector).first();
  await target.waitFor({ state: 'attached', timeout: c.target });
  // A person brings the control to the middle of the screen: at an edge it can sit under a fixed
  // header or the embed's brand badge.
  await target
    .evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center' }), undefined, {
      timeout: c.target,
    })
    .catch(() => undefined);
  switch (step.action) {
    case 'click':
      return clickDelivered(target, { timeout: c.target });
    case 'fill':
      return fill(target, step.value ?? '', c);
    case 'select':
      return void (await target.selectOption(step.value ?? '', { timeout: c.target }));
    case 'press':
      return target.press(step.value ?? 'Enter', { timeout: c.target });
    case 'drag':
      return drag(page, target);
  }
}

async function changed(
  page: Page,
  root: Root,
  selector: string,
  change: Change,
  before: string,
  c: Ceilings,
): Promise<boolean> {
  const deadline = Date.now() + (change === 'pixels' ? c.pixelChange : c.change);
  while (Date.now() < deadline) {
    const now = await snapshot(page, root, selector, change, c).catch(() => before);
    if (now !== before) return true;
    await new Promise((r) => setTimeout(r, change === 'pixels' ? 250 : 100));
  }
  return false;
}

/** Returns null when the interaction visibly changed the page, else why not. */
export async function runInteraction(
  page: Page,
  root: Root,
  interaction: Interaction,
  c: Ceilings = ceilings(),
): Promise<string | null> {
  const { action, selector, expect: want } = interaction;
  try {
    if (action === 'none-static') {
      const target = root.locator(selector).first();
      await target.waitFor({ state: 'visible', timeout: c.target });
      const box = await target.boundingBox();
      if (!box || box.width < 1 || box.height < 1) return `${selector} has no size`;
      if (want.text && !(await target.innerText()).includes(want.text))
        return `${selector} does not show "${want.text}"`;
      return null;
    }
    await root.locator(selector).first().waitFor({ state: 'visible', timeout: c.target });
    const before = await snapshot(page, root, want.selector, want.change, c);
    if (action !== 'none-animated') {
      for (const step of interaction.before ?? []) await runStep(page, root, step, c);
      await runStep(page, root, { action, selector, value: interaction.value }, c);
    }
    if (await changed(page, root, want.selector, want.change, before, c)) return null;
    // What the page shows then says more than the selector (a validation message, an old state).
    const shows = await root
      .locator('body')
      .innerText({ timeout: 2_000 })
      .then((t) => ` (page shows: "${t.replace(/\s+/g, ' ').slice(0, 200)}")`)
      .catch(() => '');
    return action === 'none-animated'
      ? `${selector} did not animate (two screenshots equal)`
      : `${action} ${selector} did not change the ${want.change} of ${want.selector}${shows}`;
  } catch (err) {
    return `interaction failed: ${(err as Error).message.split('\n')[0]}`;
  }
}
