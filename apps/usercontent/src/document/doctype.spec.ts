import { buildArtifactDocument } from './build-document';
import { leadingDoctype } from './doctype';
import { highlightCodeBlocks } from './highlight';

const SIZE = 500_000;
const BOUND_MS = 1_000;
const fill = (unit: string, tail = '') => unit.repeat(Math.floor((SIZE - tail.length) / unit.length)) + tail;
const timed = (fn: () => unknown): number => {
  const start = performance.now();
  fn();
  return performance.now() - start;
};

describe('leadingDoctype', () => {
  it('takes the doctype with the whitespace and comments before it', () => {
    expect(leadingDoctype('<!DOCTYPE html><p>')).toBe('<!DOCTYPE html>');
    expect(leadingDoctype(' \n<!-- a --> <!--b--><!doctype html>x')).toBe(
      ' \n<!-- a --> <!--b--><!doctype html>',
    );
    expect(leadingDoctype('<p><!doctype html>')).toBeUndefined();
    expect(leadingDoctype('<!-- open <!doctype html>')).toBeUndefined();
    expect(leadingDoctype('<!doctype html')).toBeUndefined();
  });

  it.each([
    ["'<!---->' runs, no doctype", fill('<!---->', 'x')],
    ["'<!-- -->' and spaces, no doctype", fill('<!-- -->  ', 'x')],
    ["'<!--' then spaces", `<!--${' '.repeat(SIZE)}`],
    ["'<' then spaces", `<${' '.repeat(SIZE - 1)}`],
  ])('finds none in %s (500,000 characters) in linear time', (_name, html) => {
    expect(timed(() => leadingDoctype(html))).toBeLessThan(BOUND_MS);
    const artifact = {
      type: 'HTML' as const,
      title: 't',
      content: html,
      rendered: null,
      renderError: null,
      securityWarning: null,
    };
    expect(timed(() => buildArtifactDocument(artifact, { mode: 'embed', theme: 'light' }))).toBeLessThan(
      BOUND_MS,
    );
  });
});

describe('highlightCodeBlocks', () => {
  const mark = (code: string, language: string | undefined) => `[${language ?? ''}:${code}]`;

  it('highlights each block up to its first close, as before', () => {
    expect(
      highlightCodeBlocks(
        '<pre><code class="language-ts">a &lt; b</code></pre><p>x</p><pre>\n<code>c</code> </pre><pre><code>open',
        mark,
      ),
    ).toBe(
      '<pre><code class="hljs language-ts">[ts:a < b]</code></pre><p>x</p><pre><code class="hljs">[:c]</code></pre><pre><code>open',
    );
  });

  it.each([
    ['unclosed blocks', fill('<pre><code>')],
    ['unclosed blocks, one close at the end', fill('<pre><code>', '</code></pre>')],
    ["'<pre>' then spaces", `<pre>${' '.repeat(SIZE)}`],
  ])('handles %s (500,000 characters) in linear time', (_name, html) => {
    expect(timed(() => highlightCodeBlocks(html, () => 'x'))).toBeLessThan(BOUND_MS);
  });
});
