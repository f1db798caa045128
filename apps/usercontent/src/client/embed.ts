/**
 * Entry of `/assets/embed.js`: the embed code's script on the embedding page. The renderer's
 * origin is where the script itself came from.
 */
import { installEmbedResizer } from './embed-resizer';

const own = document.currentScript as HTMLScriptElement | null;
const flag = '__coreVaultEmbed';
const w = window as Window & { [flag]?: boolean };
// Pages with several embeds load the script once per embed code: one listener is enough.
if (own?.src && !w[flag]) {
  w[flag] = true;
  installEmbedResizer(window, new URL(own.src).origin);
}
