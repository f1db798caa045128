import { htmlToPlain, markdownToPlain } from './plain-text';
import { shareDescription } from './share-meta';

/** The content limit of an artifact: the largest text these functions ever see. */
const SIZE = 500_000;
/**
 * Linear time, told apart from worse without a wall-clock bound (a loaded machine makes any
 * bound flaky; the figures are tools/bench/redos.mjs's): four times the text may take about four
 * times as long, quadratic work sixteen. A quarter-size run under FLOOR_MS counts as FLOOR_MS
 * (a few ms are all noise), and a pair is measured again, up to ATTEMPTS times, while the ratio is
 * at or above MAX_GROWTH: other work on the machine only ever adds time, while quadratic work
 * fails every attempt.
 */
const MAX_GROWTH = 10;
const FLOOR_MS = 25;
const ATTEMPTS = 3;

const elapsed = (fn: () => unknown): number => {
  const start = performance.now();
  fn();
  return performance.now() - start;
};

function growthOf(fn: (text: string) => unknown, quarter: string, full: string): number {
  let best = Infinity;
  for (let i = 0; i < ATTEMPTS && best >= MAX_GROWTH; i++)
    best = Math.min(
      best,
      elapsed(() => fn(full)) /
        Math.max(
          FLOOR_MS,
          elapsed(() => fn(quarter)),
        ),
    );
  return best;
}

const adversarial: Record<string, (n: number) => string> = {
  "'<' then spaces": (n) => `<${' '.repeat(n - 1)}`,
  "runs of '<'": (n) => '<'.repeat(n),
  "runs of '<!--'": (n) => '<!--'.repeat(n / 4),
  'unclosed <script>s': (n) => '<script>'.repeat(n / 8),
  "runs of '['": (n) => '['.repeat(n),
  "'[a](' runs": (n) => '[a]('.repeat(n / 4),
  "'_a ' runs": (n) => '_a '.repeat(n / 3),
  'backtick runs': (n) => '`'.repeat(n),
  "'*' runs": (n) => '*'.repeat(n),
};

const paths: Record<string, (text: string) => unknown> = {
  htmlToPlain,
  markdownToPlain,
  'HTML excerpt': (content) => shareDescription({ id: 'a', title: 't', type: 'HTML', content }),
  'Markdown excerpt': (content) => shareDescription({ id: 'a', title: 't', type: 'MARKDOWN', content }),
};

describe('plain text of untrusted text, in linear time', () => {
  it.each(Object.entries(adversarial))('htmlToPlain, markdownToPlain and the excerpt: %s', (_name, make) => {
    const [quarter, full] = [make(SIZE / 4), make(SIZE)];
    const growth = Object.fromEntries(
      Object.entries(paths).map(([path, fn]) => [path, growthOf(fn, quarter, full)]),
    );
    for (const [path, ratio] of Object.entries(growth))
      expect({ path, growth: ratio < MAX_GROWTH ? 'linear' : ratio }).toEqual({ path, growth: 'linear' });
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
