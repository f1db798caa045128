import { planImportBatches } from './portability-batches';

const artifact = (
  id: string,
  contentChars: number,
  versions: number[] = [],
): { versions: { version: number }[]; omittedVersions?: number } & Record<string, unknown> => ({
  id,
  title: id,
  type: 'MARKDOWN',
  content: 'x'.repeat(contentChars),
  versions: versions.map((chars, i) => ({
    version: i + 1,
    title: id,
    type: 'MARKDOWN',
    content: 'v'.repeat(chars),
    createdAt: '2026-01-01T00:00:00.000Z',
  })),
});
const bodyBytes = (items: unknown[]) => new TextEncoder().encode(JSON.stringify({ artifacts: items })).length;

describe('planImportBatches', () => {
  it('fills requests up to the count, in file order', () => {
    const items = Array.from({ length: 45 }, (_, i) => artifact(`a${i}`, 10));
    const { batches, tooLarge } = planImportBatches(items, { maxBytes: 1_000_000, maxCount: 20 });
    expect(batches.map((b) => b.length)).toEqual([20, 20, 5]);
    expect(batches.flat().map((p) => p.index)).toEqual(items.map((_, i) => i));
    expect(tooLarge).toEqual([]);
  });

  it('keeps every request under the byte bound', () => {
    const items = Array.from({ length: 30 }, (_, i) => artifact(`a${i}`, 300 + i * 10));
    const { batches } = planImportBatches(items, { maxBytes: 2_000, maxCount: 20 });
    expect(batches.length).toBeGreaterThan(1);
    for (const b of batches) expect(bodyBytes(b.map((p) => p.item))).toBeLessThanOrEqual(2_000);
    expect(batches.flat()).toHaveLength(30);
  });

  it('counts multi-byte text in bytes, not characters', () => {
    const wide = { ...artifact('w', 0), content: '€'.repeat(400) }; // 1,200 bytes
    const { batches } = planImportBatches([wide, wide], { maxBytes: 2_000, maxCount: 20 });
    expect(batches.map((b) => b.length)).toEqual([1, 1]);
  });

  it('sends an artifact too big for one request alone, with its newest versions that fit', () => {
    const big = artifact('big', 100, [400, 400, 400, 400]);
    const { batches, tooLarge } = planImportBatches([artifact('s', 10), big, artifact('t', 10)], {
      maxBytes: 1_500,
      maxCount: 20,
    });
    expect(tooLarge).toEqual([]);
    expect(batches.map((b) => b.map((p) => p.index))).toEqual([[0], [1], [2]]);
    const sent = batches[1]?.[0]?.item;
    expect(sent?.versions.map((v) => v.version)).toEqual([3, 4]);
    expect(sent?.omittedVersions).toBe(2);
    expect(bodyBytes([sent])).toBeLessThanOrEqual(1_500);
  });

  it('lists an artifact whose current version alone is over one request', () => {
    const { batches, tooLarge } = planImportBatches([artifact('a', 10), artifact('huge', 5_000)], {
      maxBytes: 2_000,
      maxCount: 20,
    });
    expect(tooLarge).toEqual([1]);
    expect(batches).toEqual([[{ index: 0, item: artifact('a', 10) }]]);
  });
});
