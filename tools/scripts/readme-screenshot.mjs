// The README's picture: the public view page of a demo artifact, from a running `npm start`.
//   node tools/scripts/readme-screenshot.mjs [demo id] [out file]
// Chromium as `npm test` installs it (CHROMIUM_PATH overrides); artifact origins are
// {label}.localhost, mapped to loopback so nothing resolves elsewhere.
import { chromium } from 'playwright-core';

const [id = 'demo-sales-dashboard', out = 'docs/images/view-page.png'] = process.argv.slice(2);
const app = process.env.CV_APP_URL ?? 'http://127.0.0.1:4200';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--host-resolver-rules=MAP *.localhost 127.0.0.1, MAP localhost 127.0.0.1'],
});
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${app}/view/${encodeURIComponent(id)}`, { waitUntil: 'networkidle' });
  // The consent banner would cover the artifact.
  const decline = page.getByRole('button', { name: 'Decline' });
  if (await decline.isVisible().catch(() => false)) await decline.click();
  await page.frameLocator('iframe').locator('body').waitFor();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: out });
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
}
