import { decodeCachedRead, encodeCachedRead, matchesEtag } from './public-cache';

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
