import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { type Logger } from 'pino';
import { type RenderableArtifact, THUMBNAIL_SIZES, labelOfHost, renderRequest } from '@core-vault/contracts';
import { APP_CONFIG, LOGGER } from '@core-vault/platform';
import { type ThumbnailerConfig } from '../config';
import { RENDER_HOST_PATH, RENDER_VIEWPORT } from './render-host';

export interface Thumbnails {
  card: Buffer;
  og: Buffer;
}

/** Flags of the one Chromium: no sandbox inside a container (the pod is), no background traffic. */
const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--mute-audio',
];

/**
 * Which requests a render may make. The framing page and the renderer (its own origin and the
 * artifacts' `{label}.` origins) always; anything else only when the artifact's owner allowed
 * outbound network — the renderer's CSP says the same, this is the second lock.
 */
export function requestAllowed(
  url: string,
  allowNetwork: boolean,
  origins: { host: string; renderer: string },
): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol === 'data:' || parsed.protocol === 'blob:') return true;
  const renderer = new URL(origins.renderer);
  if (parsed.origin === origins.host || parsed.origin === renderer.origin) return true;
  if (parsed.protocol === renderer.protocol && labelOfHost(renderer.host, parsed.host) !== null) return true;
  return allowNetwork;
}

/**
 * One headless Chromium for the worker, a fresh context (no storage, no cache shared with any
 * other artifact) per render, always closed, every render bounded by THUMBNAIL_RENDER_TIMEOUT_MS.
 * How many run at once is the BullMQ worker's concurrency.
 */
@Injectable()
export class ChromiumRenderer implements OnApplicationShutdown {
  private browser: Promise<Browser> | undefined;
  private closing = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: ThumbnailerConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Launched on first use, and again after a crash (a disconnected browser is dropped). */
  private launch(): Promise<Browser> {
    if (!this.browser) {
      const rules = this.config.CHROMIUM_HOST_RULES;
      const launching = chromium.launch({
        executablePath: this.config.CHROMIUM_PATH,
        args: rules ? [...CHROMIUM_ARGS, `--host-resolver-rules=${rules}`] : CHROMIUM_ARGS,
      });
      this.browser = launching;
      launching.then(
        (b) =>
          b.on('disconnected', () => {
            if (this.browser === launching) this.browser = undefined;
            if (!this.closing) this.logger.warn('chromium disconnected; the next render starts a new one');
          }),
        () => {
          if (this.browser === launching) this.browser = undefined;
        },
      );
    }
    return this.browser;
  }

  /** True when Chromium runs or can be started (the health check). */
  async healthy(): Promise<boolean> {
    return (await this.launch()).isConnected();
  }

  async render(artifact: RenderableArtifact & { id: string }): Promise<Thumbnails> {
    const browser = await this.launch();
    const context = await browser.newContext({
      viewport: RENDER_VIEWPORT,
      deviceScaleFactor: 1,
      serviceWorkers: 'block',
      colorScheme: 'light',
    });
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`render timed out after ${this.config.THUMBNAIL_RENDER_TIMEOUT_MS} ms`)),
          this.config.THUMBNAIL_RENDER_TIMEOUT_MS,
        );
      });
      return await Promise.race([this.shoot(context, artifact), timeout]);
    } finally {
      clearTimeout(timer);
      // Closes its pages and whatever the artifact started; never left behind.
      await context.close().catch(() => undefined);
    }
  }

  private async shoot(
    context: BrowserContext,
    artifact: RenderableArtifact & { id: string },
  ): Promise<Thumbnails> {
    const host = new URL(this.config.THUMBNAILER_ORIGIN).origin;
    const origins = { host, renderer: this.config.RENDERER_ORIGIN };
    const network = artifact.allowNetwork === true;
    await context.route('**/*', (route) =>
      requestAllowed(route.request().url(), network, origins)
        ? route.continue()
        : route.abort('blockedbyclient'),
    );
    const page = await context.newPage();
    page.setDefaultTimeout(this.config.THUMBNAIL_RENDER_TIMEOUT_MS);
    await page.goto(`${host}${RENDER_HOST_PATH}`);
    const renderer = new URL(this.config.RENDERER_ORIGIN);
    const src = `${renderer.origin}/frame/${encodeURIComponent(artifact.id)}?parent=${encodeURIComponent(host)}${network ? '&network=1' : ''}`;
    await page.evaluate(
      ([frameSrc, request, rendererHost, ms]) =>
        (globalThis as unknown as { cvRender: (...a: unknown[]) => Promise<string> }).cvRender(
          frameSrc,
          request,
          rendererHost,
          ms,
        ),
      [
        src,
        renderRequest(artifact, 'light'),
        renderer.host,
        this.config.THUMBNAIL_RENDER_TIMEOUT_MS,
      ] as const,
    );
    // The artifact said it rendered: let its fonts, images and first frames settle.
    const frame = page.frames().find((f) => f.parentFrame() === page.mainFrame());
    if (frame) {
      await frame.waitForLoadState('load');
      // A string: it runs in the frame's page, not in Node (no DOM types here).
      await frame.evaluate(
        'document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))',
      );
    }
    const og = await page.screenshot({ type: 'png', clip: { x: 0, y: 0, ...RENDER_VIEWPORT } });
    const { width, height, mediaType } = THUMBNAIL_SIZES.card;
    const card = await page.evaluate(
      ([png, w, h, type]) =>
        (globalThis as unknown as { cvScale: (...a: unknown[]) => Promise<string> }).cvScale(
          png,
          w,
          h,
          type,
          0.85,
        ),
      [og.toString('base64'), width, height, mediaType] as const,
    );
    return { og, card: Buffer.from(card, 'base64') };
  }

  async onApplicationShutdown(): Promise<void> {
    this.closing = true;
    const browser = await this.browser?.catch(() => undefined);
    await browser?.close().catch(() => undefined);
  }
}
