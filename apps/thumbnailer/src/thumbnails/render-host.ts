import { createHash } from 'node:crypto';
import { RENDER_CHANNEL, THUMBNAIL_SIZES } from '@core-vault/contracts';

/**
 * The page that frames an artifact for its picture, served on THUMBNAILER_ORIGIN (a frame parent
 * the renderer accepts). It does what the app's ArtifactFrame does and nothing more: frame
 * `/frame/{id}` with the app's sandbox, answer the shell's `ready` with the render request (to
 * the artifact's origin only), and report `rendered` or `error`. Then it scales the picture.
 */
const SCRIPT = `
const SANDBOX = 'allow-scripts allow-forms allow-modals allow-popups allow-same-origin';
window.cvRender = (src, request, rendererHost, timeoutMs) => new Promise((resolve, reject) => {
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', SANDBOX);
  frame.style.cssText = 'position:fixed;inset:0;width:100vw;height:100vh;border:0;background:#fff';
  const timer = setTimeout(() => reject(new Error('no answer from the renderer')), timeoutMs);
  let sent = false;
  window.addEventListener('message', (event) => {
    const host = new URL(event.origin).host;
    if (event.source !== frame.contentWindow || !host.endsWith('.' + rendererHost)) return;
    const m = event.data;
    if (!m || m.channel !== ${JSON.stringify(RENDER_CHANNEL)}) return;
    if (m.kind === 'ready' && !sent) {
      sent = true;
      frame.contentWindow.postMessage(request, event.origin);
    } else if (m.kind === 'rendered') {
      clearTimeout(timer);
      resolve('rendered');
    } else if (m.kind === 'error') {
      clearTimeout(timer);
      reject(new Error((m.error && m.error.title) + ': ' + (m.error && m.error.message)));
    }
  });
  frame.src = src;
  document.body.appendChild(frame);
});
window.cvScale = async (png, width, height, type, quality) => {
  const image = new Image();
  image.src = 'data:image/png;base64,' + png;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, width, height);
  return canvas.toDataURL(type, quality).split(',')[1];
};`;

const SCRIPT_HASH = createHash('sha256').update(SCRIPT).digest('base64');

export const RENDER_HOST_PATH = '/render-host';

export const renderHostHtml = (): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Thumbnail</title>` +
  `<style>html,body{margin:0;background:#fff;overflow:hidden}</style></head><body>` +
  `<script>${SCRIPT}</script></body></html>`;

/** Its own scripts only; frames of the renderer and its artifact origins; the picture as data. */
export function renderHostCsp(rendererOrigin: string): string {
  const url = new URL(rendererOrigin);
  return [
    "default-src 'none'",
    `script-src 'sha256-${SCRIPT_HASH}'`,
    "style-src 'unsafe-inline'",
    `frame-src ${url.origin} ${url.protocol}//*.${url.host}`,
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** The render's viewport is the link preview's size; the card is scaled from it. */
export const RENDER_VIEWPORT = { width: THUMBNAIL_SIZES.og.width, height: THUMBNAIL_SIZES.og.height };
