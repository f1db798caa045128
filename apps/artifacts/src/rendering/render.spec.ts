import { marked } from 'marked';
import { sanitizeArtifactHtml } from './html-policy';
import { renderArtifact } from './render';
import { sanitizeArtifactSvg } from './svg-policy';

/**
 * What no artifact keeps: nested frames, plug-ins, <base>, <meta http-equiv> and script URLs.
 * HTML artifacts are programs (scripts, handlers and external sources stay; the renderer's
 * sandbox and CSP are the wall); static markup (Markdown, SVG) must have no script at all.
 */
const DANGER = [
  /<iframe/i,
  /<frame/i,
  /<object/i,
  /<embed/i,
  /<applet/i,
  /<base/i,
  /<meta[^>]*http-equiv/i,
  /<noscript/i,
  /javascript:/i,
  /vbscript:/i,
];
const STATIC_DANGER = [...DANGER, /<script/i, /<meta/i, /<[^>]*\son[a-z]+\s*=/i, /<img[^>]*onerror/i];
const expectHarmless = (html: string, patterns: readonly RegExp[] = DANGER) => {
  for (const pattern of patterns) expect(html).not.toMatch(pattern);
};

describe('HTML sanitizing: what the sandbox never needs is removed', () => {
  it.each([
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
    '<applet code="x"></applet>',
    '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">x</button></form>',
    '<meta http-equiv="refresh" content="0;url=https://evil/">',
    '<META HTTP-EQUIV="Set-Cookie" content="a=b">',
    '<base href="https://evil/">',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
    '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
    '<svg><a href="#x"><animate attributeName="href" to="javascript:alert(1)"/>x</a></svg>',
    '<svg><a href="#x"><set attributename="xlink:href" to="https://evil/"/>x</a></svg>',
    '<svg><animate attributeName="fill" values="red;javascript:alert(1)"/></svg>',
    '<video poster="javascript:alert(1)"></video>',
    `${'<div>'.repeat(5000)}<iframe src=x></iframe>`,
  ])('neutralises %s', (input) => {
    const out = sanitizeArtifactHtml(input);
    expectHarmless(out);
    expect(out).not.toMatch(/evil/);
  });

  it('keeps what real artifacts need: handlers, inline SVG with SMIL, stylesheets, valueless attributes', () => {
    const out = sanitizeArtifactHtml(
      '<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
        '<link rel="stylesheet" href="https://cdnjs.cloudflare.com/ajax/libs/KaTeX/0.16.9/katex.min.css" integrity="sha384-x" crossorigin="anonymous">' +
        '<script src="https://cdn.jsdelivr.net/npm/chart.js" integrity="sha384-y"></script>' +
        '<style>@import url("https://fonts.googleapis.com/css2?family=Inter&display=swap"); body{font-family:Inter}</style></head>' +
        '<body><button onclick="add()" type="button">Add</button><select onchange="pick(this.value)"><option value="a">a</option></select>' +
        '<div id="panel" hidden>secret tab</div><a href="data:text/csv,a,b" download>CSV</a><input type="file" accept=".csv,.json">' +
        '<svg viewBox="0 0 24 24" width="24"><defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/></linearGradient></defs>' +
        '<circle cx="12" cy="12" r="5" fill="url(#g)"><animate attributeName="r" values="5;8;5" dur="1s" repeatCount="indefinite"/></circle>' +
        '<use href="#g"/></svg><math><mi>x</mi><mo>=</mo><mn>1</mn></math><template id="row"><li>row</li></template>' +
        '<img src="https://images.example/photo.jpg" onerror="this.remove()" alt="p"></body></html>',
    );
    for (const kept of [
      '<meta charset="utf-8" />',
      '<meta name="viewport" content="width=device-width" />',
      '<link rel="stylesheet" href="https://cdnjs.cloudflare.com/ajax/libs/KaTeX/0.16.9/katex.min.css" crossorigin="anonymous" />',
      '<script src="https://cdn.jsdelivr.net/npm/chart.js"></script>',
      '@import url("https://fonts.googleapis.com/css2?family=Inter&display=swap")',
      '<button onclick="add()" type="button">Add</button>',
      '<select onchange="pick(this.value)">',
      '<div id="panel" hidden>secret tab</div>',
      '<a href="data:text/csv,a,b" download>CSV</a>',
      'accept=".csv,.json"',
      '<svg viewbox="0 0 24 24" width="24">',
      'fill="url(#g)"',
      '<animate attributename="r" values="5;8;5" dur="1s" repeatcount="indefinite"></animate>',
      '<math><mi>x</mi>',
      '<template id="row"><li>row</li></template>',
      'onerror="this.remove()"',
    ])
      expect(out).toContain(kept);
    expect(out).not.toContain('integrity');
  });

  it('keeps CSS as written: data URLs with inline SVG, url(), @import, custom properties, "<" in strings', () => {
    const css =
      `@import url(https://fonts.googleapis.com/css2?family=Inter:wght@400;700&display=swap);` +
      `:root{--accent:#6d28d9;--noise:url("data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' width='8' height='8'><circle cx='4' cy='4' r='3' fill='%236d28d9'/></svg>")}` +
      `.card{background:var(--noise),url(bg.png) center/cover;border-color:var(--accent)}` +
      `.tag::before{content:"<"}.tag::after{content:"/>"}.a>.b{color:red}`;
    const attr = `background:url('data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"></svg>');--c:red;color:var(--c)`;
    const out = sanitizeArtifactHtml(
      `<html><head><style>${css}</style></head><body><div class="card" style="${attr.replace(/"/g, '&quot;')}">x</div></body></html>`,
    );
    expect(out).toContain(`<style>${css}</style>`);
    // Attribute values are re-quoted with entities, which the browser reads back as the same text.
    const quoted = /<div class="card" style="([^"]*)">/.exec(out)?.[1] ?? '';
    const entities: Record<string, string> = { quot: '"', lt: '<', gt: '>', amp: '&', '#39': "'" };
    expect(quoted.replace(/&(quot|lt|gt|amp|#39);/g, (_, e: string) => entities[e] ?? '')).toBe(attr);
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
    [
      'animate rewriting href',
      wrap('<a href="#x"><animate attributeName="href" to="javascript:alert(1)"/>x</a>'),
      /animate|javascript/i,
    ],
    [
      'set retargeting xlink:href',
      wrap('<a href="#x"><set attributeName="xlink:href" to="#y"/>x</a>'),
      /<set/i,
    ],
    [
      'animation writing a script URL',
      wrap('<animate attributeName="fill" values="red;javascript:alert(1)"/>'),
      /animate|javascript/i,
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
    expectHarmless(
      out,
      STATIC_DANGER.filter((p) => !String(p).includes('on[a-z]')),
    );
  });

  it('keeps SMIL animation and inline handlers (they run only in the renderer sandbox)', () => {
    const out = sanitizeArtifactSvg(
      wrap(
        '<path id="p" d="M0 0L9 9"/><circle r="2" onclick="this.setAttribute(\'r\', 4)"><animate attributeName="r" values="1;2;1" dur="1s" repeatCount="indefinite"/><animateTransform attributeName="transform" type="rotate" from="0 5 5" to="360 5 5" dur="2s"/></circle><circle r="1"><animateMotion dur="3s"><mpath href="#p"/></animateMotion></circle><rect><set attributeName="fill" to="red" begin="1s"/></rect>',
      ),
    );
    for (const kept of [
      `onclick="this.setAttribute('r', 4)"`,
      '<animate attributeName="r" values="1;2;1" dur="1s" repeatCount="indefinite"></animate>',
      '<animateTransform attributeName="transform" type="rotate" from="0 5 5" to="360 5 5" dur="2s"></animateTransform>',
      '<animateMotion dur="3s"><mpath href="#p"></mpath></animateMotion>',
      '<set attributeName="fill" to="red" begin="1s"></set>',
    ])
      expect(out).toContain(kept);
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
  it('keep inline scripts and script sources (the renderer decides what loads)', () => {
    const out = sanitizeArtifactHtml(
      '<button id="b">0</button><script>let n = 0; b.addEventListener("click", () => (b.textContent = ++n && n < 2 ? n : n));</script><script src="https://unpkg.com/react@18/umd/react.production.min.js"></script>',
    );
    expect(out).toContain('<script>let n = 0; b.addEventListener("click"');
    expect(out).toContain('<script src="https://unpkg.com/react@18/umd/react.production.min.js"></script>');
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
  // The patterns themselves are specified with reactSecurityWarning in libs/contracts.
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
