import { type API } from '@opensearch-project/opensearch';

/**
 * How the search read model is stored. Text fields use one analyzer (standard tokenizer,
 * lower-cased, accents folded: "Café" finds "cafe"); no stemming, since titles and code in
 * artifacts are names more than prose, and fuzziness already forgives small differences.
 * Content keeps term offsets so highlighting a 500,000-character artifact needs no re-analysis.
 */
export const SEARCH_ANALYZER = 'folded';

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
      },
    },
  },
  mappings: {
    // Unknown fields are refused, not guessed: the document shape is ours alone.
    dynamic: 'strict',
    properties: {
      owner: { type: 'keyword' },
      title: { type: 'text', analyzer: SEARCH_ANALYZER },
      description: { type: 'text', analyzer: SEARCH_ANALYZER },
      content: { type: 'text', analyzer: SEARCH_ANALYZER, index_options: 'offsets' },
      tags: { type: 'keyword', fields: { text: { type: 'text', analyzer: SEARCH_ANALYZER } } },
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
