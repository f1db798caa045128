import { chatgptAdapter } from './chatgpt/adapter';
import { claudeAdapter } from './claude-ai/adapter';
import { MAX_ITEMS, codeBlockItem } from './dom';
import { genericAdapter, pageItem } from './generic/adapter';
import type { CapturedItem, FoundItem, PageCapture, PageCaptureMode, SiteAdapter } from './types';

export type { CaptureKind, CaptureSite, CapturedItem, PageCapture, PageCaptureMode } from './types';

const SITE_ADAPTERS: readonly SiteAdapter[] = [claudeAdapter, chatgptAdapter];

/** The adapter of the page's site; the generic one for any other page (and bad URLs). */
export function adapterFor(url: string): SiteAdapter {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return genericAdapter;
  }
  return SITE_ADAPTERS.find((adapter) => adapter.matches(parsed)) ?? genericAdapter;
}

/** What the page says about itself beyond the items: the browser state the capture needs. */
export interface PageState {
  /** document.querySelectorAll(':hover') — hover survives the context menu opening. */
  hovered: readonly Element[];
  /** window.getSelection()'s text. */
  selection: string;
}

function selectionItem(doc: Document, text: string): FoundItem[] {
  return text.trim() ? [{ kind: 'selection', content: text, element: doc.documentElement }] : [];
}

/** The item under the cursor: the artifact/canvas/code block holding the deepest hovered node. */
function hoveredItem(found: readonly FoundItem[], hovered: readonly Element[]): FoundItem | null {
  const deepest = hovered[hovered.length - 1];
  if (!deepest) return null;
  const holders = found.filter((item) => item.kind !== 'page' && item.element.contains(deepest));
  const holder = holders.reduce<FoundItem | null>(
    (best, item) => (best && item.element.contains(best.element) ? best : item),
    null,
  );
  if (holder) return holder;
  const code = [...hovered].reverse().find((el) => el.tagName === 'PRE' || el.tagName === 'CODE');
  return code ? codeBlockItem(code.closest('pre') ?? code) : null;
}

function itemsFor(adapter: SiteAdapter, doc: Document, mode: PageCaptureMode, state: PageState): FoundItem[] {
  const found = adapter.findAll(doc);
  // An assistant page whose markup we no longer recognise still offers what any page does.
  const usable = found.length ? found : genericAdapter.findAll(doc);
  if (mode.kind === 'all') return [...selectionItem(doc, state.selection), ...usable];
  const explicit = selectionItem(doc, mode.selectionText ?? '');
  if (explicit.length) return explicit;
  const hovered = hoveredItem(usable, state.hovered);
  if (hovered) return [hovered];
  const selected = selectionItem(doc, state.selection);
  return selected.length ? selected : [pageItem(doc)];
}

/** Runs in the page: what there is to save, as plain JSON. */
export function capturePage(doc: Document, mode: PageCaptureMode, state: PageState): PageCapture {
  const adapter = adapterFor(doc.URL);
  const items: CapturedItem[] = itemsFor(adapter, doc, mode, state)
    .slice(0, MAX_ITEMS)
    .map(({ kind, content, language, title }) => ({
      kind,
      content,
      ...(language ? { language } : {}),
      ...(title ? { title } : {}),
    }));
  const model = adapter.model(doc);
  return {
    site: adapter.site,
    url: doc.URL,
    pageTitle: adapter.pageTitle(doc),
    ...(adapter.assistant ? { assistant: adapter.assistant } : {}),
    ...(model ? { model } : {}),
    items,
  };
}
