import type { FoundItem } from './types';

/** Pages can hold thousands of blocks; the popup lists at most this many. */
export const MAX_ITEMS = 100;

/** The first selector of the list that matches: sites change markup, adapters try several. */
export function firstMatch(root: ParentNode, selectors: readonly string[]): Element | null {
  for (const selector of selectors) {
    const found = root.querySelector(selector);
    if (found) return found;
  }
  return null;
}

/** Every element matching the first selector of the list that matches anything. */
export function allOfFirst(root: ParentNode, selectors: readonly string[]): Element[] {
  for (const selector of selectors) {
    const found = Array.from(root.querySelectorAll(selector));
    if (found.length) return found;
  }
  return [];
}

export function cleanText(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

const LANGUAGE_CLASS = /(?:^|\s)(?:language|lang)-([\w#+.-]+)/i;
/** A language label as sites print it above a block: "python", "tsx", "c++", "Objective-C". */
const LANGUAGE_LABEL = /^[A-Za-z][\w#+.-]{0,19}$/;

/** The language of a code element: its or its pre's class, a data-language attribute. */
export function languageOf(el: Element): string | undefined {
  for (let node: Element | null = el; node; node = node.parentElement) {
    const fromClass = LANGUAGE_CLASS.exec(node.getAttribute('class') ?? '');
    if (fromClass?.[1]) return fromClass[1].toLowerCase();
    const attribute = node.getAttribute('data-language') ?? node.getAttribute('data-lang');
    if (attribute) return attribute.toLowerCase();
    if (node.tagName === 'PRE') break;
  }
  return undefined;
}

/** A short label text that names a language (the header sites render above a code block). */
export function asLanguageLabel(text: string | null | undefined): string | undefined {
  const label = cleanText(text);
  return LANGUAGE_LABEL.test(label) ? label.toLowerCase() : undefined;
}

/**
 * The source text of a code block: the `code` inside the pre (so copy buttons and language
 * labels in the pre's header stay out), else the pre itself.
 */
export function codeElementOf(block: Element): Element {
  if (block.tagName === 'CODE') return block;
  return block.querySelector('code') ?? block;
}

export function codeBlockItem(block: Element, label?: string): FoundItem | null {
  const code = codeElementOf(block);
  const content = (code.textContent ?? '').replace(/\s+$/, '');
  if (!content.trim()) return null;
  const language = languageOf(code) ?? languageOf(block) ?? label;
  return { kind: 'code-block', content, element: block, ...(language ? { language } : {}) };
}

/** Lines of an editor that renders one element per line (CodeMirror's .cm-line). */
export function editorText(content: Element, lineSelector: string): string {
  const lines = Array.from(content.querySelectorAll(lineSelector));
  if (!lines.length) return content.textContent ?? '';
  return lines.map((line) => line.textContent ?? '').join('\n');
}

/** The `pre` blocks under root, outermost only (a pre inside a pre is one block), capped. */
export function preBlocks(root: ParentNode, exclude: readonly Element[] = []): Element[] {
  return Array.from(root.querySelectorAll('pre'))
    .filter((pre) => !pre.parentElement?.closest('pre'))
    .filter((pre) => !exclude.some((outside) => outside.contains(pre)))
    .slice(0, MAX_ITEMS);
}

/** document.title without a site suffix/prefix such as " - Claude" or "ChatGPT - ". */
export function trimmedTitle(doc: Document, pattern?: RegExp): string {
  const title = cleanText(doc.title);
  return pattern ? cleanText(title.replace(pattern, '')) : title;
}
