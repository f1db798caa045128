import { type API } from '@opensearch-project/opensearch';

/**
 * How the search read model is stored. Text is split by the standard tokenizer, lower-cased and
 * accent-folded ("Café" finds "cafe"). At index time, words joined by punctuation or case are
 * also split into their parts, the whole kept too: artifacts are code as much as prose, so
 * "Math.hypot", "foo_bar" and "camelCase" are found by "hypot", "bar" and "case" as well as
 * whole. Queries are not split (the whole and the parts are both in the index). There is no
 * stemming: titles and code are names more than prose, and fuzziness forgives small differences.
 * Content keeps term offsets, so highlighting a 500,000-character artifact needs no re-analysis.
 */
export const SEARCH_ANALYZER = 'folded';
export const INDEX_ANALYZER = 'folded_parts';
const text = { type: 'text', analyzer: INDEX_ANALYZER, search_analyzer: SEARCH_ANALYZER } as const;

/** A refresh every 100 ms: a write is searchable well within the promised second (survey: 60–130 ms). */
export const SEARCH_REFRESH_INTERVAL = '100ms';

export const searchIndexBody: API.Indices_Create_RequestBody = {
  settings: {
    index: {
      number_of_shards: 1,
      // No replica on one node (stays green), one as soon as the cluster has a second node.
      auto_expand_replicas: '0-1',
      refresh_interval: SEARCH_REFRESH_INTERVAL,
      // Highlighting reads at most this much of a field (content is capped at 500,000 characters).
      highlight: { max_analyzed_offset: 1_000_000 },
    },
    analysis: {
      analyzer: {
        [SEARCH_ANALYZER]: {
          type: 'custom',
          tokenizer: 'standard',
          filter: ['lowercase', 'asciifolding'],
        },
        [INDEX_ANALYZER]: {
          type: 'custom',
          tokenizer: 'standard',
          // Case changes are only seen before lower-casing; flatten_graph makes the split parts
          // indexable.
          filter: ['word_parts', 'flatten_graph', 'lowercase', 'asciifolding'],
        },
      },
      filter: {
        word_parts: { type: 'word_delimiter_graph', preserve_original: true, split_on_numerics: false },
      },
    },
  },
  mappings: {
    // Unknown fields are refused, not guessed: the document shape is ours alone.
    dynamic: 'strict',
    properties: {
      owner: { type: 'keyword' },
      title: text,
      description: text,
      content: { ...text, index_options: 'offsets' as const },
      tags: { type: 'keyword', fields: { text } },
      type: { type: 'keyword' },
      visibility: { type: 'keyword' },
      createdAt: { type: 'date' },
      updatedAt: { type: 'date' },
      rev: { type: 'long' },
    },
  },
};

/**
 * A concrete index behind the alias: `<alias>-<yyyymmddhhmmss>` (UTC), plus milliseconds when
 * two are made in the same second (a rebuild right after the boot's creation).
 */
export function concreteIndexName(alias: string, at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/[-:TZ]/g, '')
    .replace('.', '');
  return `${alias}-${stamp.slice(0, 14)}${stamp.slice(14, 17)}`;
}

/** Whether an index name is one of this alias's concrete indexes. */
export function isConcreteIndexOf(alias: string, index: string): boolean {
  return new RegExp(`^${alias.replace(/[^a-z0-9]/g, '\\$&')}-\\d{17}$`).test(index);
}
