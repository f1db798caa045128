/**
 * The Claude-runtime corpus (corpus/runtime): published artifacts that use `window.storage`,
 * `window.claude.complete` or call the Anthropic Messages API from the page. Entries as in
 * corpus.json plus what the runtime checks need: the kind of storage, the AI call, what a reload
 * must still show. Two lists: `runtime.json`, published items cited (repo, path, commit, sha256)
 * and not committed, and `own.json`, items written for this suite and committed under `own/`. A
 * published item whose file is absent (a fresh clone) or not the published bytes is skipped and
 * reported with the command that restores it; an own item's file missing is an error.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CorpusItem, type Interaction } from './corpus-items';

export type StorageScope = 'personal' | 'shared';

/** How the artifact reaches a model: `window.claude.complete` or fetch to api.anthropic.com. */
export type AiCall = 'complete' | 'messages-api';

export type ItemOrigin = 'published' | 'own';

export interface RuntimeItem extends Omit<CorpusItem, 'interaction' | 'source'> {
  /** Published items: the upstream file's sha256 (own items are committed: none). */
  sha256?: string;
  /** Own items: `{ repo: 'core-vault', path, commit: null, licence: 'written for this suite' }`. */
  source: { repo: string; path: string; commit: string | null; licence: string };
  runtime: { storage?: StorageScope; ai?: AiCall };
  /** The write (storage items); values may hold `{{marker}}` / `{{count}}`, filled per writer. */
  interaction?: Interaction;
  /** What the page must show after a reload (and, for personal data, only to its writer). */
  persisted?: { selector: string; value?: string; text?: string };
  /**
   * The AI action: steps run, then `expect.selector` must show the fake model's answer. `answer`
   * is what the fake model says to this item's prompts (some artifacts parse JSON out of it);
   * `shows` the part of it the page displays.
   */
  ai?: Interaction & { promptIncludes: string; answer: string; shows: string };
}

export const RUNTIME_DIR = join(__dirname, 'corpus', 'runtime');

/** Per-writer values for an item's placeholders: a marker no other writer uses, a small count. */
export interface Marks {
  marker: string;
  count: string;
}

export function fill(template: string, marks: Marks): string {
  return template.split('{{marker}}').join(marks.marker).split('{{count}}').join(marks.count);
}

export function withMarks(interaction: Interaction, marks: Marks): Interaction {
  const f = (v?: string) => (v === undefined ? v : fill(v, marks));
  return {
    ...interaction,
    value: f(interaction.value),
    before: interaction.before?.map((s) => ({ ...s, value: f(s.value) })),
  };
}

function restoreHint(item: RuntimeItem, dir: string): string {
  const { repo, path, commit } = item.source;
  return `fetch github:${repo}, then: git show ${commit}:${JSON.stringify(path)} > ${join(dir, item.file)}`;
}

export type LoadedItem = RuntimeItem & { content: string; origin: ItemOrigin };

/** A published item left out of this run: its file is absent or not the published bytes. */
export interface Unavailable {
  id: string;
  why: string;
  restore: string;
}

export interface RuntimeCorpus {
  items: LoadedItem[];
  unavailable: Unavailable[];
}

const readList = (dir: string, name: string): RuntimeItem[] =>
  existsSync(join(dir, name)) ? (JSON.parse(readFileSync(join(dir, name), 'utf8')) as RuntimeItem[]) : [];

/**
 * Both lists: published items whose files are here and match their sha256, then every own item.
 * `dir` is the corpus folder (tests point it elsewhere).
 */
export function loadRuntimeCorpus(dir = RUNTIME_DIR): RuntimeCorpus {
  const items: LoadedItem[] = [];
  const unavailable: Unavailable[] = [];
  for (const item of readList(dir, 'runtime.json')) {
    const file = join(dir, item.file);
    if (!existsSync(file)) {
      unavailable.push({ id: item.id, why: `${item.file} is absent`, restore: restoreHint(item, dir) });
      continue;
    }
    const bytes = readFileSync(file);
    const sha = createHash('sha256').update(bytes).digest('hex');
    if (sha !== item.sha256) {
      unavailable.push({
        id: item.id,
        why: `${item.file} is not the published file (sha256 ${sha})`,
        restore: restoreHint(item, dir),
      });
      continue;
    }
    items.push({ ...item, content: bytes.toString('utf8'), origin: 'published' });
  }
  const seen = new Set([...items.map((i) => i.id), ...unavailable.map((u) => u.id)]);
  for (const item of readList(dir, 'own.json')) {
    if (seen.has(item.id)) throw new Error(`${item.id}: listed twice (ids must be unique across both lists)`);
    const file = join(dir, item.file);
    // Committed with the suite: a missing one is a broken checkout, not a skip.
    if (!existsSync(file)) throw new Error(`${item.id}: ${item.file} is missing (own items are committed)`);
    items.push({ ...item, content: readFileSync(file, 'utf8'), origin: 'own' });
  }
  return { items, unavailable };
}

/** The create body: public, as a user would share it (same as the main corpus). */
export function runtimeCreateBody(item: RuntimeItem & { content: string }): Record<string, unknown> {
  return {
    title: item.title.slice(0, 200),
    type: item.type,
    content: item.content,
    isPublic: true,
    tags: ['corpus', 'claude-runtime'],
  };
}
