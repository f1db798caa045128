/**
 * Replaces each `url(...)` that does not point at `#id` (a fetch from CSS, or a paint server
 * elsewhere) with `replacement`. What `url\(\s*(?!['"]?#)[^)]*\)` matched, as a scan: that
 * pattern rescanned the rest of the text from every `url(` with no `)` after it, and split a run
 * of spaces between `\s*` and `[^)]*` every way (both quadratic). As with the pattern, a `#` after
 * spaces counts as external.
 */
export function replaceExternalUrls(css: string, replacement: string): string {
  const open = /url\(/gi;
  let out = '';
  let pos = 0;
  let paren = -1; // the first ')' after the current `url(`, while it lies ahead
  for (let m = open.exec(css); m; m = open.exec(css)) {
    const inner = open.lastIndex;
    const first = css[inner] === '"' || css[inner] === "'" ? css[inner + 1] : css[inner];
    if (first === '#') continue;
    if (paren < inner) paren = css.indexOf(')', inner);
    if (paren < 0) break; // no ')' after this `url(`: none after a later one either
    out += `${css.slice(pos, m.index)}${replacement}`;
    pos = open.lastIndex = paren + 1;
  }
  return out + css.slice(pos);
}

/**
 * sanitize-html passes <style> text through untouched. CSS never needs `<`, and inside inline
 * SVG/MathML a browser parses style text as markup (mutation XSS), so `<` goes; so do @import and
 * url()s that leave the document.
 */
export function cleanCss(css: string, { keepUrls = false } = {}): string {
  const safe = css.replace(/</g, '');
  // HTML artifacts keep their @import and url()s: the renderer's CSP (and its library mirror,
  // which serves Google Fonts and library CSS) decides what loads.
  // `@import[^;]*;?` is linear: it always matches, through the next ';' or the end.
  return keepUrls ? safe : replaceExternalUrls(safe.replace(/@import[^;]*;?/gi, ''), 'none');
}

/**
 * Applies cleanCss to every <style> block of sanitized (hence well-formed) output. The open tag
 * and the close are searched for separately, each search starting where the last ended.
 */
export function cleanStyleBlocks(html: string, options: { keepUrls?: boolean } = {}): string {
  const open = /<style\b[^>]*>/gi;
  const close = /<\/style>/gi;
  let out = '';
  let pos = 0;
  for (let o = open.exec(html); o; o = open.exec(html)) {
    close.lastIndex = open.lastIndex;
    const c = close.exec(html);
    if (!c) break; // no close after this open: none after a later one either
    out += `${html.slice(pos, open.lastIndex)}${cleanCss(html.slice(open.lastIndex, c.index), options)}</style>`;
    pos = open.lastIndex = c.index + c[0].length;
  }
  return out + html.slice(pos);
}
