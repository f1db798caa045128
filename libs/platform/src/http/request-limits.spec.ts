import { REQUEST_LIMITS, byteSize, declaresBody, exceedsJsonDepth, requestPath } from './request-limits';

const nested = (levels: number, open = '[', close = ']') =>
  Buffer.from(`${open.repeat(levels)}${close.repeat(levels)}`);

describe('exceedsJsonDepth', () => {
  const max = REQUEST_LIMITS.jsonMaxDepth;

  it('accepts JSON up to the limit and refuses one level more', () => {
    expect(exceedsJsonDepth(nested(max), max)).toBe(false);
    expect(exceedsJsonDepth(nested(max + 1), max)).toBe(true);
    expect(exceedsJsonDepth(Buffer.from(`${'{"a":'.repeat(max + 1)}1${'}'.repeat(max + 1)}`), max)).toBe(
      true,
    );
  });

  it('finds a 5,000-level body at once, without recursion', () => {
    expect(exceedsJsonDepth(nested(5_000), max)).toBe(true);
    expect(exceedsJsonDepth(nested(1_000_000), max)).toBe(true);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ content: `${'['.repeat(500)} "quoted \\" [[[ ` });
    expect(exceedsJsonDepth(Buffer.from(text), 2)).toBe(false);
  });

  it('counts siblings once, not as depth', () => {
    expect(exceedsJsonDepth(Buffer.from(JSON.stringify(Array.from({ length: 1_000 }, () => [[1]]))), 3)).toBe(
      false,
    );
  });
});

describe('byteSize', () => {
  it.each([
    ['100kb', 102_400],
    ['2.5mb', 2_621_440],
    ['1MB', 1_048_576],
    ['512', 512],
    [4096, 4096],
  ] as const)('%s is %i bytes', (limit, bytes) => {
    expect(byteSize(limit)).toBe(bytes);
  });

  it('refuses what it cannot read', () => {
    expect(() => byteSize('lots')).toThrow('not a byte size: lots');
  });
});

describe('declaresBody', () => {
  it.each([
    [{}, false],
    [{ 'content-length': '0' }, false],
    [{ 'content-length': '7' }, true],
    [{ 'transfer-encoding': 'chunked' }, true],
  ])('%j → %s', (headers, expected) => {
    expect(declaresBody({ headers })).toBe(expected);
  });
});

describe('requestPath', () => {
  it('drops the query and a trailing slash', () => {
    expect(requestPath('/webhooks/stripe/?x=1')).toBe('/webhooks/stripe');
    expect(requestPath('/')).toBe('/');
    expect(requestPath(undefined)).toBe('/');
  });
});
