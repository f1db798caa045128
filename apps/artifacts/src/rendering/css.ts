/** `url(...)` that does not point at `#id`: a fetch from CSS or a paint server elsewhere. */
export const EXTERNAL_URL = /url\(\s*(?!['"]?#)[^)]*\)/gi;

/**
 * sanitize-html passes <style> text through untouched. CSS never needs `<`, and inside inline
 * SVG/MathML a browser parses style text as markup (mutation XSS), so `<` goes; so do @import and
 * url()s that leave the document.
 */
export function cleanCss(css: string): string {
  return css
    .replace(/</g, '')
    .replace(/@import[^;]*;?/gi, '')
    .replace(EXTERNAL_URL, 'none');
}

/** Applies cleanCss to every <style> block of sanitized (hence well-formed) output. */
export function cleanStyleBlocks(html: string): string {
  return html.replace(
    /(<style\b[^>]*>)([\s\S]*?)(<\/style>)/gi,
    (_m, open: string, body: string, close: string) => `${open}${cleanCss(body)}${close}`,
  );
}
