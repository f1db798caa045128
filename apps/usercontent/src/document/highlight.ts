import { unescapeHtml } from './escape';

/** Returns highlighted HTML for code, or null to leave it as escaped text. */
export type HighlightFn = (code: string, language: string | undefined) => string | null;

/**
 * Highlights the fenced code blocks of sanitized Markdown output (`<pre><code class="language-x">`).
 * The open and the close are found separately, each search starting where the last one ended:
 * one lazy pattern over both rescanned the rest of the text from every `<pre><code>` without a
 * close, seconds for a document of them. A block ends at the first `</code></pre>`, as before.
 */
export function highlightCodeBlocks(html: string, highlight: HighlightFn): string {
  const open = /<pre>\s*<code(?: class="([^"]*)")?>/g;
  const close = /<\/code>\s*<\/pre>/g;
  let out = '';
  let pos = 0;
  for (let o = open.exec(html); o; o = open.exec(html)) {
    close.lastIndex = open.lastIndex;
    const c = close.exec(html);
    // No close after this open: none after a later one either.
    if (!c) break;
    const end = c.index + c[0].length;
    out +=
      html.slice(pos, o.index) +
      block(html.slice(o.index, end), o[1], html.slice(open.lastIndex, c.index), highlight);
    pos = open.lastIndex = end;
  }
  return out + html.slice(pos);
}

function block(whole: string, classes: string | undefined, text: string, highlight: HighlightFn): string {
  const language = /(?:^|\s)language-([\w+#-]+)/.exec(classes ?? '')?.[1];
  const highlighted = highlight(unescapeHtml(text), language);
  if (highlighted === null) return whole;
  const cls = `hljs${language ? ` language-${language}` : ''}`;
  return `<pre><code class="${cls}">${highlighted}</code></pre>`;
}

export const hasCodeBlocks = (html: string): boolean => /<pre>\s*<code/.test(html);

/** A compact GitHub-like highlight.js theme per colour scheme (inlined: no extra request). */
export function highlightCss(theme: 'light' | 'dark'): string {
  const c =
    theme === 'dark'
      ? {
          bg: '#161b22',
          fg: '#e6edf3',
          kw: '#ff7b72',
          str: '#a5d6ff',
          fn: '#d2a8ff',
          num: '#79c0ff',
          com: '#8b949e',
          type: '#ffa657',
        }
      : {
          bg: '#f6f8fa',
          fg: '#1f2328',
          kw: '#cf222e',
          str: '#0a3069',
          fn: '#8250df',
          num: '#0550ae',
          com: '#6e7781',
          type: '#953800',
        };
  return `.hljs{display:block;overflow-x:auto;padding:1em;background:${c.bg};color:${c.fg};border-radius:8px}
.hljs-keyword,.hljs-meta .hljs-keyword,.hljs-doctag,.hljs-template-tag,.hljs-variable.language_{color:${c.kw}}
.hljs-string,.hljs-regexp,.hljs-meta .hljs-string{color:${c.str}}
.hljs-title,.hljs-title.function_,.hljs-title.class_{color:${c.fn}}
.hljs-number,.hljs-literal,.hljs-attr,.hljs-attribute,.hljs-variable,.hljs-built_in{color:${c.num}}
.hljs-comment,.hljs-quote{color:${c.com};font-style:italic}
.hljs-type,.hljs-params,.hljs-name,.hljs-tag,.hljs-selector-tag{color:${c.type}}`;
}
