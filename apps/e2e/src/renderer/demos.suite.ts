/// <reference lib="dom" />
// Functions passed to page.evaluate run in the browser: they use DOM types.
import { type BrowserContext, type FrameLocator, type Page } from 'playwright-core';
import { DEMO_ARTIFACTS } from '@core-vault/demo-catalogue';
import { waitFor } from '@core-vault/platform/testing';
import { clickDelivered, collectErrors, openView } from './browser-helpers';
import { type RendererStack } from './stack';

type Check = (frame: FrameLocator, page: Page, stack: RendererStack) => Promise<void>;

const text = async (frame: FrameLocator, selector: string) =>
  (await frame.locator(selector).first().textContent()) ?? '';

/** One working interaction per demo, as the catalogue describes it. */
const CHECKS: Record<string, Check> = {
  'ai-model-analyzer': async (frame) => {
    expect(await frame.locator('[data-model]').count()).toBe(3);
    expect(await text(frame, '#cost')).toBe('$0.0030');
    await frame.locator('#inTokens').fill('2000');
    await waitFor(
      () => text(frame, '#cost'),
      (v) => v === '$0.0050',
      { what: 'cost recalculated' },
    );
    const accuracy = Number((await text(frame, '[data-model] .big')).replace('% accuracy', ''));
    expect(accuracy).toBeGreaterThanOrEqual(75);
    expect(accuracy).toBeLessThanOrEqual(95);
    await clickDelivered(frame.getByRole('button', { name: 'Refresh now' }));
  },
  'compliance-dashboard': async (frame) => {
    await clickDelivered(frame.getByRole('button', { name: 'Run audit' }));
    expect(['Low', 'Medium', 'High']).toContain(await text(frame, '#risk'));
    const compliance = parseFloat(await text(frame, '#compliance'));
    expect(compliance).toBeGreaterThanOrEqual(85);
    expect(compliance).toBeLessThanOrEqual(99);
  },
  'sales-dashboard': async (frame) => {
    await waitFor(
      () => frame.locator('rect.bar').count(),
      (n) => n === 12,
      { what: '12 bars drawn by d3' },
    );
    const all = await text(frame, '#total');
    await frame.getByLabel('Region').selectOption('north');
    await waitFor(
      () => text(frame, '#total'),
      (v) => v !== all,
      { what: 'region filter' },
    );
    expect(await frame.locator('path.line').count()).toBe(1);
  },
  'task-manager': async (frame, page) => {
    const input = frame.getByLabel('Task');
    expect(await input.getAttribute('maxlength')).toBe('100');
    expect(await frame.getByLabel('Priority').inputValue()).toBe('medium');
    await input.fill('   ');
    await clickDelivered(frame.getByRole('button', { name: 'Add task' }));
    await frame.getByText('No tasks here yet.').waitFor();
    await input.fill('Write the report');
    await frame.getByLabel('Priority').selectOption('high');
    await clickDelivered(frame.getByRole('button', { name: 'Add task' }));
    await input.fill('Water plants');
    await frame.getByLabel('Priority').selectOption('low');
    await clickDelivered(frame.getByRole('button', { name: 'Add task' }));
    await frame.getByRole('checkbox', { name: 'Complete Water plants' }).check();
    await clickDelivered(frame.getByRole('button', { name: 'High priority' }));
    expect(await frame.locator('.task .text').allTextContents()).toEqual(['Write the report']);
    await clickDelivered(frame.getByRole('button', { name: 'Completed' }));
    expect(await frame.locator('.task .text').allTextContents()).toEqual(['Water plants']);
    // The artifact's localStorage `tasks`, kept for it by the app: still there after a reload.
    const stored = await frame.locator('html').evaluate(() => localStorage.getItem('tasks'));
    expect(JSON.parse(stored ?? '[]')).toHaveLength(2);
    const kept = () =>
      page.evaluate(
        () => localStorage.getItem('core-vault.artifact-storage.anonymous.demo-task-manager') ?? '',
      );
    await waitFor(kept, (v) => v.includes('Write the report') && v.includes('Water plants'), {
      what: 'tasks kept by the app',
    });
    await page.reload();
    await frame.getByText('Write the report').waitFor();
    await frame.getByText('Water plants').waitFor();
  },
  'color-palette-generator': async (frame) => {
    expect(await frame.locator('.palette-card').count()).toBe(4);
    expect(await frame.locator('.palette-card').first().locator('.swatch').count()).toBe(5);
    await clickDelivered(frame.getByRole('button', { name: 'Generate palettes' }));
    const swatch = frame.locator('.swatch').first();
    const hex = (await swatch.textContent()) ?? '';
    await clickDelivered(swatch);
    await frame
      .getByRole('status')
      .filter({ hasText: `Copied ${hex}` })
      .waitFor();
  },
  'physics-simulation': async (frame) => {
    const slider = async (id: string) =>
      frame
        .locator(`#${id}`)
        .evaluate((el) => [el.getAttribute('min'), el.getAttribute('max'), el.getAttribute('step')]);
    expect(await slider('gravity')).toEqual(['1', '20', '0.1']);
    expect(await slider('damping')).toEqual(['0', '0.02', '0.001']);
    const before = await text(frame, '#period');
    await frame.locator('#gravity').fill('20');
    await waitFor(
      () => text(frame, '#period'),
      (v) => v !== before,
      { what: 'period updated' },
    );
    const a1 = await text(frame, '#angleNow');
    await waitFor(
      () => text(frame, '#angleNow'),
      (v) => v !== a1,
      { what: 'pendulum swinging' },
    );
    await clickDelivered(frame.getByRole('button', { name: 'Pause' }));
    await frame.getByRole('button', { name: 'Resume' }).waitFor();
  },
};

const metricCheck: Check = async (frame) => {
  const cards = frame.locator('[data-metric]');
  expect(await cards.count()).toBe(4);
  await waitFor(
    () => cards.allTextContents(),
    (values) => values.every((v) => v.trim().length > 0),
    { what: 'metrics shown' },
  );
  await clickDelivered(frame.getByRole('button', { name: 'Refresh data' }));
  expect(await frame.locator('tbody tr').count()).toBe(3);
};

/** Every demo of the catalogue opens at /view/demo-{id} and works. */
export function demosSuite(stack: () => RendererStack) {
  let context: BrowserContext;
  let page: Page;

  beforeEach(async () => {
    context = await stack().browser.newContext();
    page = await context.newPage();
  });
  afterEach(async () => {
    await context.close();
  });

  it.each(DEMO_ARTIFACTS.map((d) => [d.id, d.title] as const))('demo-%s', async (id, title) => {
    const errors = collectErrors(page);
    const frame = await openView(stack(), page, `demo-${id}`);
    await frame.getByRole('heading', { name: title, level: 1 }).waitFor();
    await page.getByRole('heading', { name: title }).first().waitFor();
    await (CHECKS[id] ?? metricCheck)(frame, page, stack());
    expect(errors).toEqual([]);
  });

  it('an unknown demo says so', async () => {
    await page.goto(`${stack().appOrigin}/view/demo-nothing-here`);
    await page.getByRole('heading', { name: 'Demo artifact not found' }).waitFor();
  });
}
