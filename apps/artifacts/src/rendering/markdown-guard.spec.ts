import { MAX_EMPHASIS_DELIMITERS, MAX_LIST_INDENT, guardMarkdown } from './markdown-guard';
import { renderArtifact } from './render';

const SIZE = 500_000;
const BOUND_MS = 1_000;
const fill = (unit: string) => unit.repeat(Math.floor(SIZE / unit.length));

describe('guardMarkdown', () => {
  it('leaves ordinary Markdown as it is', () => {
    const md = '# T\n\n> a\n>> b\n\n**bold** and _em_ and \\* and `a*b`\n\n- x\n  - y\n';
    expect(guardMarkdown(md)).toBe(md);
  });

  it('caps quote depth and escapes delimiters past the cap of a paragraph', () => {
    expect(guardMarkdown(`${'>'.repeat(80)} deep`)).toBe(`${'>'.repeat(50)} deep`);
    const para = '*a'.repeat(MAX_EMPHASIS_DELIMITERS + 2);
    const guarded = guardMarkdown(`${para}\n\n*b*`);
    expect(guarded).toBe(`${'*a'.repeat(MAX_EMPHASIS_DELIMITERS)}&#42;a&#42;a\n\n*b*`);
    // Shown as written.
    expect(renderArtifact('MARKDOWN', guarded).rendered).toContain('*a*a</p>');
  });

  it('brings list items nested past eight levels back to the eighth, code fences untouched', () => {
    const deep = `${' '.repeat(40)}- deep`;
    expect(guardMarkdown(`- top\n${deep}\n`)).toBe(`- top\n${' '.repeat(MAX_LIST_INDENT)}- deep\n`);
    expect(guardMarkdown(`\t\t\t\t\t1. tabbed`)).toBe(`${' '.repeat(MAX_LIST_INDENT)}1. tabbed`);
    const fenced = `\`\`\`\n${deep}\n\`\`\`\n`;
    expect(guardMarkdown(fenced)).toBe(fenced);
    const notAList = `${' '.repeat(40)}-not a list`;
    expect(guardMarkdown(notAList)).toBe(notAList);
  });

  it.each([
    ["'*a' emphasis runs", fill('*a')],
    ["'**a' runs", fill('**a')],
    ["'>' quote runs", '>'.repeat(SIZE)],
    ["'_a ' runs", fill('_a ')],
    [
      'lists nested 40 deep',
      fill(Array.from({ length: 40 }, (_, d) => `${'  '.repeat(d)}- item ${d}\n`).join('')),
    ],
  ])('renders %s (500,000 characters) in bounded time, without an error', (_name, content) => {
    const start = performance.now();
    const result = renderArtifact('MARKDOWN', content);
    expect(performance.now() - start).toBeLessThan(BOUND_MS * 3);
    expect(result.renderError).toBeNull();
  });
});
