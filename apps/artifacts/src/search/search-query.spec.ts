import { MATCH_END, MATCH_START } from './search-document';
import { MAX_RESULT_WINDOW, SEARCH_FIELDS, type SearchQuery, buildSearchBody } from './search-query';

const base: SearchQuery = { text: 'quarterly chart', owners: ['u1', 'u0'], page: 1, limit: 20 };

describe('buildSearchBody', () => {
  it("is always scoped to the caller's owners, in the filter (no effect on the score)", () => {
    const body = buildSearchBody(base);
    expect(body.query?.bool?.filter).toEqual([{ terms: { owner: ['u1', 'u0'] } }]);
  });

  it('matches whole words with typo tolerance or the last word as a prefix, boosted per field', () => {
    const must = buildSearchBody(base).query?.bool?.must;
    expect(must).toEqual([
      {
        bool: {
          should: [
            {
              multi_match: expect.objectContaining({
                query: 'quarterly chart',
                type: 'best_fields',
                fuzziness: 'AUTO',
                fields: SEARCH_FIELDS,
              }),
            },
            { multi_match: { query: 'quarterly chart', type: 'bool_prefix', fields: SEARCH_FIELDS } },
          ],
          minimum_should_match: 1,
        },
      },
    ]);
    expect(SEARCH_FIELDS).toEqual(['title^3', 'tags.text^2', 'description^1.5', 'content']);
  });

  it('adds each filter asked for; dates cover whole UTC days', () => {
    const filter = buildSearchBody({
      ...base,
      type: 'HTML',
      tag: 'Finance',
      visibility: 'private',
      from: '2026-01-01',
      to: '2026-01-31',
      ids: ['a1', 'a2'],
    }).query?.bool?.filter;
    expect(filter).toEqual([
      { terms: { owner: ['u1', 'u0'] } },
      { term: { type: 'HTML' } },
      { term: { tags: { value: 'Finance', case_insensitive: true } } },
      { term: { visibility: 'private' } },
      { range: { updatedAt: { gte: '2026-01-01T00:00:00.000Z', lte: '2026-01-31T23:59:59.999Z' } } },
      { ids: { values: ['a1', 'a2'] } },
    ]);
    const onlyTo = buildSearchBody({ ...base, to: '2026-02-01' }).query?.bool?.filter;
    expect(onlyTo).toContainEqual({ range: { updatedAt: { lte: '2026-02-01T23:59:59.999Z' } } });
  });

  it('an empty collection matches nothing (not everything)', () => {
    expect(buildSearchBody({ ...base, ids: [] }).query?.bool?.filter).toContainEqual({ ids: { values: [] } });
  });

  it('pages with from/size, counts every hit and sends no source', () => {
    expect(buildSearchBody({ ...base, page: 3, limit: 10 })).toMatchObject({
      from: 20,
      size: 10,
      track_total_hits: true,
      _source: false,
    });
  });

  it('never asks past the result window (the engine would refuse)', () => {
    const limit = 100;
    const last = buildSearchBody({ ...base, page: MAX_RESULT_WINDOW / limit, limit });
    expect(last).toMatchObject({ from: MAX_RESULT_WINDOW - limit, size: limit });
    expect(buildSearchBody({ ...base, page: MAX_RESULT_WINDOW / limit + 1, limit })).toMatchObject({
      from: 0,
      size: 0,
    });
  });

  it('marks typo and prefix matches in short fields only, content by the words as typed', () => {
    const query = JSON.stringify(buildSearchBody(base).highlight?.highlight_query);
    const clauses = (JSON.parse(query) as { bool: { should: { multi_match: Record<string, unknown> }[] } })
      .bool.should;
    const expanding = clauses.filter((c) => c.multi_match.fuzziness || c.multi_match.type === 'bool_prefix');
    expect(expanding.length).toBe(2);
    for (const c of expanding) expect(c.multi_match.fields).not.toContain('content');
    expect(clauses.some((c) => (c.multi_match.fields as string[]).includes('content'))).toBe(true);
  });

  it('highlights with the sentinel markers, whole titles and tags, short fragments elsewhere', () => {
    const { highlight } = buildSearchBody(base);
    expect(highlight).toMatchObject({ pre_tags: [MATCH_START], post_tags: [MATCH_END] });
    expect(Object.keys(highlight?.fields ?? {})).toEqual(['title', 'tags.text', 'description', 'content']);
    expect(highlight?.fields).toMatchObject({ title: { number_of_fragments: 0 } });
  });
});
