import {
  allOfFirst,
  asLanguageLabel,
  cleanText,
  codeBlockItem,
  editorText,
  firstMatch,
  preBlocks,
  trimmedTitle,
} from '../dom';
import type { FoundItem, SiteAdapter } from '../types';

/** chatgpt.com (and the old chat.openai.com). Several selectors each; see fixtures/*.html. */
const ASSISTANT_MESSAGES = [
  '[data-message-author-role="assistant"]',
  'article[data-testid^="conversation-turn-"]',
  '.agent-turn',
];
/** The open canvas: its panel when we can name it, else the editor's own container. */
const CANVAS_ROOTS = [
  '[data-testid="canvas-panel"]',
  'section[data-testid*="canvas"]',
  '[id^="textdoc-message-"]',
  '#prosemirror-editor-container',
];
/** A code canvas is a CodeMirror editor; a document canvas is ProseMirror. */
const CANVAS_CODE = ['.cm-editor .cm-content', '.cm-content'];
const CANVAS_DOCUMENT = ['#prosemirror-editor-container .ProseMirror', '.ProseMirror', '.markdown'];
const CANVAS_TITLE = ['[data-testid="canvas-title"]', 'header h1', 'header h2', '.font-semibold', 'h1', 'h2'];
const MODEL_SWITCHER = [
  'button[data-testid="model-switcher-dropdown-button"]',
  'button[aria-label*="current model is" i]',
  'button[aria-label*="Model selector" i]',
];

function canvasTitle(root: Element, editor: Element): string | undefined {
  const header = Array.from(root.querySelectorAll(CANVAS_TITLE.join(','))).find(
    (el) => !editor.contains(el) && !el.contains(editor) && cleanText(el.textContent),
  );
  return cleanText(header?.textContent) || undefined;
}

/** Without a known panel: the code editor's enclosing section (editors exist only in a canvas). */
function canvasRoot(doc: Document): Element | null {
  const known = firstMatch(doc, CANVAS_ROOTS);
  if (known) return known;
  const editor = doc.querySelector('.cm-editor');
  return editor ? (editor.closest('section, aside, [role="dialog"]') ?? editor.parentElement) : null;
}

function canvasItem(doc: Document): FoundItem | null {
  const root = canvasRoot(doc);
  if (!root) return null;
  const code = firstMatch(root, CANVAS_CODE);
  const editor = code ?? firstMatch(root, CANVAS_DOCUMENT) ?? (root.matches('.ProseMirror') ? root : null);
  if (!editor) return null;
  const title = canvasTitle(root, editor);
  const titled = title ? { title } : {};
  if (code) {
    const content = editorText(code, '.cm-line').replace(/\s+$/, '');
    const language = code.getAttribute('data-language')?.toLowerCase();
    if (!content.trim()) return null;
    return { kind: 'canvas', content, element: root, ...titled, ...(language ? { language } : {}) };
  }
  if (!cleanText(editor.textContent)) return null;
  return { kind: 'canvas', content: editor.innerHTML.trim(), language: 'html', element: root, ...titled };
}

/**
 * The label chatgpt.com prints in a code block's header ("python"): the first small element of
 * the pre that holds no code.
 */
function blockLabel(pre: Element): string | undefined {
  for (const el of Array.from(pre.querySelectorAll('div, span'))) {
    if (el.querySelector('code, button') || el.closest('code, button')) continue;
    const label = asLanguageLabel(el.textContent);
    if (label) return label;
  }
  return undefined;
}

function conversationBlocks(doc: Document, canvas: Element | null): FoundItem[] {
  const messages = allOfFirst(doc, ASSISTANT_MESSAGES);
  const exclude = canvas ? [canvas] : [];
  const blocks = messages.length ? messages.flatMap((m) => preBlocks(m, exclude)) : preBlocks(doc, exclude);
  return blocks.flatMap((pre) => codeBlockItem(pre, blockLabel(pre)) ?? []);
}

/** "ChatGPT 4o" → "4o"; a switcher that only says "ChatGPT" names no model. */
function switcherModel(doc: Document): string | undefined {
  const text = cleanText(firstMatch(doc, MODEL_SWITCHER)?.textContent).replace(/^ChatGPT\s*/i, '');
  return text || undefined;
}

export const chatgptAdapter: SiteAdapter = {
  site: 'chatgpt.com',
  assistant: 'ChatGPT',
  matches: (url) => ['chatgpt.com', 'chat.openai.com'].includes(url.hostname),
  findAll(doc) {
    const canvas = canvasItem(doc);
    return [...(canvas ? [canvas] : []), ...conversationBlocks(doc, canvas?.element ?? null)];
  },
  model(doc) {
    const slugs = doc.querySelectorAll('[data-message-model-slug]');
    const lastSlug = slugs[slugs.length - 1]?.getAttribute('data-message-model-slug') ?? undefined;
    return switcherModel(doc) ?? (lastSlug || undefined);
  },
  pageTitle: (doc) => trimmedTitle(doc, /^ChatGPT\s+[-–|]\s+|\s+[-–|]\s+ChatGPT$/),
};
