import { escapeRegex, scoreArtifact, searchTerms } from './search-scoring';

const doc = (title: string, tags: string[] = [], content = '') => ({
  title,
  tags,
  searchHead: content.toLowerCase(),
});

describe('search scoring', () => {
  it('splits, lower-cases, dedupes and bounds the terms', () => {
    expect(searchTerms('  Chart  chart BAR ')).toEqual(['chart', 'bar']);
    expect(searchTerms(Array.from({ length: 20 }, (_, i) => `t${i}`).join(' '))).toHaveLength(8);
  });

  it('ranks title over tag over content', () => {
    const terms = ['chart'];
    const title = scoreArtifact(doc('Sales chart'), terms);
    const tag = scoreArtifact(doc('Report', ['chart']), terms);
    const content = scoreArtifact(doc('Report', [], 'chart '.repeat(100)), terms);
    expect(title).toBeGreaterThan(tag);
    expect(tag).toBeGreaterThan(content);
  });

  it('ranks a description hit between title and tags, above any amount of content', () => {
    const terms = ['chart'];
    const title = scoreArtifact(doc('Sales chart'), terms);
    const described = scoreArtifact({ ...doc('Report'), description: 'A *chart* of chart sales' }, terms);
    const tag = scoreArtifact(doc('Report', ['chart']), terms);
    const content = scoreArtifact(doc('Report', [], 'chart '.repeat(100)), terms);
    expect(title).toBeGreaterThan(described);
    expect(described).toBeGreaterThan(tag);
    expect(described).toBeGreaterThan(content);
  });

  it('counts term frequency within a field', () => {
    const once = scoreArtifact(doc('x', [], 'apple'), ['apple']);
    const thrice = scoreArtifact(doc('x', [], 'apple apple apple'), ['apple']);
    expect(thrice).toBeGreaterThan(once);
  });

  it('adds up over several terms', () => {
    expect(scoreArtifact(doc('red chart'), ['red', 'chart'])).toBeGreaterThan(
      scoreArtifact(doc('red'), ['red', 'chart']),
    );
  });

  it('escapes regex syntax so terms match literally', () => {
    const pattern = new RegExp(escapeRegex('a.b*(c)[d]/e-f'), 'i');
    expect(pattern.test('xx A.B*(C)[D]/E-F yy')).toBe(true);
    expect(pattern.test('aXb')).toBe(false);
  });
});
