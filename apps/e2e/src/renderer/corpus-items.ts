/**
 * The real-artifact corpus (apps/e2e/src/renderer/corpus): its entries, typed, with their files
 * read, and the body each is created with through the gateway.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export type CorpusType = 'HTML' | 'REACT' | 'SVG' | 'MARKDOWN';
export type Change = 'text' | 'attribute' | 'count' | 'pixels' | 'visible';
export type Action = 'click' | 'fill' | 'select' | 'press' | 'drag' | 'none-animated' | 'none-static';

export interface Step {
  action: 'click' | 'fill' | 'select' | 'press' | 'drag';
  selector: string;
  value?: string;
}

export interface Interaction {
  action: Action;
  selector: string;
  value?: string;
  /** Steps run before the action (fill the inputs, then click "Add"). */
  before?: Step[];
  expect: { selector: string; change: Change; text?: string };
}

export interface CorpusItem {
  id: string;
  file: string;
  type: CorpusType;
  title: string;
  source: { repo: string; path: string; commit: string; licence: string };
  features: string[];
  /** URL substrings whose requests may fail or be refused (remote tiles, web fonts). */
  expectBlocked?: string[];
  /**
   * Uncaught errors the artifact throws as published, in any browser (each reproduced on the
   * artifact opened top-level outside Core Vault, every resource answered; see `note`). Substrings
   * of the message: reported, not failures. Any other uncaught error still fails the item.
   */
  expectPageErrors?: string[];
  interaction: Interaction;
  note?: string;
  /**
   * Why the item is slow to check here (a WebGL scene drawn in software: no GPU, two shared
   * cores). A heavy item is checked first, beside the others, with longer ceilings, instead of
   * failing on the normal ones and being tried again alone at the end; and as an embed only
   * (the view page frames the same document, and every other item checks that framing).
   */
  heavy?: string;
}

export const CORPUS_DIR = join(__dirname, 'corpus');

export function loadCorpus(): (CorpusItem & { content: string })[] {
  const items = JSON.parse(readFileSync(join(CORPUS_DIR, 'corpus.json'), 'utf8')) as CorpusItem[];
  return items.map((item) => ({ ...item, content: readFileSync(join(CORPUS_DIR, item.file), 'utf8') }));
}

/** The create body: public, as a user would share it; the type as the corpus names it. */
export function createBody(item: CorpusItem & { content: string }): Record<string, unknown> {
  return {
    title: item.title.slice(0, 200),
    type: item.type,
    content: item.content,
    isPublic: true,
    tags: ['corpus', item.type.toLowerCase()],
  };
}
