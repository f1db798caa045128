// Draws the app's PNG icons from its SVGs (public/favicon.svg, public/icons/maskable.svg) with the
// system Chromium, so the PNGs and the SVG never disagree: `node apps/web/scripts/icons.mjs`.
// The PNGs are committed (browsers and install prompts want them); run again after an SVG change.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const pub = fileURLToPath(new URL('../public/', import.meta.url));
const ICONS = [
  { svg: 'favicon.svg', out: 'icons/favicon-32.png', size: 32 },
  { svg: 'favicon.svg', out: 'icons/icon-192.png', size: 192 },
  { svg: 'favicon.svg', out: 'icons/icon-512.png', size: 512 },
  { svg: 'icons/maskable.svg', out: 'icons/maskable-512.png', size: 512 },
  // iOS draws its own rounded corners over a full square.
  { svg: 'icons/maskable.svg', out: 'icons/apple-touch-icon.png', size: 180 },
];

const browser = await chromium.launch({
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  for (const icon of ICONS) {
    const svg = readFileSync(`${pub}${icon.svg}`, 'utf8');
    await page.setViewportSize({ width: icon.size, height: icon.size });
    const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(
      `<body style="margin:0;background:transparent"><img src="${src}" width="${icon.size}" height="${icon.size}"></body>`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    await page.screenshot({ path: `${pub}${icon.out}`, omitBackground: true });
    console.log(`${icon.out} ${icon.size}×${icon.size}`);
  }
} finally {
  await browser.close();
}
