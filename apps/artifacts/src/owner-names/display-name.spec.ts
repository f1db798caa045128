import { ownerDisplayName } from './display-name';

describe('ownerDisplayName', () => {
  it.each([
    ['Ada', 'Lovelace', 'Ada L.'],
    ['  Ada ', ' lovelace', 'Ada l.'],
    ['Ada', '', 'Ada'],
    ['', 'Lovelace', 'L.'],
    ['', '  ', null],
    ['Zoë', 'Ångström', 'Zoë Å.'],
    // A surrogate pair is one character, never half of one.
    ['Ada', '𝒜lpha', 'Ada 𝒜.'],
  ])('%j %j → %j', (first, last, shown) => {
    expect(ownerDisplayName(first, last)).toBe(shown);
  });
});
