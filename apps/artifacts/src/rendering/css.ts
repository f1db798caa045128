/** `url(...)` that does not point at `#id`: a fetch from CSS or a paint server elsewhere. */
export const EXTERNAL_URL = /url\(\s*(?!['"]?#)[^)]*\)/gi;

/**
 * sanitize-html passes <style> text through untouched. CSS never needs `<`, and inside inline
 * SVG/MathML a browser parses style text as markup (mutation XSS), so `<` goes; so do @import and
 * url()s that leave the document.
 */
export function cleanCss(css: string, { keepUrls = false } = {}): string {
  const safe = css.replace(/</g, '');
  // HTML artifacts keep their @import and url()s: the renderer's CSP (and its library mirror,
  // which serves Google Fonts and library CSS) decides what loads.
  return keepUrls ? safe : safe.replace(/@import[^;]*;?/gi, '').replace(EXTERNAL_URL, 'none');
}

/** Applies cleanCss to every <style> block of sanitized (hence well-formed) output. */
export function cleanStyleBlocks(html: string, options: { keepUrls?: boolean } = {}): string {
  return html.replace(
    /(<style\b[^>]*>)([\s\S]*?)(<\/style>)/gi,
    (_m, open: string, body: string, close: string) => `${open}${cleanCss(body, options)}${close}`,
  );
}
