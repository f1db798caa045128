import {
  decodeCachedRead,
  encodeCachedRead,
  matchesEtag,
  pinnedVersion,
  publicArtifactCacheKey,
  publicReadCacheControl,
} from './public-cache';

describe('cached public read format', () => {
  it('round-trips a body that itself contains newlines', () => {
    const read = { etag: '"abc"', owner: 'usr_1', body: '{"artifact":{"content":"a\\nb"}}\n' };
    expect(decodeCachedRead(encodeCachedRead(read))).toEqual(read);
  });

  it('refuses an entry that is not in the format', () => {
    expect(decodeCachedRead('no separators')).toBeNull();
  });
});

describe('matchesEtag', () => {
  it.each<[string | undefined, boolean]>([
    [undefined, false],
    ['', false],
    ['"abc"', true],
    ['"x", "abc"', true],
    ['W/"abc"', true],
    ['*', true],
    ['"abcd"', false],
    ['abc', false],
  ])('%j → %s', (header, expected) => {
    expect(matchesEtag(header, '"abc"')).toBe(expected);
  });
});

describe('pinned reads in the cache', () => {
  it('keys each pinned version apart from the unpinned read', () => {
    expect(publicArtifactCacheKey('a1')).toBe('artifacts:public:a1');
    expect(publicArtifactCacheKey('a1', 3)).toBe('artifacts:public:a1@v3');
  });

  it.each<[string, number | null | undefined]>([
    ['', undefined],
    ['ref=x', undefined],
    ['v=3', 3],
    ['ref=x&v=12', 12],
    ['v=0', null],
    ['v=-1', null],
    ['v=1.5', null],
    ['v=abc', null],
    ['v=', null],
    ['v=1&v=2', null],
  ])('%j → %s', (query, expected) => {
    expect(pinnedVersion(query)).toBe(expected);
  });
});

describe('publicReadCacheControl', () => {
  it('lets browsers revalidate every view and a CDN serve repeat views for 10 s', () => {
    expect(publicReadCacheControl(0)).toBe('public, max-age=0, s-maxage=10, must-revalidate');
  });

  it('never gives shared caches less than browsers', () => {
    expect(publicReadCacheControl(60)).toBe('public, max-age=60, s-maxage=60, must-revalidate');
  });
});
