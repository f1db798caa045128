import { codeBlockItem, preBlocks, trimmedTitle } from '../dom';
import type { FoundItem, SiteAdapter } from '../types';

/** The whole page as it is now, scripts kept (the vault's renderer sandboxes them). */
export function pageItem(doc: Document): FoundItem {
  const doctype = doc.doctype ? `<!DOCTYPE ${doc.doctype.name}>\n` : '';
  return { kind: 'page', content: doctype + doc.documentElement.outerHTML, element: doc.documentElement };
}

/** Every `pre` on the page as a code block. */
export function codeBlocks(doc: Document, exclude: readonly Element[] = []): FoundItem[] {
  return preBlocks(doc, exclude).flatMap((pre) => codeBlockItem(pre) ?? []);
}

/**
 * Any page: its code blocks, then the whole page. The selection and the code block under the
 * cursor are the caller's (adapters/index.ts), because they apply on every site.
 */
export const genericAdapter: SiteAdapter = {
  site: 'web',
  matches: () => true,
  findAll: (doc) => [...codeBlocks(doc), pageItem(doc)],
  model: () => undefined,
  pageTitle: (doc) => trimmedTitle(doc),
};
