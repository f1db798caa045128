import {
  allOfFirst,
  asLanguageLabel,
  cleanText,
  codeBlockItem,
  firstMatch,
  languageOf,
  preBlocks,
  trimmedTitle,
} from '../dom';
import type { FoundItem, SiteAdapter } from '../types';

/**
 * claude.ai. Its markup is unversioned; every lookup tries the current selectors first and
 * older ones after (see fixtures/*.html for where each came from).
 */
const ASSISTANT_MESSAGES = [
  '[data-testid="assistant-message"]',
  // The document artifact's panel carries the same class: it is not a message.
  '.font-claude-response:not(#markdown-artifact)',
  '.font-claude-message',
  '[data-is-streaming]',
];

/** Where the open artifact's header sits: the version menu, else the older header bar. */
const PANEL_HEADER_MARKERS = ['[data-testid="artifact-version-trigger"]', '[data-testid="artifact-header"]'];
const PANEL_ROOTS = [
  '[data-testid="artifact-panel"]',
  '[aria-label="Artifact panel"]',
  // The layout before the 2025 redesign: the panel was a fixed full-height column.
  '.fixed.bottom-0.top-0.flex.w-full.flex-col',
];
/** The panel's content: the code view, else a document artifact's rendered Markdown. */
const PANEL_CODE = ['.code-block__code code', '.code-block__code', 'pre code', 'pre'];
const PANEL_DOCUMENT = ['#markdown-artifact .standard-markdown', '#markdown-artifact'];
const PANEL_TITLE = ['h2', 'h3', '[data-testid="artifact-title"]', '.truncate'];
const MODEL = ['[data-testid="model-selector-dropdown"]', 'button[aria-label*="model" i]'];

/** The smallest ancestor of the header marker that also holds the artifact's content. */
function panelFromHeader(doc: Document): Element | null {
  const marker = firstMatch(doc, PANEL_HEADER_MARKERS);
  for (let node = marker?.parentElement ?? null; node; node = node.parentElement) {
    // Past the panel (it shows a preview we cannot read): the conversation's blocks are not it.
    if (firstMatch(node, ASSISTANT_MESSAGES)) return null;
    if (firstMatch(node, [...PANEL_CODE, ...PANEL_DOCUMENT])) return node;
  }
  return null;
}

function artifactPanel(doc: Document): Element | null {
  return (
    panelFromHeader(doc) ??
    firstMatch(doc, PANEL_ROOTS) ??
    doc.querySelector('#markdown-artifact')?.parentElement ??
    null
  );
}

/** The header's title: the text next to the version menu, else the last artifact card's name. */
function panelTitle(doc: Document, panel: Element): string | undefined {
  const marker = firstMatch(panel, PANEL_HEADER_MARKERS);
  for (let node = marker?.parentElement ?? null; node && panel.contains(node); node = node.parentElement) {
    const heading = firstMatch(node, PANEL_TITLE);
    if (heading && !heading.contains(marker) && cleanText(heading.textContent))
      return cleanText(heading.textContent);
  }
  const heading = firstMatch(panel, PANEL_TITLE);
  if (heading && cleanText(heading.textContent)) return cleanText(heading.textContent);
  const cards = doc.querySelectorAll('.artifact-block-cell');
  const card = cards[cards.length - 1];
  const name = card && firstMatch(card, ['[aria-label="Preview contents"] .leading-tight', '.leading-tight']);
  return cleanText(name?.textContent) || undefined;
}

function panelItem(doc: Document): FoundItem | null {
  const panel = artifactPanel(doc);
  if (!panel) return null;
  const title = panelTitle(doc, panel);
  const titled = title ? { title } : {};
  const document = firstMatch(panel, PANEL_DOCUMENT);
  if (document && cleanText(document.textContent)) {
    return {
      kind: 'artifact',
      content: document.innerHTML.trim(),
      language: 'html',
      element: panel,
      ...titled,
    };
  }
  // A preview (an iframe on another origin) cannot be read; only the code view can.
  const code = firstMatch(panel, PANEL_CODE);
  const content = (code?.textContent ?? '').replace(/\s+$/, '');
  if (!code || !content.trim()) return null;
  const language = languageOf(code);
  return { kind: 'artifact', content, element: panel, ...titled, ...(language ? { language } : {}) };
}

/** The label claude.ai prints above a code block ("python"), as the language when no class has it. */
function blockLabel(pre: Element): string | undefined {
  const label = firstMatch(pre, ['.text-text-300', '.text-text-500', '[class*="text-xs"]']);
  return label && !label.querySelector('code') ? asLanguageLabel(label.textContent) : undefined;
}

function conversationBlocks(doc: Document, panel: Element | null): FoundItem[] {
  const messages = allOfFirst(doc, ASSISTANT_MESSAGES);
  const exclude = panel ? [panel] : [];
  // No assistant message matched (a layout we do not know): any pre outside the panel.
  const blocks = messages.length ? messages.flatMap((m) => preBlocks(m, exclude)) : preBlocks(doc, exclude);
  return blocks.flatMap((pre) => codeBlockItem(pre, blockLabel(pre)) ?? []);
}

export const claudeAdapter: SiteAdapter = {
  site: 'claude.ai',
  assistant: 'Claude',
  matches: (url) => url.hostname === 'claude.ai' || url.hostname.endsWith('.claude.ai'),
  findAll(doc) {
    const panel = panelItem(doc);
    return [...(panel ? [panel] : []), ...conversationBlocks(doc, panel?.element ?? null)];
  },
  model: (doc) => cleanText(firstMatch(doc, MODEL)?.textContent) || undefined,
  pageTitle: (doc) => trimmedTitle(doc, /\s+[-–|]\s+Claude$/),
};
