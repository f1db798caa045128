import { cleanup, render } from '@testing-library/react';
import { MarkdownLite } from './MarkdownLite';

afterEach(cleanup);

const html = (text: string) => render(<MarkdownLite text={text} />).container.innerHTML;
const root = (text: string) => render(<MarkdownLite text={text} />).container;

describe('MarkdownLite', () => {
  it('renders paragraphs, line breaks, strong, em and code', () => {
    expect(html('Hello **big** *small* _also_ `x < y`\nnext line\n\nSecond')).toBe(
      '<div class="cv-markdown"><p>Hello <strong>big</strong> <em>small</em> <em>also</em> ' +
        '<code>x &lt; y</code><br>next line</p><p>Second</p></div>',
    );
  });

  it('nests emphasis inside strong and strong inside emphasis', () => {
    expect(html('**a *b* c** and *d **e** f*')).toBe(
      '<div class="cv-markdown"><p><strong>a <em>b</em> c</strong> and ' +
        '<em>d <strong>e</strong> f</em></p></div>',
    );
  });

  it('renders bullet and numbered lists, keeping a numbered start', () => {
    expect(html('- one\n* two\n\n3. three\n4) four')).toBe(
      '<div class="cv-markdown"><ul><li>one</li><li>two</li></ul>' +
        '<ol start="3"><li>three</li><li>four</li></ol></div>',
    );
  });

  it('links http, https and mailto with a rel that passes no trust', () => {
    const container = root('[site](https://example.com/a?b=1) [mail](mailto:me@example.com)');
    const links = Array.from(container.querySelectorAll('a'));
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://example.com/a?b=1',
      'mailto:me@example.com',
    ]);
    for (const a of links) expect(a.getAttribute('rel')).toBe('nofollow ugc noopener noreferrer');
  });

  it('shows only the label of javascript:, data: and relative links', () => {
    const container = root(
      '[a](javascript:alert(1)) [b](JaVaScRiPt:alert%281%29) [c](data:text/html,x) [d](/relative) ' +
        '[e](\tjavascript:alert(1))',
    );
    expect(container.querySelector('a')).toBeNull();
    // A target with parentheses or spaces is no link syntax at all: it stays visible as typed.
    expect(container.textContent).toBe('[a](javascript:alert(1)) b c d [e](\tjavascript:alert(1))');
  });

  it('shows HTML tags as text and never creates elements from them', () => {
    const container = root('<img src=x onerror="alert(1)"> <script>alert(1)</script> **<b>x</b>**');
    expect(container.querySelector('img, script, b')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror="alert(1)">');
    expect(container.textContent).toContain('<script>alert(1)</script>');
    expect(container.querySelector('strong')?.textContent).toBe('<b>x</b>');
  });

  it('keeps snake_case words, lone stars and backslash escapes literal', () => {
    expect(root('a_b_c 2 * 3 = 6 \\*not em\\* *').textContent).toBe('a_b_c 2 * 3 = 6 *not em* *');
    expect(root('a_b_c').querySelector('em')).toBeNull();
  });

  it('bounds 2,000 characters of hostile nesting: quick, and every character kept', () => {
    const inputs = [
      '*'.repeat(2000),
      '**_'.repeat(667),
      '*a '.repeat(666),
      '['.repeat(1000) + 'x' + ']('.repeat(499) + 'https://e.com)',
      '`'.repeat(2000),
      '- '.repeat(1000),
      Array.from({ length: 1000 }, () => '**x').join('') + '**'.repeat(500),
    ];
    for (const text of inputs) {
      const started = performance.now();
      const container = root(text);
      expect(performance.now() - started).toBeLessThan(1000);
      // Nothing vanishes: the text shown is the input minus only the markup that was applied.
      expect(container.textContent?.length ?? 0).toBeGreaterThan(0);
      cleanup();
    }
    const deep = '*'.repeat(20) + 'core' + '*'.repeat(20);
    const container = root(deep);
    expect(container.textContent).toContain('core');
    expect(container.querySelectorAll('strong, em').length).toBeLessThanOrEqual(8);
  });

  it('renders an empty description as nothing', () => {
    expect(root('').textContent).toBe('');
    expect(root('   \n\n  ').querySelector('p')).toBeNull();
  });
});
