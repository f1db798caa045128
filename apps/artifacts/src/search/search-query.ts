import { type API, type Types } from '@opensearch-project/opensearch';
import { type ArtifactType } from '@core-vault/contracts';
import { MATCH_END, MATCH_START } from './search-document';

/** One search as the read model answers it: always scoped to owners, the rest optional. */
export interface SearchQuery {
  text: string;
  owners: readonly string[];
  type?: ArtifactType;
  tag?: string;
  visibility?: 'public' | 'private';
  /** UTC days (YYYY-MM-DD), inclusive, on the last change. */
  from?: string;
  to?: string;
  /** Only these artifacts (a collection's members). */
  ids?: readonly string[];
  page: number;
  limit: number;
}

/** Where each field weighs in the score: a title hit counts most, then tags, description, content. */
export const SEARCH_FIELDS = ['title^3', 'tags.text^2', 'description^1.5', 'content'];

/**
 * OpenSearch's default `index.max_result_window`: from + size beyond it is refused, so a page
 * past it is answered empty (with the total) instead of failing.
 */
export const MAX_RESULT_WINDOW = 10_000;

/** Fragment length of description and content snippets, in characters. */
const FRAGMENT_CHARS = 160;

/**
 * The request body of one search. Two ways to match, either enough: whole words with typo
 * tolerance (`fuzziness: AUTO`: one edit from 3 letters, two from 6; the first letter must
 * match, which keeps fuzzy expansion cheap and sensible), and the last word as a prefix
 * (`bool_prefix`: "quar" finds "quarterly" while typing). Filters do not score.
 */
export function buildSearchBody(query: SearchQuery): API.Search_RequestBody {
  const from = (query.page - 1) * query.limit;
  const size = Math.max(0, Math.min(query.limit, MAX_RESULT_WINDOW - from));
  const match = {
    bool: {
      should: [
        {
          multi_match: {
            query: query.text,
            type: 'best_fields' as const,
            fields: SEARCH_FIELDS,
            fuzziness: 'AUTO',
            prefix_length: 1,
            tie_breaker: 0.3,
          },
        },
        { multi_match: { query: query.text, type: 'bool_prefix' as const, fields: SEARCH_FIELDS } },
      ],
      minimum_should_match: 1,
    },
  };
  return {
    from: size === 0 ? 0 : from,
    size,
    track_total_hits: true,
    _source: false,
    query: { bool: { filter: filters(query), must: [match] } },
    highlight: {
      highlight_query: highlightQuery(query.text),
      pre_tags: [MATCH_START],
      post_tags: [MATCH_END],
      encoder: 'default',
      fields: {
        title: { number_of_fragments: 0 },
        'tags.text': { number_of_fragments: 0 },
        description: { fragment_size: FRAGMENT_CHARS, number_of_fragments: 1 },
        content: { fragment_size: FRAGMENT_CHARS, number_of_fragments: 2 },
      },
    },
  };
}

type Query = Types.Common_QueryDsl.QueryContainer;

/** The short fields, where highlighting typo and prefix matches costs little. */
const SHORT_FIELDS = ['title', 'tags.text', 'description'];

/**
 * What the snippets mark. Title, tags and description mark typo and prefix matches too; content
 * marks the words as typed (analysed: case and accents folded). Highlighting a fuzzy or prefix
 * query has to expand it against each hit's terms: for 20 KB contents that tripled the engine's
 * time (tools/bench/scale.mjs at 5,000: 27 ms median with, 16 ms without, 7 ms unhighlighted).
 * A hit found only by a typo in its content still ranks; its snippet is then its title's.
 */
function highlightQuery(text: string): Query {
  return {
    bool: {
      should: [
        { multi_match: { query: text, fields: [...SHORT_FIELDS, 'content'] } },
        { multi_match: { query: text, fields: SHORT_FIELDS, fuzziness: 'AUTO', prefix_length: 1 } },
        { multi_match: { query: text, fields: SHORT_FIELDS, type: 'bool_prefix' as const } },
      ],
    },
  };
}

function filters(query: SearchQuery): Query[] {
  const all: Query[] = [{ terms: { owner: [...query.owners] } }];
  if (query.type) all.push({ term: { type: query.type } });
  // Tags keep the case they were written in; the filter does not care.
  if (query.tag) all.push({ term: { tags: { value: query.tag, case_insensitive: true } } });
  if (query.visibility) all.push({ term: { visibility: query.visibility } });
  if (query.from || query.to) {
    const range: { gte?: string; lte?: string } = {};
    if (query.from) range.gte = `${query.from}T00:00:00.000Z`;
    if (query.to) range.lte = `${query.to}T23:59:59.999Z`;
    all.push({ range: { updatedAt: range } });
  }
  if (query.ids) all.push({ ids: { values: [...query.ids] } });
  return all;
}
