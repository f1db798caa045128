import sanitizeHtml from 'sanitize-html';
import { MAX_NESTING, capNesting, prepareMarkup } from './nesting-cap';
import { sanitizeArtifactHtml, sanitizeStaticMarkup } from './html-policy';
import { sanitizeArtifactSvg } from './svg-policy';

const time = (fn: () => unknown) => {
  const started = performance.now();
  fn();
  return performance.now() - started;
};

describe('capNesting', () => {
  it('leaves ordinary documents exactly as they are', () => {
    for (const html of [
      '<!doctype html><html><head><title>a < b</title><style>p>b{color:red}</style></head><body><p>x<p>y</body></html>',
      '<ul>' + '<li>item'.repeat(2_000) + '</ul>',
      '<table>' + '<tr><td>a<td>b'.repeat(1_000) + '</table>',
      '<svg>' + '<circle r="1"/>'.repeat(2_000) + '</svg>',
      '<div>' + '<img src=x><br><input>'.repeat(1_000) + '</div>',
      '<script>' + '<b>'.repeat(1_000) + '</script><p>after</p>',
      '<a title="a > b" href="#">' + 'x</a><a href="#">'.repeat(1_000) + '</a>',
      '<!--' + '<b>'.repeat(1_000) + '-->',
      '<p>' + '<i>deep</i>'.repeat(1_000) + '</p>',
    ])
      expect(capNesting(html)).toBe(html);
  });

  it('stands in for each "<" that starts no tag while sanitizing, and writes it back as &lt;', () => {
    const everything = { allowedTags: false as const, allowedAttributes: false as const };
    const sanitize = (html: string) => {
      const { markup, restore } = prepareMarkup(html);
      return restore(sanitizeHtml(markup, everything));
    };
    for (const html of [
      'a < b << c <3 <',
      '<p title="1 < 2">x << y</p><script>if (a < b) go()</script><style>p<b{}</style>',
      '<!-- < --> <textarea>< kept</textarea> </ bogus>',
      'text holding the stand-in \uE000 itself < and a stray',
      '<svg><text>1 < 2</text></svg>',
    ])
      expect(sanitize(html)).toBe(sanitizeHtml(html, everything));
  });

  it('changes nothing the sanitizer would see under the cap', () => {
    const everything = { allowedTags: false as const, allowedAttributes: false as const };
    for (const html of [
      'a < b and c <3 d </ e <!-- x --> <? y ?> <',
      '<p title="1 < 2">x << y</p><script>if (a < b) go()</script>',
      '<b>'.repeat(MAX_NESTING) + 'deep',
      '<ul>' + '<li><p>item <i>x'.repeat(80) + '</ul>', // 240 open: under the cap
    ])
      expect(sanitizeHtml(capNesting(html), everything)).toBe(sanitizeHtml(html, everything));
  });

  it('leaves out tags past the cap, keeping their content', () => {
    const html = '<b>'.repeat(MAX_NESTING) + '<b class="x">y<i>z';
    expect(capNesting(html)).toBe('<b>'.repeat(MAX_NESTING) + 'yz');
    // Inside SVG too, where self-closing tags are closed.
    const svg = '<svg>' + '<g>'.repeat(MAX_NESTING) + '<circle/>';
    expect(capNesting(svg)).toBe('<svg>' + '<g>'.repeat(MAX_NESTING - 1) + '<circle/>');
  });

  it('counts what the parser counts: closing tags, implied closes, self-closing outside SVG', () => {
    expect(capNesting('<b></b>'.repeat(5_000))).toBe('<b></b>'.repeat(5_000));
    // Outside SVG `<b/>` opens an element, as in the parser: past the cap it is text.
    expect(capNesting('<b/>'.repeat(MAX_NESTING + 1))).toBe('<b/>'.repeat(MAX_NESTING));
    expect(capNesting('<div><p>'.repeat(MAX_NESTING + 1)).length).toBeLessThan(
      '<div><p>'.length * MAX_NESTING,
    );
  });

  it.each([
    ['unclosed <b>', '<b>'],
    ['unclosed <pre><code>', '<pre><code>'],
    ['unclosed <div a="x">', '<div a="x">'],
    ['<svg><g> runs', '<svg><g>'],
    ['runs of <', '<'],
    ['unclosed quotes', '<b a="'],
    ['</ runs', '</b'],
  ])('caps %s at 500,000 characters in linear time, and the sanitizers after it', (_, unit) => {
    const html = unit.repeat(Math.ceil(500_000 / unit.length)).slice(0, 500_000);
    expect(time(() => capNesting(html))).toBeLessThan(1_000);
    expect(time(() => sanitizeArtifactHtml(html))).toBeLessThan(3_000);
    expect(time(() => sanitizeStaticMarkup(html))).toBeLessThan(3_000);
    expect(time(() => sanitizeArtifactSvg(html))).toBeLessThan(3_000);
  });
});
