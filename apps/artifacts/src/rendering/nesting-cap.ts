/**
 * Caps how deeply elements nest before markup reaches sanitize-html. Its parser (htmlparser2)
 * keeps the open elements in an array it `unshift`s, so every open tag costs as much as the depth
 * already open: 150,000 unclosed `<b>`s (a 500,000-character artifact) took seconds per write,
 * every request of the service waiting behind it. Browsers stop nesting at 512 anyway; no real
 * artifact comes near MAX_NESTING.
 *
 * One linear pass that follows the parser's stack closely enough: void elements, tags another
 * tag closes implicitly (`<li>`, `<p>`, `<td>`…), self-closing tags inside SVG and MathML,
 * raw-text elements (scripts, styles) and comments skipped whole. An open tag that would go past
 * the cap is left out (its content stays, in the element at the cap): kept as escaped text it
 * would cost the sanitizer an entity each.
 */
export const MAX_NESTING = 256;

const VOID = new Set([
  'area',
  'base',
  'basefont',
  'br',
  'col',
  'command',
  'embed',
  'frame',
  'hr',
  'img',
  'input',
  'isindex',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

/** The parser's special tags: their text is not markup, up to their closing tag. */
const RAW_TEXT = new Set([
  'script',
  'style',
  'textarea',
  'title',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'plaintext',
]);

// htmlparser2's own tables (Parser.js, openImpliesClose): followed, not approximated, so the
// depth counted here is never below the parser's.
const FORM_TAGS = new Set(['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea']);
const P_TAG = new Set(['p']);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p']);
const TABLE_SECTIONS = new Set(['thead', 'tbody']);
const DD_DT = new Set(['dd', 'dt']);
const RT_RP = new Set(['rt', 'rp']);
const P_CLOSERS = [
  'address',
  'article',
  'aside',
  'blockquote',
  'details',
  'div',
  'dl',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'header',
  'hr',
  'main',
  'nav',
  'ol',
  'pre',
  'section',
  'table',
  'ul',
];

/** Which open elements an opening tag closes first. */
const IMPLIES_CLOSE = new Map<string, Set<string>>([
  ['tr', new Set(['tr', 'th', 'td'])],
  ['th', new Set(['th'])],
  ['td', new Set(['thead', 'th', 'td'])],
  ['body', new Set(['head', 'link', 'script'])],
  ['a', new Set(['a'])],
  ['li', new Set(['li'])],
  ['p', P_TAG],
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((h) => [h, HEADINGS] as const),
  ...['select', 'input', 'output', 'button', 'datalist', 'textarea'].map((t) => [t, FORM_TAGS] as const),
  ['option', new Set(['option'])],
  ['optgroup', new Set(['optgroup', 'option'])],
  ['dd', DD_DT],
  ['dt', DD_DT],
  ...P_CLOSERS.map((t) => [t, P_TAG] as const),
  ['rt', RT_RP],
  ['rp', RT_RP],
  ['tbody', TABLE_SECTIONS],
  ['tfoot', TABLE_SECTIONS],
]);

const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 12 || c === 13;
const lower = (c: number) => (c >= 65 && c <= 90 ? c + 32 : c);

/** Index of `</name` (ASCII case-insensitive) from `from`, or -1. */
function findClosing(html: string, name: string, from: number): number {
  let at = html.indexOf('</', from);
  while (at >= 0) {
    let same = true;
    for (let k = 0; k < name.length && same; k++)
      same = lower(html.charCodeAt(at + 2 + k)) === name.charCodeAt(k);
    if (same) return at;
    at = html.indexOf('</', at + 2);
  }
  return -1;
}

/**
 * The end of a tag whose name ends at `from`: the index after its `>` (quoted attribute values may
 * hold `>`), or the text's length when it never closes; and whether it ends with `/>`.
 */
function tagEnd(html: string, from: number): { end: number; selfClosing: boolean } {
  let i = from;
  let afterEquals = false;
  while (i < html.length) {
    const c = html.charCodeAt(i);
    if (c === 62 /* > */) return { end: i + 1, selfClosing: html.charCodeAt(i - 1) === 47 /* / */ };
    if (afterEquals && (c === 34 || c === 39)) {
      const close = html.indexOf(c === 34 ? '"' : "'", i + 1);
      if (close < 0) return { end: html.length, selfClosing: false };
      i = close + 1;
      afterEquals = false;
      continue;
    }
    if (c === 61 /* = */) afterEquals = true;
    else if (!isSpace(c)) afterEquals = false;
    i++;
  }
  return { end: html.length, selfClosing: false };
}

/**
 * `stray`: a character to write instead of each '<' that starts no tag (see prepareMarkup), or
 * null to leave them.
 */
export function capNesting(html: string, max = MAX_NESTING, stray: string | null = null): string {
  const stack: string[] = [];
  let foreign = 0; // open <svg>/<math> elements: self-closing tags count there
  const out: string[] = [];
  let copied = 0;
  let i = html.indexOf('<');
  while (i >= 0 && i < html.length) {
    const next = html.charCodeAt(i + 1);
    if (next === 33 /* ! */ || next === 63 /* ? */) {
      // Comment, doctype, CDATA, processing instruction: nothing nests.
      const end = html.startsWith('<!--', i) ? html.indexOf('-->', i + 4) : html.indexOf('>', i + 2);
      if (end < 0) break;
      i = html.indexOf('<', end + 1);
      continue;
    }
    const closing = next === 47; /* / */
    if (stray !== null && !closing && !isLetter(next)) {
      out.push(html.slice(copied, i), stray);
      copied = i + 1;
      i = html.indexOf('<', i + 1);
      continue;
    }
    const nameStart = i + (closing ? 2 : 1);
    if (!isLetter(html.charCodeAt(nameStart))) {
      i = html.indexOf('<', i + 1);
      continue;
    }
    let nameEnd = nameStart;
    while (nameEnd < html.length) {
      const c = html.charCodeAt(nameEnd);
      if (isSpace(c) || c === 47 || c === 62) break;
      nameEnd++;
    }
    const name = html.slice(nameStart, nameEnd).toLowerCase();
    const { end, selfClosing } = tagEnd(html, nameEnd);
    if (closing) {
      const at = stack.lastIndexOf(name);
      if (at >= 0) {
        for (let k = at; k < stack.length; k++) if (stack[k] === 'svg' || stack[k] === 'math') foreign--;
        stack.length = at;
      }
      i = html.indexOf('<', end);
      continue;
    }
    const closes = IMPLIES_CLOSE.get(name);
    if (closes) {
      while (stack.length > 0 && closes.has(stack[stack.length - 1]!)) {
        const top = stack.pop()!;
        if (top === 'svg' || top === 'math') foreign--;
      }
    }
    let resume = end;
    if (!VOID.has(name) && !(selfClosing && foreign > 0)) {
      if (stack.length >= max) {
        // Past the cap: the tag goes, its content stays (as text of the element at the cap).
        out.push(html.slice(copied, i));
        copied = end;
      } else {
        stack.push(name);
        if (name === 'svg' || name === 'math') foreign++;
        if (RAW_TEXT.has(name)) {
          // Its text is not markup: go on after its closing tag (the parser's own rule).
          const close = findClosing(html, name, end);
          if (close < 0) break;
          resume = close;
        }
      }
    }
    i = html.indexOf('<', resume);
  }
  if (out.length === 0) return html;
  out.push(html.slice(copied));
  return out.join('');
}

/**
 * A private-use character standing in for '<' that starts no tag while the sanitizer runs: the
 * parser hands each such '<' over as a text event of its own (500,000 of them cost ~4× plain
 * text), and the sanitizer would write each as `&lt;` anyway. Not used when the text holds it.
 */
const STRAY_LT = '\uE000';

/**
 * Markup for sanitize-html: nesting capped (capNesting) and stray '<' stood in for; `restore`
 * turns the sanitizer's output back (each stand-in becomes the `&lt;` it would have written).
 */
export function prepareMarkup(html: string): { markup: string; restore: (sanitized: string) => string } {
  const stray = html.includes(STRAY_LT) ? null : STRAY_LT;
  const markup = capNesting(html, MAX_NESTING, stray);
  const used = stray !== null && markup !== html && markup.includes(STRAY_LT);
  return { markup, restore: (sanitized) => (used ? sanitized.replaceAll(STRAY_LT, '&lt;') : sanitized) };
}
