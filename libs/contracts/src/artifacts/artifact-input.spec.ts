import {
  ArtifactInputError,
  normalizeMetadata,
  normalizeSource,
  normalizeTitle,
  parseTags,
} from './artifact-input';
import { ARTIFACT_MESSAGES } from './artifact-limits';

describe('parseTags', () => {
  it.each<[string | string[] | undefined, string[]]>([
    ['react, ui ,charts', ['react', 'ui', 'charts']],
    [' a,, ,b,', ['a', 'b']],
    ['', []],
    [' , , ', []],
    [undefined, []],
    [
      ['x', ' y ', ''],
      ['x', 'y'],
    ],
    [
      ['a,b', 'c'],
      ['a', 'b', 'c'],
    ],
    ['dup, dup,Dup', ['dup', 'Dup']],
    ['emoji 🚀, ünïcode', ['emoji 🚀', 'ünïcode']],
  ])('%j → %j', (input, expected) => {
    expect(parseTags(input)).toEqual(expected);
  });

  it('accepts exactly 50 tags of 50 characters', () => {
    const tags = Array.from({ length: 50 }, (_, i) => String(i).padStart(50, 't'));
    expect(parseTags(tags.join(','))).toHaveLength(50);
  });

  it('refuses 51 tags and 10,000 tags with the same message', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => `t${i}`);
    expect(() => parseTags(many(51))).toThrow(new ArtifactInputError(ARTIFACT_MESSAGES.tooManyTags));
    expect(() => parseTags(many(10_000).join(','))).toThrow(ARTIFACT_MESSAGES.tooManyTags);
  });

  it('refuses a tag over 50 characters', () => {
    expect(() => parseTags(['ok', 'x'.repeat(51)])).toThrow(ARTIFACT_MESSAGES.tagTooLong);
  });
});

describe('normalizeMetadata', () => {
  const now = new Date('2026-01-02T03:04:05.000Z');

  it('parses a JSON string', () => {
    expect(normalizeMetadata('{"extractedAt":"2025-05-01T00:00:00Z"}', 'abc', now)).toEqual({
      claudeVersion: 'claude-sonnet-4',
      extractedAt: '2025-05-01T00:00:00.000Z',
      size: 3,
    });
  });

  it.each(['{not json', '[1,2]', '"text"', 'null', '42'])('treats %j as {}', (raw) => {
    expect(normalizeMetadata(raw, 'abcd', now)).toEqual({
      claudeVersion: 'claude-sonnet-4',
      extractedAt: now.toISOString(),
      size: 4,
    });
  });

  it('always computes size from the content and fixes claudeVersion', () => {
    const m = normalizeMetadata({ size: 999, claudeVersion: 'gpt', extra: { deep: 1 } }, '🚀x', now);
    expect(m).toEqual({ claudeVersion: 'claude-sonnet-4', extractedAt: now.toISOString(), size: 3 });
  });

  it('ignores an invalid extractedAt', () => {
    expect(normalizeMetadata({ extractedAt: 'yesterday' }, '', now).extractedAt).toBe(now.toISOString());
    expect(normalizeMetadata(undefined, '', now).extractedAt).toBe(now.toISOString());
  });
});

describe('normalizeSource (the capture provenance kept in metadata)', () => {
  it('keeps the known fields, trimmed, with an ISO capture time', () => {
    const source = normalizeSource({
      site: ' claude.ai ',
      url: 'https://claude.ai/chat/abc',
      capturedAt: '2026-11-25T04:00:00Z',
      assistant: 'Claude',
      model: 'Claude Sonnet 4',
      kind: 'artifact',
      cookie: 'never kept',
    });
    expect(source).toEqual({
      site: 'claude.ai',
      url: 'https://claude.ai/chat/abc',
      capturedAt: '2026-11-25T04:00:00.000Z',
      assistant: 'Claude',
      model: 'Claude Sonnet 4',
      kind: 'artifact',
    });
  });

  it.each([
    ['javascript:alert(1)'],
    ['file:///etc/passwd'],
    ['not a url'],
    [`https://x.test/${'a'.repeat(2100)}`],
  ])('drops the page address %#', (url) => {
    expect(normalizeSource({ site: 'web', url })).toEqual({ site: 'web' });
  });

  it('drops a source without a site, and anything that is not an object', () => {
    expect(normalizeSource({ url: 'https://a.test/' })).toBeUndefined();
    expect(normalizeSource(['claude.ai'])).toBeUndefined();
    expect(normalizeSource('claude.ai')).toBeUndefined();
  });

  it('bounds the texts and ignores a bad date', () => {
    const source = normalizeSource({ site: 'web', model: 'm'.repeat(500), capturedAt: 'soon' });
    expect(source?.model).toHaveLength(100);
    expect(source?.capturedAt).toBeUndefined();
  });

  it('travels inside normalizeMetadata', () => {
    const m = normalizeMetadata({ source: { site: 'chatgpt.com', kind: 'canvas' } }, 'ab');
    expect(m.source).toEqual({ site: 'chatgpt.com', kind: 'canvas' });
  });
});

describe('normalizeTitle', () => {
  it.each([
    ['  Hello ', 'Hello'],
    ['', 'Untitled'],
    ['   ', 'Untitled'],
    [undefined, 'Untitled'],
  ])('%j → %j', (input, expected) => {
    expect(normalizeTitle(input)).toBe(expected);
  });
});
