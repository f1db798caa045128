/**
 * Bounds on what marked spends on hostile Markdown, applied before it parses. marked re-lexes a
 * blockquote's text once per level (a line of 20,000 '>' overflows its stack) and matches
 * emphasis delimiters within a paragraph in quadratic time ('*a' repeated 250,000 times: about
 * a minute). No real document nests quotes 50 deep or has 2,000 '*'/'_' in one paragraph, so:
 *  - quote markers past the 50th at the start of a line are dropped;
 *  - past the 2,000th '*' or '_' of a paragraph, each is escaped (`\*`): shown as written,
 *    never a delimiter.
 * Both passes are linear.
 */
export const MAX_QUOTE_DEPTH = 50;
export const MAX_EMPHASIS_DELIMITERS = 2_000;

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
        out += `${source.slice(last, i)}\\`;
        last = i;
      }
    }
  }
  return last === 0 ? source : out + source.slice(last);
}

export function guardMarkdown(source: string): string {
  return escapeExcessDelimiters(source.replace(DEEP_QUOTE, '$1'));
}
