const isSpace = (ch: string | undefined): boolean => ch !== undefined && /\s/.test(ch);

/**
 * An HTML document's leading doctype with the whitespace and comments before it, or undefined.
 * A scan rather than `^\s*(<!--[\s\S]*?-->\s*)*<!doctype[^>]*>`: that pattern could match a run
 * of comments in exponentially many ways (a lazy comment may swallow the next one) when no
 * doctype follows. A comment ends at its first `-->`, as in a browser.
 */
export function leadingDoctype(html: string): string | undefined {
  let at = 0;
  for (;;) {
    while (isSpace(html[at])) at++;
    if (!html.startsWith('<!--', at)) break;
    const end = html.indexOf('-->', at + 4);
    if (end < 0) return undefined;
    at = end + 3;
  }
  if (html.slice(at, at + 9).toLowerCase() !== '<!doctype') return undefined;
  const close = html.indexOf('>', at + 9);
  return close < 0 ? undefined : html.slice(0, close + 1);
}
