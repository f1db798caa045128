/**
 * The Claude-runtime corpus (corpus/runtime): published artifacts that use `window.storage`,
 * `window.claude.complete` or call the Anthropic Messages API from the page. Entries as in
 * corpus.json plus what the runtime checks need: the kind of storage, the AI call, what a reload
 * must still show. Item files are cited (repo, path, commit, sha256), not committed: a missing or
 * changed file fails loudly with the command that restores it byte for byte.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CorpusItem, type Interaction } from './corpus-items';

export type StorageScope = 'personal' | 'shared';

/** How the artifact reaches a model: `window.claude.complete` or fetch to api.anthropic.com. */
export type AiCall = 'complete' | 'messages-api';

export interface RuntimeItem extends Omit<CorpusItem, 'interaction'> {
  sha256: string;
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

function restoreHint(item: RuntimeItem): string {
  const { repo, path, commit } = item.source;
  return `fetch github:${repo}, then: git show ${commit}:${JSON.stringify(path)} > ${join(RUNTIME_DIR, item.file)}`;
}

export function loadRuntimeCorpus(): (RuntimeItem & { content: string })[] {
  const items = JSON.parse(readFileSync(join(RUNTIME_DIR, 'runtime.json'), 'utf8')) as RuntimeItem[];
  return items.map((item) => {
    const file = join(RUNTIME_DIR, item.file);
    if (!existsSync(file)) throw new Error(`${item.id}: ${item.file} is missing; ${restoreHint(item)}`);
    const bytes = readFileSync(file);
    const sha = createHash('sha256').update(bytes).digest('hex');
    if (sha !== item.sha256)
      throw new Error(
        `${item.id}: ${item.file} is not the published file (sha256 ${sha}); ${restoreHint(item)}`,
      );
    return { ...item, content: bytes.toString('utf8') };
  });
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
