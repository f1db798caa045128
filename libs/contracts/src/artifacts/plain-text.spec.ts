import { htmlToPlain, markdownToPlain } from './plain-text';
import { shareDescription } from './share-meta';

/** The content limit of an artifact: the largest text these functions ever see. */
const SIZE = 500_000;
/** Generous for a loaded 2-core machine; the old patterns took minutes on these inputs. */
const BOUND_MS = 1_000;

const elapsed = (fn: () => unknown): number => {
  const start = performance.now();
  fn();
  return performance.now() - start;
};

const adversarial: Record<string, string> = {
  "'<' then spaces": `<${' '.repeat(SIZE - 1)}`,
  "runs of '<'": '<'.repeat(SIZE),
  "runs of '<!--'": '<!--'.repeat(SIZE / 4),
  'unclosed <script>s': '<script>'.repeat(SIZE / 8),
  "runs of '['": '['.repeat(SIZE),
  "'[a](' runs": '[a]('.repeat(SIZE / 4),
  "'_a ' runs": '_a '.repeat(SIZE / 3),
  'backtick runs': '`'.repeat(SIZE),
  "'*' runs": '*'.repeat(SIZE),
};

describe('plain text of untrusted text, in linear time', () => {
  it.each(Object.entries(adversarial))('htmlToPlain, markdownToPlain and the excerpt: %s', (_name, text) => {
    expect(elapsed(() => htmlToPlain(text))).toBeLessThan(BOUND_MS);
    expect(elapsed(() => markdownToPlain(text))).toBeLessThan(BOUND_MS);
    for (const type of ['HTML', 'MARKDOWN'])
      expect(elapsed(() => shareDescription({ id: 'a', title: 't', type, content: text }))).toBeLessThan(
        BOUND_MS,
      );
  });

  it('keeps what the old patterns made of ordinary text', () => {
    expect(htmlToPlain('<head><title>T</title></head><p>a <b>b</b></p><!-- c --><SCRIPT>x</script >d')).toBe(
      'a b d',
    );
    expect(htmlToPlain('a <!-- open comment <b>b</b>')).toBe('a b');
    expect(htmlToPlain('<style>x</style><style>y')).toBe('y');
    expect(htmlToPlain('1 < 2 and &lt;tag&gt; &#x1F680; &bogus;')).toBe('1 < 2 and <tag> 🚀 &bogus;');
    expect(markdownToPlain('![alt](x.png) [a [b](c) [d] (e) [f](g')).toBe('alt a [b [d] (e) [f](g');
    expect(markdownToPlain('**bold** __u__ *i* _j_ ~~s~~ ``c`d`` `e` * not * 2*3')).toBe(
      'bold u i j s c`d e * not * 2*3',
    );
    expect(markdownToPlain('# T\n\n1. one\n> quote')).toBe('T one quote');
  });
});
