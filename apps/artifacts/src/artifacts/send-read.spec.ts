import { matchesEtag } from './send-read';

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
