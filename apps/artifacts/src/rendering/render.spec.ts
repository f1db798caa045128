import { marked } from 'marked';
import { sanitizeArtifactHtml } from './html-policy';
import { checkReactSource } from './react-check';
import { renderArtifact } from './render';
import { sanitizeArtifactSvg } from './svg-policy';

/**
 * Anything that could load a frame, an external script or run a handler in HTML output. Inline
 * <script> is allowed in HTML artifacts (interactive pages, run only in the sandboxed renderer
 * origin); static markup (Markdown) must have none — see STATIC_DANGER.
 */
const DANGER = [
  /<script[^>]*\ssrc\s*=/i,
  /<iframe/i,
  /<frame/i,
  /<object/i,
  /<embed/i,
  /<base/i,
  /<meta/i,
  /<[^>]*\son[a-z]+\s*=/i,
  /<img[^>]*onerror/i,
  /javascript:/i,
  /vbscript:/i,
];
const STATIC_DANGER = [...DANGER, /<script/i];
const expectHarmless = (html: string, patterns: readonly RegExp[] = DANGER) => {
  for (const pattern of patterns) expect(html).not.toMatch(pattern);
};

describe('HTML sanitizing: hostile corpus', () => {
  it.each([
    '<script>alert(1)</script>',
    '<SCRIPT SRC=//evil/x.js></SCRIPT>',
    '<img src=x onerror=alert(1)>',
    '<img src="javascript:alert(1)">',
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JaVaScRiPt:alert(1)">x</a>',
    '<a href="&#106;avascript:alert(1)">x</a>',
    '<a href=" javascript:alert(1)">x</a>',
    '<a href="java\tscript:alert(1)">x</a>',
    '<a href="vbscript:msgbox(1)">x</a>',
    '<iframe src="https://evil"></iframe>',
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    '<frameset><frame src="x"></frameset>',
    '<object data="x.swf"></object>',
    '<embed src="x.swf">',
    '<svg onload=alert(1)>',
    '<body onload="alert(1)">',
    '<div onclick="alert(1)" onmouseover="x()">x</div>',
    '<input autofocus onfocus=alert(1)>',
    '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">x</button></form>',
    '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    '<base href="https://evil/">',
    '<link rel="stylesheet" href="https://evil/x.css">',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
    '<template><script>alert(1)</script></template>',
    '<xmp><script>alert(1)</script></xmp>',
    '"><script>alert(1)</script>',
    '<div style="width: expression(alert(1))" onclick=1>x</div>',
    '<img src="data:text/html,<script>alert(1)</script>">',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    `${'<div>'.repeat(5000)}<img src=x onerror=alert(1)>`,
  ])('neutralises %s', (input) => {
    expectHarmless(sanitizeArtifactHtml(input));
  });

  it('keeps ordinary markup with style and class', () => {
    const html =
      '<html><head><title>T</title><style>.a{color:red}</style></head><body><h1 class="a" style="color: blue">Hi</h1><table><tr><td colspan="2">c</td></tr></table><a href="https://x.test/p">l</a><img src="data:image/png;base64,AAAA" alt="i"><button type="button">b</button></body></html>';
    const out = sanitizeArtifactHtml(html);
    for (const kept of [
      '<style>.a{color:red}</style>',
      '<h1 class="a" style="color: blue">Hi</h1>',
      '<td colspan="2">c</td>',
      '<a href="https://x.test/p">l</a>',
      '<img src="data:image/png;base64,AAAA" alt="i" />',
      '<button type="button">b</button>',
    ])
      expect(out).toContain(kept);
  });
});

describe('SVG sanitizing: hostile corpus', () => {
  const wrap = (inner: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${inner}</svg>`;

  it.each([
    ['script', wrap('<script>alert(1)</script>'), /alert/],
    ['Script in another case', wrap('<Script>alert(1)</Script>'), /<script/i],
    ['onload on the root', '<svg onload="alert(1)"><rect/></svg>', /onload/i],
    ['event handler', wrap('<rect onclick="alert(1)" onmouseover="x()"/>'), /on[a-z]+=/i],
    [
      'animate rewriting href',
      wrap('<a href="#x"><animate attributeName="href" to="javascript:alert(1)"/>x</a>'),
      /animate|javascript/i,
    ],
    ['set', wrap('<set attributeName="onmouseover" to="alert(1)"/>'), /<set|alert/i],
    ['animateMotion', wrap('<animateMotion dur="1s" path="M0 0"/>'), /animateMotion/i],
    [
      'animateTransform',
      wrap('<animateTransform attributeName="transform" type="rotate"/>'),
      /animateTransform/i,
    ],
    [
      'foreignObject with HTML',
      wrap('<foreignObject><div><img src=x onerror=alert(1)>html</div></foreignObject>'),
      /foreignObject|html|img/i,
    ],
    ['javascript: href', wrap('<a href="javascript:alert(1)"><text>x</text></a>'), /javascript/i],
    ['javascript: xlink:href', wrap('<a xlink:href="javascript:alert(1)"><text>x</text></a>'), /javascript/i],
    ['data: href', wrap('<image href="data:image/svg+xml;base64,PHN2Zz4="/>'), /data:/i],
    ['external use', wrap('<use href="https://evil.test/sprite.svg#icon"/>'), /evil/],
    ['external xlink use', wrap('<use xlink:href="//evil.test/s.svg#i"/>'), /evil/],
    ['external image', wrap('<image href="https://evil.test/track.png"/>'), /evil/],
    [
      'css import',
      wrap('<style>@import url(https://evil.test/x.css); rect{fill:red}</style>'),
      /@import|evil/,
    ],
    ['css external url', wrap('<rect style="fill: url(https://evil.test/p.svg#g)"/>'), /evil/],
    ['external paint server', wrap('<rect fill="url(https://evil.test/p.svg#g)"/>'), /evil/],
    ['iframe', wrap('<iframe src="https://evil"></iframe>'), /iframe|evil/],
  ])('removes %s', (_name, input, forbidden) => {
    const out = sanitizeArtifactSvg(input);
    expect(out).not.toMatch(forbidden);
    expectHarmless(out, STATIC_DANGER);
  });

  it('keeps drawing markup, case-sensitive names and #fragment references', () => {
    const svg = wrap(
      '<defs><linearGradient id="g" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#fff"/></linearGradient><symbol id="s"><circle r="2"/></symbol></defs><rect width="10" height="10" fill="url(#g)" class="bg" style="stroke: black"/><use href="#s" x="1"/><use xlink:href="#s"/><text x="1" y="2">Hi</text>',
    );
    const out = sanitizeArtifactSvg(svg);
    for (const kept of [
      'viewBox="0 0 10 10"',
      '<linearGradient id="g" gradientUnits="userSpaceOnUse">',
      'fill="url(#g)"',
      '<use href="#s" x="1"',
      'xlink:href="#s"',
      '<text x="1" y="2">Hi</text>',
      'style="stroke: black"',
    ])
      expect(out).toContain(kept);
  });
});

describe('HTML artifacts stay interactive', () => {
  it('keep inline scripts but never an external script source', () => {
    const out = sanitizeArtifactHtml(
      '<button id="b">0</button><script>let n = 0; b.addEventListener("click", () => (b.textContent = ++n && n < 2 ? n : n));</script><script src="https://evil/x.js"></script>',
    );
    expect(out).toContain('<script>let n = 0; b.addEventListener("click"');
    expect(out).not.toContain('evil');
  });
});

describe('Markdown', () => {
  it('is parsed, then sanitized', () => {
    const r = renderArtifact(
      'MARKDOWN',
      '# Title\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)>\n\n```js\nconst a = 1;\n```',
    );
    expect(r.rendered).toContain('<h1>Title</h1>');
    expect(r.rendered).toContain('<code class="language-js">');
    expectHarmless(r.rendered ?? '', STATIC_DANGER);
    expect(r.renderError).toBeNull();
  });

  it('reports a parser failure with the spec message', () => {
    const spy = jest.spyOn(marked, 'parse').mockImplementation(() => {
      throw new Error('boom');
    });
    try {
      expect(renderArtifact('MARKDOWN', '# x')).toEqual({
        rendered: null,
        renderError: 'Error parsing markdown: boom',
        securityWarning: null,
      });
    } finally {
      spy.mockRestore();
    }
  });
});

describe('React source check', () => {
  it.each([
    ['<script>alert(1)</script>', 'script tag'],
    ["const el = '< script src=x>'", 'script tag'],
    ['eval("1+1")', 'eval'],
    ['const f = new Function("return 1")', 'new Function'],
    ['const c = document.cookie;', 'cookies'],
    ["const c = document['cookie'];", 'cookies'],
  ])('flags %s', (source, word) => {
    expect(checkReactSource(source)).toContain(word);
  });

  it.each([
    'export default function App() { const [n] = React.useState(0); return <p>{n}</p>; }',
    'const evaluate = (x) => x; evaluate(1); // evaluation',
    'const cookieConsent = true; Function.prototype.call;',
  ])('lets ordinary components through: %s', (source) => {
    expect(checkReactSource(source)).toBeNull();
  });

  it('stores the flag with the React render result and keeps no rendered markup', () => {
    expect(renderArtifact('REACT', 'eval(x)')).toEqual({
      rendered: null,
      renderError: null,
      securityWarning: 'The component calls eval().',
    });
  });
});

describe('source types', () => {
  it.each(['TYPESCRIPT', 'UNKNOWN'] as const)('%s is kept as source only', (type) => {
    expect(renderArtifact(type, '<script>x</script>')).toEqual({
      rendered: null,
      renderError: null,
      securityWarning: null,
    });
  });
});
