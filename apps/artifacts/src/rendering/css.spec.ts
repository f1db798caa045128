import { cleanCss, cleanStyleBlocks, replaceExternalUrls } from './css';
import { renderArtifact } from './render';

/** The pattern replaceExternalUrls replaced (quadratic): only ever run here, on short text. */
const EXTERNAL_URL = /url\(\s*(?!['"]?(?:#|data:))[^)]*\)/gi;
const SIZE = 500_000;
const BOUND_MS = 1_000;
const fill = (unit: string, tail = '') => unit.repeat(Math.floor((SIZE - tail.length) / unit.length)) + tail;
const timed = (fn: () => unknown): number => {
  const start = performance.now();
  fn();
  return performance.now() - start;
};

describe('CSS cleaning in linear time', () => {
  it('replaces the same url()s the old pattern did', () => {
    const css = `a{b:url(x.png);c:url(#f);d:url('#g');e:url( #h);f:URL("https://e.test/i");g:url(DATA:image/png;base64,AA);h:url("data:image/svg+xml,%3Csvg/%3E")}g{h:url(open`;
    expect(replaceExternalUrls(css, 'none')).toBe(css.replace(EXTERNAL_URL, 'none'));
    expect(cleanCss(`@import "x.css";<i>{background:url(y)}`)).toBe('\\3c i>{background:none}');
    expect(cleanStyleBlocks('<style>a{b:url(c)}</style><p>url(d)</p><STYLE media="x">e</style>')).toBe(
      '<style>a{b:none}</style><p>url(d)</p><STYLE media="x">e</style>',
    );
  });

  it('static markup keeps data URLs and turns "<" into the CSS escape (no tag for the HTML parser)', () => {
    expect(cleanCss(`a::before{content:"<"}b{background:url("data:image/svg+xml,<svg/>")}`)).toBe(
      'a::before{content:"\\3c "}b{background:url("data:image/svg+xml,\\3c svg/>")}',
    );
  });

  it.each([
    ["'url(' runs", fill('url(')],
    ["'url(' then spaces", `url(${' '.repeat(SIZE)}`],
    ["'url(' runs, one ')' at the end", fill('url(', ')')],
  ])('cleans %s (500,000 characters)', (_name, css) => {
    expect(timed(() => cleanCss(css))).toBeLessThan(BOUND_MS);
    expect(timed(() => cleanStyleBlocks(`<style>${css}</style>`))).toBeLessThan(BOUND_MS);
  });

  it.each([
    ['unclosed <style>s', fill('<style>')],
    ["a style attribute of 'url(' runs", `<svg><rect style="${fill('url(', '"/></svg>')}`],
    ["'<' then spaces", `<${' '.repeat(SIZE - 1)}`],
  ])('sanitizes HTML and SVG with %s (500,000 characters) in linear time', (_name, content) => {
    expect(timed(() => renderArtifact('HTML', content))).toBeLessThan(BOUND_MS);
    expect(timed(() => renderArtifact('SVG', content))).toBeLessThan(BOUND_MS);
  });
});
