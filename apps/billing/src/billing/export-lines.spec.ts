import { ArtifactLines, BrokenExportLine } from './export-lines';

const a = (id: string, viewCount: number) => JSON.stringify({ id, viewCount, content: 'x\ny "}' });
const trailer = (count: number, totalViews = 0) => JSON.stringify({ end: { count, totalViews } });

/** Feeds the text in pieces of `size` characters, as a network would. */
function feed(text: string, size: number) {
  const lines = new ArtifactLines();
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(...lines.push(text.slice(i, i + size)));
  return { lines, array: `[${out.join('')}\n]` };
}

describe('ArtifactLines', () => {
  it.each([1, 3, 1000])('passes whole artifacts on into a JSON array, whatever the chunking (%i)', (size) => {
    const { lines, array } = feed(`${a('a1', 4)}\n${a('a2', 3)}\n${trailer(2, 7)}\n`, size);
    expect(JSON.parse(array)).toEqual([
      { id: 'a1', viewCount: 4, content: 'x\ny "}' },
      { id: 'a2', viewCount: 3, content: 'x\ny "}' },
    ]);
    expect(lines).toMatchObject({ count: 2, totalViews: 7, complete: true });
  });

  it('an account without artifacts is complete with an empty array', () => {
    const { lines, array } = feed(`${trailer(0)}\n`, 4);
    expect(JSON.parse(array)).toEqual([]);
    expect(lines.complete).toBe(true);
  });

  it('a stream cut inside an artifact keeps the whole ones before it and is not complete', () => {
    const text = `${a('a1', 1)}\n${a('a2', 1)}`;
    const { lines, array } = feed(text.slice(0, text.length - 5), 7);
    expect(JSON.parse(array)).toEqual([{ id: 'a1', viewCount: 1, content: 'x\ny "}' }]);
    expect(lines).toMatchObject({ count: 1, complete: false });
  });

  it('a stream that ends between artifacts without its trailer is not complete', () => {
    expect(feed(`${a('a1', 1)}\n`, 100).lines.complete).toBe(false);
  });

  it('a trailer that counts differently is not complete', () => {
    expect(feed(`${a('a1', 1)}\n${trailer(2)}\n`, 100).lines.complete).toBe(false);
  });

  it('refuses a line that is not an artifact', () => {
    const lines = new ArtifactLines();
    expect(() => lines.push('<html>oops</html>\n')).toThrow(BrokenExportLine);
    expect(() => new ArtifactLines().push('[1]\n')).toThrow(BrokenExportLine);
  });
});
