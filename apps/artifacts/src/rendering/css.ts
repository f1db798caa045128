/**
 * Replaces each `url(...)` that leaves the document (a fetch from CSS, or a paint server
 * elsewhere) with `replacement`; `#id` references and `data:` URLs (drawn from the text itself,
 * nothing fetched: an SVG background, a noise texture) stay. What
 * `url\(\s*(?!['"]?(?:#|data:))[^)]*\)` matched, as a scan: that pattern rescanned the rest of
 * the text from every `url(` with no `)` after it, and split a run of spaces between `\s*` and
 * `[^)]*` every way (both quadratic). As with the pattern, a `#` or `data:` after spaces counts as
 * external.
 */
export function replaceExternalUrls(css: string, replacement: string): string {
  const open = /url\(/gi;
  let out = '';
  let pos = 0;
  let paren = -1; // the first ')' after the current `url(`, while it lies ahead
  for (let m = open.exec(css); m; m = open.exec(css)) {
    const inner = open.lastIndex;
    const start = css[inner] === '"' || css[inner] === "'" ? inner + 1 : inner;
    if (css[start] === '#' || css.slice(start, start + 5).toLowerCase() === 'data:') continue;
    if (paren < inner) paren = css.indexOf(')', inner);
    if (paren < 0) break; // no ')' after this `url(`: none after a later one either
    out += `${css.slice(pos, m.index)}${replacement}`;
    pos = open.lastIndex = paren + 1;
  }
  return out + css.slice(pos);
}

/**
 * sanitize-html passes <style> text through untouched. This is for static markup (SVG artifacts,
 * Markdown), which runs no script; HTML artifacts keep their CSS as written (html-policy.ts).
 * Inside inline SVG/MathML a browser parses style text as markup (mutation XSS), so `<` becomes
 * the CSS escape `\3c ` (the same character to CSS, in strings and url()s alike — an inline SVG
 * in a data URL still draws — and no tag to the HTML parser); @import and url()s that leave the
 * document go.
 */
export function cleanCss(css: string): string {
  const safe = css.replace(/</g, '\\3c ');
  // `@import[^;]*;?` is linear: it always matches, through the next ';' or the end.
  return replaceExternalUrls(safe.replace(/@import[^;]*;?/gi, ''), 'none');
}

/**
 * Applies cleanCss to every <style> block of sanitized (hence well-formed) output. The open tag
 * and the close are searched for separately, each search starting where the last ended.
 */
export function cleanStyleBlocks(html: string): string {
  const open = /<style\b[^>]*>/gi;
  const close = /<\/style>/gi;
  let out = '';
  let pos = 0;
  for (let o = open.exec(html); o; o = open.exec(html)) {
    close.lastIndex = open.lastIndex;
    const c = close.exec(html);
    if (!c) break; // no close after this open: none after a later one either
    out += `${html.slice(pos, open.lastIndex)}${cleanCss(html.slice(open.lastIndex, c.index))}</style>`;
    pos = open.lastIndex = c.index + c[0].length;
  }
  return out + html.slice(pos);
}
