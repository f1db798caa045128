/**
 * Bounds on what marked spends on hostile Markdown, applied before it parses. marked re-lexes a
 * blockquote's text once per level (a line of 20,000 '>' overflows its stack) and matches
 * emphasis delimiters within a paragraph in quadratic time ('*a' repeated 250,000 times: about
 * a minute). No real document nests quotes 50 deep or has 2,000 '*'/'_' in one paragraph, so:
 *  - quote markers past the 50th at the start of a line are dropped;
 *  - past the 2,000th '*' or '_' of a paragraph, each is written as its character reference
 *    (`&#42;`, `&#95;`): shown as written, never a delimiter, and plain text to marked (a
 *    backslash escape is a token of its own: 250,000 of them cost marked ~5× plain text);
 *  - list items indented past MAX_LIST_INDENT columns are indented that far only: marked lexes a
 *    nested item's text again for every level it is in (a list 40 deep cost ~3× a flat one), and
 *    no real document nests lists past eight levels.
 * The passes are linear; fenced code is left alone by the list pass.
 */
export const MAX_QUOTE_DEPTH = 50;
export const MAX_EMPHASIS_DELIMITERS = 2_000;
export const MAX_LIST_INDENT = 16;

const DEEP_QUOTE = new RegExp(`^((?:[ \\t]{0,3}>){${MAX_QUOTE_DEPTH}})(?:[ \\t]{0,3}>)+`, 'gm');

function escapeExcessDelimiters(source: string): string {
  let out = '';
  let last = 0;
  let count = 0;
  let blankLine = true;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (ch === '\n') {
      if (blankLine) count = 0; // a blank line ends the paragraph
      blankLine = true;
    } else if (ch !== ' ' && ch !== '\t' && ch !== '\r') {
      blankLine = false;
      if ((ch === '*' || ch === '_') && source[i - 1] !== '\\' && ++count > MAX_EMPHASIS_DELIMITERS) {
        out += `${source.slice(last, i)}${ch === '*' ? '&#42;' : '&#95;'}`;
        last = i + 1;
      }
    }
  }
  return last === 0 ? source : out + source.slice(last);
}

const isListMarker = (line: string, at: number): boolean => {
  const c = line[at];
  if (c === '-' || c === '*' || c === '+') return line[at + 1] === ' ' || line[at + 1] === '\t';
  let i = at;
  while (i < line.length && i - at < 9 && line[i]! >= '0' && line[i]! <= '9') i++;
  return i > at && (line[i] === '.' || line[i] === ')') && (line[i + 1] === ' ' || line[i + 1] === '\t');
};

/** List item lines indented past MAX_LIST_INDENT columns (tabs count 4) come back to it. */
function flattenDeepLists(source: string): string {
  const lines = source.split('\n');
  let fence: string | null = null;
  let changed = false;
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n]!;
    let at = 0;
    let columns = 0;
    while (at < line.length && (line[at] === ' ' || line[at] === '\t')) {
      columns += line[at] === '\t' ? 4 : 1;
      at++;
    }
    const marker = line.slice(at, at + 3);
    if (columns <= 3 && (marker === '```' || marker === '~~~')) {
      fence = fence === null ? marker : fence === marker ? null : fence;
      continue;
    }
    if (fence === null && columns > MAX_LIST_INDENT && isListMarker(line, at)) {
      lines[n] = ' '.repeat(MAX_LIST_INDENT) + line.slice(at);
      changed = true;
    }
  }
  return changed ? lines.join('\n') : source;
}

export function guardMarkdown(source: string): string {
  return escapeExcessDelimiters(flattenDeepLists(source.replace(DEEP_QUOTE, '$1')));
}
