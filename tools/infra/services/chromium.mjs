// Chromium for browser tests (playwright-core with executablePath). Debian's
// package, because browser downloads from anywhere else are not possible here.
import { existsSync } from 'node:fs';
import { aptInstall } from '../lib/apt.mjs';

const CHROMIUM = '/usr/bin/chromium';
// Latin, symbol and emoji coverage, so real artifacts lay out as they do on a desktop and
// screenshots do not depend on whatever fonts a machine happens to have.
const FONTS = {
  'fonts-liberation': '/usr/share/fonts/truetype/liberation',
  'fonts-dejavu-core': '/usr/share/fonts/truetype/dejavu',
  'fonts-noto-color-emoji': '/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf',
};

/**
 * The browser the tests drive: CHROMIUM_PATH when it names an existing file, otherwise Debian's
 * chromium, installed with its fonts when missing. Resolves with the path to launch.
 */
export async function ensureChromium() {
  const wanted = process.env.CHROMIUM_PATH;
  if (wanted && existsSync(wanted)) return wanted;
  const missing = Object.entries(FONTS)
    .filter(([, path]) => !existsSync(path))
    .map(([pkg]) => pkg);
  if (!existsSync(CHROMIUM)) missing.unshift('chromium');
  if (missing.length) await aptInstall('chromium', missing);
  if (!existsSync(CHROMIUM))
    throw new Error(`chromium: apt-get installed chromium but ${CHROMIUM} does not exist`);
  return CHROMIUM;
}
