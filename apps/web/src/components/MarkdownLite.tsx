import type { ReactNode } from 'react';

/**
 * Markdown-lite for artifact descriptions: paragraphs, line breaks, **strong**, *em*, `code`,
 * [links](https://…) and bullet / numbered lists — nothing else. Built as React elements (never
 * innerHTML), so an HTML tag in a description is shown as the text it is. Links keep only http,
 * https and mailto targets; any other scheme (javascript:, data:, relative paths) shows its label
 * as plain text. Dependency-free on purpose: the public view page stays inside its bundle budget
 * (react-markdown and its parser would add tens of KB there).
 */
export function MarkdownLite({ text, className }: { text: string; className?: string }) {
  return <div className={className ?? 'cv-markdown'}>{renderBlocks(text)}</div>;
}

/** Emphasis deeper than this shows as text: bounds the work hostile nesting can cause. */
const MAX_DEPTH = 6;
const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);
const LINK_REL = 'nofollow ugc noopener noreferrer';
const BULLET = /^\s{0,3}[-*+]\s+(.*)$/;
const NUMBERED = /^\s{0,3}(\d{1,9})[.)]\s+(.*)$/;
// Label without brackets, a target without spaces or parentheses; sticky, so it is tried only at
// the current position (linear: each class is followed by a literal it excludes).
const LINK = /\[([^[\]\n]+)\]\(([^()\s]+)\)/y;

type Block =
  | { kind: 'p'; lines: string[] }
  | { kind: 'ul'; items: string[] }
  | { kind: 'ol'; items: string[]; start: number };

function toBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (line.trim() === '') {
      current = null;
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet) {
      if (current?.kind !== 'ul') blocks.push((current = { kind: 'ul', items: [] }));
      current.items.push(bullet[1] ?? '');
    } else if (numbered) {
      if (current?.kind !== 'ol')
        blocks.push((current = { kind: 'ol', items: [], start: Number(numbered[1]) }));
      current.items.push(numbered[2] ?? '');
    } else if (current?.kind === 'p') {
      current.lines.push(line);
    } else if (current && /^\s{2,}\S/.test(line)) {
      // An indented line right after a list item continues that item.
      const items = current.items;
      items[items.length - 1] = `${items[items.length - 1] ?? ''}\n${line.trim()}`;
    } else {
      blocks.push((current = { kind: 'p', lines: [line] }));
    }
  }
  return blocks;
}

function renderBlocks(text: string): ReactNode[] {
  return toBlocks(text).map((block, index) => {
    if (block.kind === 'p') return <p key={index}>{withBreaks(block.lines.join('\n'))}</p>;
    const items = block.items.map((item, i) => <li key={i}>{withBreaks(item)}</li>);
    if (block.kind === 'ul') return <ul key={index}>{items}</ul>;
    return (
      <ol key={index} start={block.start === 1 ? undefined : block.start}>
        {items}
      </ol>
    );
  });
}

/** A single newline inside a paragraph or item is a line break (descriptions are not prose files). */
function withBreaks(text: string): ReactNode[] {
  return text.split('\n').flatMap((line, i) => {
    const nodes = inline(line, 0, true);
    return i === 0 ? nodes : [<br key={`br${i}`} />, ...nodes];
  });
}

function safeHref(target: string): string | null {
  try {
    const url = new URL(target);
    return ALLOWED_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null; // relative or malformed: no base to resolve it against, so not a link
  }
}

/** Finds the closing delimiter for an opener at `from`, with non-blank text between. */
function closing(text: string, delim: string, from: number): number {
  const start = from + delim.length;
  if (start >= text.length || /\s/.test(text[start] ?? ' ')) return -1;
  let end = text.indexOf(delim, start + 1);
  // `**` must not close a single `*` and vice versa: skip a closer that is part of a longer run.
  while (end !== -1 && delim.length === 1 && text[end + 1] === delim) {
    end = text.indexOf(delim, end + 2);
  }
  if (end === -1 || /\s/.test(text[end - 1] ?? ' ')) return -1;
  return end;
}

function inline(text: string, depth: number, links: boolean): ReactNode[] {
  if (depth > MAX_DEPTH) return [text];
  const out: ReactNode[] = [];
  let plain = '';
  const flush = () => {
    if (plain) out.push(plain);
    plain = '';
  };
  let i = 0;
  while (i < text.length) {
    const ch = text[i] ?? '';
    const key = `${depth}-${i}`;
    if (ch === '\\' && i + 1 < text.length && /[\\`*_[\]()#+\-.!]/.test(text[i + 1] ?? '')) {
      plain += text[i + 1];
      i += 2;
      continue;
    }
    if (ch === '`') {
      const end = text.indexOf('`', i + 1);
      if (end > i + 1) {
        flush();
        out.push(<code key={key}>{text.slice(i + 1, end)}</code>);
        i = end + 1;
        continue;
      }
    }
    if (ch === '[' && links) {
      LINK.lastIndex = i;
      const match = LINK.exec(text);
      if (match) {
        const [whole, label = '', target = ''] = match;
        const href = safeHref(target);
        flush();
        const children = inline(label, depth + 1, false);
        out.push(
          href ? (
            <a key={key} href={href} rel={LINK_REL} target="_blank">
              {children}
            </a>
          ) : (
            <span key={key}>{children}</span>
          ),
        );
        i += whole.length;
        continue;
      }
    }
    if (ch === '*' || (ch === '_' && !/\w/.test(text[i - 1] ?? ''))) {
      const double = text[i + 1] === ch;
      const delim = double ? ch + ch : ch;
      const end = closing(text, delim, i);
      if (end !== -1 && (ch === '*' || !/\w/.test(text[end + delim.length] ?? ''))) {
        flush();
        const children = inline(text.slice(i + delim.length, end), depth + 1, links);
        out.push(double ? <strong key={key}>{children}</strong> : <em key={key}>{children}</em>);
        i = end + delim.length;
        continue;
      }
      // No closer: the whole run is literal text (not tried again character by character).
      plain += delim;
      i += delim.length;
      continue;
    }
    plain += ch;
    i += 1;
  }
  flush();
  return out;
}
