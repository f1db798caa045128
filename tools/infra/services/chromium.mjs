// Chromium for browser tests (playwright-core with executablePath). Debian's
// package, because browser downloads from anywhere else are not possible here.
import { existsSync } from 'node:fs';
import { aptInstall } from '../lib/apt.mjs';

const CHROMIUM = '/usr/bin/chromium';

/** Installs Debian's chromium when missing; resolves with its path. */
export async function ensureChromium() {
  if (!existsSync(CHROMIUM)) await aptInstall('chromium', ['chromium', 'fonts-liberation']);
  return CHROMIUM;
}
