/**
 * The parts of an HTML artifact the mirror rewrite looks at, found in one forward scan: comments,
 * <script>…</script>, <style>…</style> and <link …>. It yields what the pattern
 *   <!--[\s\S]*?-->|<script\b([^>]*)>([\s\S]*?)<\/script\s*>|<style\b([^>]*)>([\s\S]*?)<\/style\s*>|<link\b([^>]*?)\/?>
 * matched with the `gi` flags, in linear time: that pattern rescanned the rest of the document
 * from every `<!--`, `<script` or `<link` that had no end, so a page of 60,000 of them took
 * seconds. Here an opener without its end marks that kind finished (no later one can end
 * either), and the next '>' is remembered while it lies ahead.
 */
export interface HtmlPiece {
  index: number;
  whole: string;
  kind: 'comment' | 'script' | 'style' | 'link';
  /** The tag's attribute text (script, style, link). */
  attrs: string;
  /** The element's text (script, style). */
  body: string;
}

const isWordChar = (ch: string | undefined): boolean => ch !== undefined && /\w/.test(ch);

/** `<name` (ASCII, any case) at `at`, followed by a word boundary. */
const tagAt = (html: string, at: number, name: string): boolean =>
  html.slice(at + 1, at + 1 + name.length).toLowerCase() === name && !isWordChar(html[at + 1 + name.length]);

export function* htmlPieces(html: string): Generator<HtmlPiece> {
  const closers = { script: /<\/script\s*>/gi, style: /<\/style\s*>/gi };
  const finished = { comment: false, script: false, style: false };
  let gt = -1; // the first '>' at or after the position it was looked up from
  const nextGt = (from: number): number => {
    if (gt === -2 || gt >= from) return gt === -2 ? -1 : gt;
    gt = html.indexOf('>', from);
    if (gt < 0) gt = -2;
    return gt === -2 ? -1 : gt;
  };
  let from = 0;
  for (let at = html.indexOf('<', from); at >= 0; at = html.indexOf('<', from)) {
    from = at + 1;
    if (html.startsWith('<!--', at)) {
      if (finished.comment) continue;
      const end = html.indexOf('-->', at + 4);
      if (end < 0) finished.comment = true;
      else {
        from = end + 3;
        yield { index: at, whole: html.slice(at, from), kind: 'comment', attrs: '', body: '' };
      }
      continue;
    }
    for (const kind of ['script', 'style'] as const) {
      if (finished[kind] || !tagAt(html, at, kind)) continue;
      const close = nextGt(at + 1 + kind.length);
      const closer = closers[kind];
      closer.lastIndex = close + 1;
      const end = close < 0 ? null : closer.exec(html);
      if (!end) {
        finished[kind] = true;
        break;
      }
      from = end.index + end[0].length;
      const attrs = html.slice(at + 1 + kind.length, close);
      yield { index: at, whole: html.slice(at, from), kind, attrs, body: html.slice(close + 1, end.index) };
      break;
    }
    if (from > at + 1 || !tagAt(html, at, 'link')) continue;
    const close = nextGt(at + 5);
    if (close < 0) continue;
    const inner = html.slice(at + 5, close);
    from = close + 1;
    const attrs = inner.endsWith('/') ? inner.slice(0, -1) : inner;
    yield { index: at, whole: html.slice(at, from), kind: 'link', attrs, body: '' };
  }
}

/**
 * An attribute list as `name → raw value` (undefined for a bare name), the pattern
 * ([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))? applied globally, as a scan.
 */
export function* attributePairs(attrs: string): Generator<[string, string | undefined]> {
  const name = /[^\s"'>/=]+/g;
  for (let m = name.exec(attrs); m; m = name.exec(attrs)) {
    let at = m.index + m[0].length;
    let p = at;
    while (p < attrs.length && /\s/.test(attrs[p] as string)) p++;
    if (attrs[p] !== '=') {
      yield [m[0], undefined];
      continue;
    }
    p++;
    while (p < attrs.length && /\s/.test(attrs[p] as string)) p++;
    const quote = attrs[p];
    let value: string | undefined;
    if (quote === '"' || quote === "'") {
      const end = attrs.indexOf(quote, p + 1);
      if (end >= 0) {
        value = attrs.slice(p + 1, end);
        at = end + 1;
      }
    } else {
      const bare = /[^\s"'=<>`]+/y;
      bare.lastIndex = p;
      const v = bare.exec(attrs);
      if (v) {
        value = v[0];
        at = p + v[0].length;
      }
    }
    name.lastIndex = at;
    yield [m[0], value];
  }
}
