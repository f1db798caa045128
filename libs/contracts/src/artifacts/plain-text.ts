/**
 * Plain text of untrusted artifact text (share excerpts, cards). Every pass is a forward scan
 * whose cost is linear in the input: the regular expressions these replace (`<[^>]*>`,
 * `<!--[^]*?-->`, `\[[^\]]*\]\(…\)`, lazy emphasis) rescanned the rest of the text from every
 * opener that had no closer, which made `<` followed by 60,000 spaces cost seconds.
 */

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

const isSpace = (ch: string | undefined): boolean => ch !== undefined && /\s/.test(ch);

/**
 * Replaces every `open … close` (the first close after the open, like a lazy match) with ' '.
 * Once an open has no close after it, no later open has one either: the scan stops there.
 */
function replaceDelimited(text: string, open: string, close: string): string {
  let out = '';
  let pos = 0;
  for (;;) {
    const start = text.indexOf(open, pos);
    if (start < 0) break;
    const end = text.indexOf(close, start + open.length);
    if (end < 0) break;
    out += `${text.slice(pos, start)} `;
    pos = end + close.length;
  }
  return out + text.slice(pos);
}

const RAW_TEXT_NAMES = ['script', 'style', 'template', 'noscript', 'title', 'head'] as const;

/** `<script …>…</script>` and the other raw-text elements, contents and all, become ' '. */
function replaceRawTextElements(text: string): string {
  const openTag = /<(script|style|template|noscript|title|head)\b/gi;
  const closeTags = new Map(RAW_TEXT_NAMES.map((n) => [n, new RegExp(`</${n}\\s*>`, 'gi')]));
  // A name with no closing tag after some open: none after any later open either.
  const unclosed = new Set<string>();
  let out = '';
  let pos = 0;
  for (let m = openTag.exec(text); m; m = openTag.exec(text)) {
    const name = (m[1] as string).toLowerCase();
    if (unclosed.has(name)) continue;
    const closeTag = closeTags.get(name as (typeof RAW_TEXT_NAMES)[number]) as RegExp;
    closeTag.lastIndex = openTag.lastIndex;
    const close = closeTag.exec(text);
    if (!close) {
      unclosed.add(name);
      continue;
    }
    out += `${text.slice(pos, m.index)} `;
    pos = close.index + close[0].length;
    openTag.lastIndex = pos;
  }
  return out + text.slice(pos);
}

const decodeEntities = (text: string): string =>
  // Linear: a match starts only at '&' and cannot run past the next '&'.
  text.replace(/&(#\d+|#x[\da-f]+|[a-z]+);/gi, (all, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
    }
    return ENTITIES[name.toLowerCase()] ?? all;
  });

export const collapseWhitespace = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** The visible text of an HTML or SVG document: no scripts, styles, comments or tags. */
export function htmlToPlain(html: string): string {
  const noComments = replaceDelimited(html, '<!--', '-->');
  const noTags = replaceDelimited(replaceRawTextElements(noComments), '<', '>');
  return collapseWhitespace(decodeEntities(noTags));
}

/** `[text](url)` and `![alt](src)` → their text (the first `]` and `)` close, as in the old pattern). */
function replaceLinks(text: string): string {
  let out = '';
  let pos = 0;
  let from = 0;
  let bracket = -1; // the first ']' after the current '[' (still valid while it lies ahead)
  for (;;) {
    const open = text.indexOf('[', from);
    if (open < 0) break;
    if (bracket <= open) bracket = text.indexOf(']', open + 1);
    if (bracket < 0) break;
    if (text[bracket + 1] !== '(') {
      // Every '[' before this ']' closes here too, and fails the same way.
      from = bracket + 1;
      continue;
    }
    const paren = text.indexOf(')', bracket + 2);
    if (paren < 0) break; // no later link can close either
    const start = open > pos && text[open - 1] === '!' ? open - 1 : open;
    out += text.slice(pos, start) + text.slice(open + 1, bracket);
    pos = from = paren + 1;
  }
  return out + text.slice(pos);
}

const EMPHASIS_DELIMITERS = ['**', '__', '*', '_', '~~'] as const;

/**
 * `**a**`, `_a_`, `` `a` ``, `~~a~~` → `a`: the text must start and end with a non-space and
 * closes at the first such delimiter (the old lazy pattern's match). The first valid close of
 * each delimiter is remembered while it lies ahead, so no stretch of text is scanned twice for
 * the same delimiter.
 */
function replaceEmphasis(text: string): string {
  const nextClose = new Map<string, number>();
  const closeAfter = (delimiter: string, from: number): number => {
    const known = nextClose.get(delimiter);
    if (known !== undefined && (known < 0 || known >= from)) return known;
    let at = text.indexOf(delimiter, from);
    while (at >= 0 && isSpace(text[at - 1])) at = text.indexOf(delimiter, at + 1);
    nextClose.set(delimiter, at);
    return at;
  };
  const marker = /[*_`~]/g;
  let out = '';
  let pos = 0;
  for (let m = marker.exec(text); m; m = marker.exec(text)) {
    const at = m.index;
    let run = '`';
    if (text[at] === '`') while (text[at + run.length] === '`') run += '`';
    const candidates = text[at] === '`' ? [run] : EMPHASIS_DELIMITERS.filter((d) => text.startsWith(d, at));
    for (const delimiter of candidates) {
      const inner = at + delimiter.length;
      if (inner >= text.length || isSpace(text[inner])) continue;
      const close = closeAfter(delimiter, inner + 1);
      if (close < 0) continue;
      out += text.slice(pos, at) + text.slice(inner, close);
      pos = close + delimiter.length;
      marker.lastIndex = pos;
      break;
    }
    if (pos <= at && text[at] === '`') marker.lastIndex = at + run.length;
  }
  return out + text.slice(pos);
}

/** Markdown-lite (the description's syntax) as plain text: link texts kept, markers dropped. */
export function markdownToPlain(text: string): string {
  // The line-marker pattern is linear: anchored at line starts, bounded before its last `\s+`.
  const withoutLineMarkers = replaceLinks(text).replace(/^\s{0,3}(#{1,6}|[-*+]|\d+[.)]|>)\s+/gm, '');
  return collapseWhitespace(replaceEmphasis(withoutLineMarkers));
}
