import { MATCH_END as E, MATCH_START as S } from './search-document';
import { fragmentParts, toSnippets } from './snippets';

describe('fragmentParts', () => {
  it('splits a highlighted fragment into plain-text parts, matches flagged', () => {
    expect(fragmentParts(`the ${S}quarterly${E} ${S}chart${E}, <b>bold</b>`)).toEqual([
      { text: 'the ', match: false },
      { text: 'quarterly', match: true },
      { text: ' ', match: false },
      { text: 'chart', match: true },
      { text: ', <b>bold</b>', match: false },
    ]);
  });

  it('keeps markup in the text as text (never parsed; the SPA shows it as such)', () => {
    expect(fragmentParts(`${S}<script>${E}`)).toEqual([{ text: '<script>', match: true }]);
  });

  it('copes with a fragment cut inside a match', () => {
    expect(fragmentParts(`art${E} and more`)).toEqual([
      { text: 'art', match: true },
      { text: ' and more', match: false },
    ]);
    expect(fragmentParts(`start ${S}cha`)).toEqual([
      { text: 'start ', match: false },
      { text: 'cha', match: true },
    ]);
  });

  it('joins neighbouring matches and drops empty parts', () => {
    expect(fragmentParts(`${S}a${E}${S}b${E}`)).toEqual([{ text: 'ab', match: true }]);
    expect(fragmentParts('')).toEqual([]);
  });

  it('keeps characters outside the BMP whole', () => {
    expect(fragmentParts(`📈 ${S}chart${E}`)).toEqual([
      { text: '📈 ', match: false },
      { text: 'chart', match: true },
    ]);
  });
});

describe('toSnippets', () => {
  it('orders fields title, description, tags, content; one snippet per fragment with a match', () => {
    const snippets = toSnippets({
      content: [`a ${S}chart${E} here`, `another ${S}chart${E}`],
      'tags.text': [`${S}chart${E}`],
      title: [`Sales ${S}Chart${E}`],
    });
    expect(snippets.map((s) => s.field)).toEqual(['title', 'tags', 'content', 'content']);
    expect(snippets[0]).toEqual({
      field: 'title',
      parts: [
        { text: 'Sales ', match: false },
        { text: 'Chart', match: true },
      ],
    });
  });

  it('is empty without a highlight and skips fragments without a match', () => {
    expect(toSnippets(undefined)).toEqual([]);
    expect(toSnippets({ description: ['no match here'], unknown: [`${S}x${E}`] })).toEqual([]);
  });
});
