import { MATCH_END, MATCH_START, type SearchSource, toSearchDocument } from './search-document';
import { concreteIndexName, isConcreteIndexOf } from './search-index.mapping';

const source: SearchSource = {
  _id: 'a1',
  owner: 'u1',
  title: `Sales ${MATCH_START}chart`,
  description: undefined,
  content: `<p>q3${MATCH_END}</p>`,
  tags: ['finance'],
  type: 'HTML',
  isPublic: true,
  createdAt: new Date('2026-01-02T03:04:05Z'),
  updatedAt: new Date('2026-01-03T03:04:05Z'),
  rev: 7,
  deletedAt: null,
};

describe('toSearchDocument', () => {
  it('keeps the searchable text and the filter fields, visibility as a word', () => {
    expect(toSearchDocument(source)).toEqual({
      id: 'a1',
      owner: 'u1',
      title: 'Sales  chart',
      description: '',
      content: '<p>q3 </p>',
      tags: ['finance'],
      type: 'HTML',
      visibility: 'public',
      createdAt: '2026-01-02T03:04:05.000Z',
      updatedAt: '2026-01-03T03:04:05.000Z',
      rev: 7,
    });
  });
});

describe('concrete index names', () => {
  it('are <alias>-<UTC timestamp to the millisecond>, and only those count as ours', () => {
    const name = concreteIndexName('cv-artifacts', new Date('2026-11-25T07:08:09.123Z'));
    expect(name).toBe('cv-artifacts-20261125070809123');
    expect(isConcreteIndexOf('cv-artifacts', name)).toBe(true);
    expect(isConcreteIndexOf('cv-artifacts', 'cv-artifacts')).toBe(false);
    expect(isConcreteIndexOf('cv', name)).toBe(false);
    expect(isConcreteIndexOf('cv-artifacts', 'cv-artifacts-2026')).toBe(false);
  });
});
