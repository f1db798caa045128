/**
 * What a site adapter finds on a page. These run in the page (bundled into capture.js) and must
 * return plain JSON: the extension receives them through chrome.scripting.executeScript.
 */
export type CaptureSite = 'claude.ai' | 'chatgpt.com' | 'web';
export type CaptureKind = 'artifact' | 'canvas' | 'code-block' | 'selection' | 'page';

/** What the page-side capture is asked for (the JSON-able part of the extension's CaptureMode). */
export type PageCaptureMode = { kind: 'all' } | { kind: 'context'; selectionText?: string };

export interface CapturedItem {
  kind: CaptureKind;
  content: string;
  /** The code block's language (class `language-x`, a data-language attribute or its label). */
  language?: string;
  /** The artifact's own title where the page shows one (artifact header, canvas title). */
  title?: string;
}

export interface PageCapture {
  site: CaptureSite;
  url: string;
  /** document.title without the site's suffix ("… - Claude"). */
  pageTitle: string;
  assistant?: string;
  model?: string;
  items: CapturedItem[];
}

/** An item while the adapter still holds its element (context mode maps the hovered node to it). */
export interface FoundItem extends CapturedItem {
  element: Element;
}

export interface SiteAdapter {
  site: CaptureSite;
  /** The assistant's product name on this site, when the site is an assistant. */
  assistant?: string;
  matches(url: URL): boolean;
  /** Every artifact the page offers, best first (open artifact / canvas, then code blocks). */
  findAll(doc: Document): FoundItem[];
  model(doc: Document): string | undefined;
  pageTitle(doc: Document): string;
}
