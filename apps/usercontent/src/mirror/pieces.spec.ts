import { attributePairs, htmlPieces } from './pieces';
import { rewriteHtmlForMirror } from './rewrite';

const SIZE = 500_000;
const BOUND_MS = 1_000;
const fill = (unit: string, tail = '') => unit.repeat(Math.floor((SIZE - tail.length) / unit.length)) + tail;

/** The pattern the scan replaces: the scan must find exactly its matches. */
const PIECES =
  /<!--[\s\S]*?-->|<script\b([^>]*)>([\s\S]*?)<\/script\s*>|<style\b([^>]*)>([\s\S]*?)<\/style\s*>|<link\b([^>]*?)\/?>/gi;

describe('htmlPieces', () => {
  it('finds what the old pattern found', () => {
    const html = `<!doctype html><!-- c --><SCRIPT type="module">import x from "a"</script ><p>
<style media=x>a{}</STYLE><link rel=stylesheet href="/a.css"/><linked><link href=b>
<script src=x></script><!-- open <script> <style>unclosed <link`;
    const scanned = [...htmlPieces(html)].map((p) => [p.index, p.whole, p.kind, p.attrs, p.body]);
    const matched = [...html.matchAll(PIECES)].map((m) => {
      const kind = m[0].startsWith('<!--')
        ? 'comment'
        : m[1] !== undefined
          ? 'script'
          : m[3] !== undefined
            ? 'style'
            : 'link';
      return [m.index, m[0], kind, m[1] ?? m[3] ?? m[5] ?? '', m[2] ?? m[4] ?? ''];
    });
    expect(scanned).toEqual(matched);
    expect(scanned).toHaveLength(6);
  });

  it('reads attributes like the old pattern', () => {
    expect([...attributePairs(' a="1 2" b=\'3\' c=4 d e = "5" f="open g=6')]).toEqual([
      ['a', '1 2'],
      ['b', '3'],
      ['c', '4'],
      ['d', undefined],
      ['e', '5'],
      ['f', undefined],
      ['open', undefined],
      ['g', '6'],
    ]);
  });

  it.each([
    ["'<!--' runs", fill('<!--')],
    ['unclosed <script>s', fill('<script>')],
    ["'<script' runs, one '>' at the end", fill('<script', '>')],
    ["'<link' runs, one '>' at the end", fill('<link', '>')],
    ['a <script> with 100,000 attribute-like strings', `<script ${fill('a="x ', '></script>')}`],
    ["'<' then spaces", `<${' '.repeat(SIZE - 1)}`],
    ["'import' then spaces in a script", `<script>import${' '.repeat(SIZE)}</script>`],
    [
      'thousands of blocked CDN scripts',
      fill('<script src="https://cdn.example/' + 'x.js"></script>').replace(
        /x\.js/g,
        () => `${Math.random()}.js`,
      ),
    ],
  ])('rewrites %s (500,000 characters) in linear time', (_name, html) => {
    const start = performance.now();
    rewriteHtmlForMirror(html);
    expect(performance.now() - start).toBeLessThan(BOUND_MS);
  });
});
