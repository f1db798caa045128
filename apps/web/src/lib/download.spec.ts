import { formatBytes, readWithProgress } from './download';

const streamOf = (parts: string[]) =>
  new ReadableStream<Uint8Array>({
    start(c) {
      for (const p of parts) c.enqueue(new TextEncoder().encode(p));
      c.close();
    },
  });

describe('readWithProgress', () => {
  it('counts every byte, reports the end, and keeps the last bytes as text', async () => {
    const reports: number[] = [];
    const parts = ['x'.repeat(300), '{"notes": [],', ' "complete": true\n}\n'];
    const { blob, tail } = await readWithProgress(
      new Response(streamOf(parts), { headers: { 'content-length': '999' } }),
      (p) => reports.push(p.received),
    );
    const size = parts.join('').length;
    expect(blob.size).toBe(size);
    expect(reports.at(0)).toBe(0);
    expect(reports.at(-1)).toBe(size);
    expect(tail.endsWith('"complete": true\n}\n')).toBe(true);
    expect(tail.length).toBe(256);
  });

  it('trusts no size of a compressed answer, and reads the announced item count', async () => {
    const seen: { total: number | null; items: number | null }[] = [];
    await readWithProgress(
      new Response(streamOf(['{}']), {
        headers: { 'content-length': '2', 'content-encoding': 'gzip', 'x-export-total': '7' },
      }),
      (p) => seen.push({ total: p.total, items: p.items }),
    );
    expect(seen.at(-1)).toEqual({ total: null, items: 7 });
  });
});

describe('formatBytes', () => {
  it('reads like a person would say it', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(25 * 1024 * 1024)).toBe('25 MB');
    expect(formatBytes(3 * 1024 ** 4)).toBe('3072 GB');
  });
});
