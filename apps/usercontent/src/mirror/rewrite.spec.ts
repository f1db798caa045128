import { blockedLine, friendlyBlockedNote } from './note';
import { rewriteCssImports, rewriteHtmlForMirror } from './rewrite';

const importMapOf = (html: string) =>
  JSON.parse(/<script type="importmap">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null') as {
    imports: Record<string, string>;
  } | null;

describe('rewriteHtmlForMirror', () => {
  it('rewrites script and stylesheet tags, drops SRI, keeps the original URL for the note', () => {
    const { html, blocked, mirrored } = rewriteHtmlForMirror(`<!DOCTYPE html><html><head>
<link rel="stylesheet" href="https://cdnjs.cloudflare.com/ajax/libs/font-awesome/6.4.0/css/all.min.css" integrity="sha512-abc" crossorigin="anonymous" referrerpolicy="no-referrer" />
<link rel="preconnect" href="https://fonts.gstatic.com">
<script src="https://cdn.jsdelivr.net/npm/chart.js"></script>
<script src='https://unpkg.com/react@18/umd/react.production.min.js' integrity='sha384-x'></script>
</head><body><a href="https://cdn.jsdelivr.net/npm/chart.js">docs</a></body></html>`);
    expect(html).toContain(
      '<link rel="stylesheet" href="/mirror/@fortawesome/fontawesome-free@6.7.2/css/all.min.css" crossorigin="anonymous" referrerpolicy="no-referrer" data-cv-src="https://cdnjs.cloudflare.com/ajax/libs/font-awesome/6.4.0/css/all.min.css">',
    );
    expect(html).toContain(
      '<script src="/mirror/chart.js@4.6.1/dist/chart.umd.min.js" data-cv-src="https://cdn.jsdelivr.net/npm/chart.js"></script>',
    );
    expect(html).toContain('src="/mirror/react@18.3.1/umd/react.production.min.js"');
    expect(html).not.toContain('integrity');
    expect(html).toContain('<link rel="preconnect" href="https://fonts.gstatic.com">');
    expect(html).toContain('<a href="https://cdn.jsdelivr.net/npm/chart.js">docs</a>'); // links stay links
    expect(blocked).toEqual([]);
    expect(mirrored).toBe(3);
  });

  it('reports unknown remote scripts and stylesheets, leaves them for the CSP to block', () => {
    const page = `<script src="https://cdn.example.com/widget.js"></script>
<link rel="stylesheet" href="https://cdn.example.com/theme.css?v=2">
<link rel="icon" href="https://example.com/favicon.ico">
<!-- <script src="https://commented.example/out.js"></script> -->
<script src="local.js"></script>`;
    const { html, blocked } = rewriteHtmlForMirror(page);
    expect(html).toBe(page);
    expect(blocked).toEqual([
      { url: 'https://cdn.example.com/widget.js', host: 'cdn.example.com' },
      { url: 'https://cdn.example.com/theme.css?v=2', host: 'cdn.example.com' },
    ]);
  });

  it('Google Fonts: <link> and @import in <style>, &amp; decoded', () => {
    const { html } =
      rewriteHtmlForMirror(`<link href="https://fonts.googleapis.com/css2?family=Inter:wght@400;700&amp;family=Roboto&amp;display=swap" rel="stylesheet">
<style>@import url('https://fonts.googleapis.com/css2?family=Poppins:wght@300;600&display=swap'); body{font-family:Poppins}</style>`);
    expect(html).toContain(
      'href="/mirror/google-fonts/css2?family=Inter:wght@400;700&amp;family=Roboto&amp;display=swap"',
    );
    expect(html).toContain(
      '@import url("/mirror/google-fonts/css2?family=Poppins:wght@300;600&display=swap"); body{font-family:Poppins}',
    );
  });

  it("rewrites the artifact's import map and adds three's bare name for its add-ons", () => {
    const { html, blocked } = rewriteHtmlForMirror(`<script type="importmap">
{ "imports": { "three": "https://unpkg.com/three@0.160.0/build/three.module.js",
  "three/addons/": "https://unpkg.com/three@0.160.0/examples/jsm/" } }
</script>
<script type="module">
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
</script>`);
    expect(importMapOf(html)?.imports).toEqual({
      three: '/mirror/three@0.160.1/build/three.module.js',
      'three/addons/': '/mirror/three@0.160.1/examples/jsm/',
    });
    expect(blocked).toEqual([]);
  });

  it('module URL imports become mirror URLs, with an import map for what the add-ons import', () => {
    const { html, blocked } = rewriteHtmlForMirror(`<div id="c"></div>
<script type="module">
import * as THREE from "https://cdn.jsdelivr.net/npm/three@0.160.0/build/three.module.js";
import { OrbitControls } from "https://cdn.jsdelivr.net/npm/three@0.160.0/examples/jsm/controls/OrbitControls.js";
import confetti from 'https://esm.sh/canvas-confetti@1';
const { createRoot } = await import('https://esm.sh/react-dom@18/client');
</script>`);
    expect(html).toContain('from "/mirror/three@0.160.1/build/three.module.js"');
    expect(html).toContain('from "/mirror/three@0.160.1/examples/jsm/controls/OrbitControls.js"');
    expect(html).toContain("import('/mirror/react-dom@18.3.1/+esm/client.js')");
    // Not pinned: the npm cache's ES module build, fetched on first use.
    expect(html).toContain("from '/mirror/canvas-confetti@1/+esm'");
    expect(blocked).toEqual([]);
    // The import map comes before the module script and maps three to the same version.
    expect(html.indexOf('type="importmap"')).toBeLessThan(html.indexOf('type="module"'));
    expect(importMapOf(html)?.imports.three).toBe('/mirror/three@0.160.1/build/three.module.js');
  });

  it('bare imports without any import map get one (newest module build)', () => {
    const { html } = rewriteHtmlForMirror(
      `<script type="module">import * as THREE from 'three'; import { marked } from 'marked'; import x from 'not-mirrored';</script>`,
    );
    const map = importMapOf(html);
    expect(map?.imports.three).toBe('/mirror/three@0.187.0/build/three.module.js');
    expect(map?.imports.marked).toBe('/mirror/marked@15.0.12/lib/marked.esm.js');
    expect(map?.imports['not-mirrored']).toBeUndefined();
  });

  it('any npm package on the CDNs maps to the npm cache; other hosts and non-npm paths are named', () => {
    const { html, blocked, mirrored } = rewriteHtmlForMirror(`<head>
<script src="https://cdnjs.cloudflare.com/ajax/libs/simplex-noise/2.4.0/simplex-noise.min.js" integrity="sha512-x" crossorigin="anonymous"></script>
<script defer src="https://cdn.jsdelivr.net/npm/alpinejs@3.x.x/dist/cdn.min.js"></script>
<script src="https://cdn.jsdelivr.net/npm/phaser@3.55.2/dist/phaser.min.js"></script>
<link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/bootstrap-icons@1.11.3/font/bootstrap-icons.min.css">
<script src="https://cdn.jsdelivr.net/gh/someone/lib@1/lib.js"></script>
<script src="https://widgets.example.com/w.js"></script>
<script type="importmap">{"imports":{"confetti":"https://esm.sh/canvas-confetti@1.9.3","lit/":"https://cdn.jsdelivr.net/npm/lit@3/"}}</script>
</head>`);
    expect(html).toContain(
      '<script src="/mirror/simplex-noise@2.4.0/+cdnjs/simplex-noise.min.js" crossorigin="anonymous" data-cv-src="https://cdnjs.cloudflare.com/ajax/libs/simplex-noise/2.4.0/simplex-noise.min.js"></script>',
    );
    expect(html).toContain('<script defer src="/mirror/@alpinejs/csp@3/dist/cdn.min.js"');
    expect(html).toContain('src="/mirror/phaser@3.55.2/dist/phaser.min.js"');
    expect(html).toContain('href="/mirror/bootstrap-icons@1.11.3/font/bootstrap-icons.min.css"');
    expect(importMapOf(html)?.imports).toEqual({
      confetti: '/mirror/canvas-confetti@1.9.3/+esm',
      'lit/': '/mirror/lit@3/',
    });
    expect(blocked.map((b) => b.host)).toEqual(['cdn.jsdelivr.net', 'widgets.example.com']);
    expect(mirrored).toBe(5); // import map prefixes are not counted
  });

  it("@import in <style>: CDN stylesheets and Google Fonts (unquoted, with ';' inside url()), the rest of the CSS untouched", () => {
    const css = `@import url(https://fonts.googleapis.com/css2?family=Inter:wght@400;700&display=swap);
@import "https://cdn.jsdelivr.net/npm/bootstrap-icons@1.11.3/font/bootstrap-icons.min.css";
@import url('https://unpkg.com/leaflet@1.9.4/dist/leaflet.css') screen;
@import url(theme.css);
@import url(https://other.example/x.css);
:root{--noise:url("data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg'/>");--c:#123}
body{background:url(https://images.example/bg.png);content:"<"}`;
    const { html, blocked } = rewriteHtmlForMirror(`<style>${css}</style>`);
    expect(html).toBe(`<style>@import url("/mirror/google-fonts/css2?family=Inter:wght@400;700&display=swap");
@import url("/mirror/bootstrap-icons@1.11.3/font/bootstrap-icons.min.css");
@import url("/mirror/leaflet@1.9.4/dist/leaflet.css") screen;
@import url(theme.css);
@import url(https://other.example/x.css);
:root{--noise:url("data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg'/>");--c:#123}
body{background:url(https://images.example/bg.png);content:"<"}</style>`);
    expect(blocked).toEqual([{ url: 'https://other.example/x.css', host: 'other.example' }]);
  });

  it('rewriteCssImports (mirrored stylesheets) in linear time on hostile text', () => {
    const reported: string[] = [];
    expect(
      rewriteCssImports(
        '@import "https://fonts.googleapis.com/css?family=Lato";@import "https://x.example/a.css";a{}',
        (u) => reported.push(u),
      ),
    ).toBe('@import url("/mirror/google-fonts/css?family=Lato");@import "https://x.example/a.css";a{}');
    expect(reported).toEqual(['https://x.example/a.css']);
    for (const unit of ['@import url(', '@import "', "@import '", '@import url("x'])
      expect(
        (() => {
          const t = performance.now();
          rewriteCssImports(unit.repeat(Math.floor(500_000 / unit.length)));
          return performance.now() - t;
        })(),
      ).toBeLessThan(1_000);
  });

  it('script loaders in inline code use the mirror too', () => {
    const { html } = rewriteHtmlForMirror(
      `<script>const s = document.createElement('script'); s.src = 'https://cdnjs.cloudflare.com/ajax/libs/Chart.js/3.9.1/chart.min.js'; fetch("https://api.example.com/x");</script>`,
    );
    expect(html).toContain("s.src = '/mirror/chart.js@3.9.1/dist/chart.min.js'");
    expect(html).toContain('fetch("https://api.example.com/x")');
  });

  it('Tailwind Play CDN: v4 browser build plus the tailwind.config shim', () => {
    const { html } = rewriteHtmlForMirror(
      `<script src="https://cdn.tailwindcss.com?plugins=forms,typography"></script><script>tailwind.config = { theme: { extend: { colors: { brand: '#123456' } } } }</script>`,
    );
    expect(html).toContain('src="/mirror/@tailwindcss/browser@4.3.4/dist/index.global.js"');
    expect(html).toMatch(/<\/script><script>\(function|<\/script><script>\(/);
    expect(html).toContain('tailwind.config = {');
  });

  it('leaves non-JavaScript script blocks alone', () => {
    const page = `<script type="application/json">{"u":"https://cdn.jsdelivr.net/npm/chart.js"}</script><script type="text/x-template"><img src="https://unpkg.com/lodash"></script>`;
    expect(rewriteHtmlForMirror(page).html).toBe(page);
  });
});

describe('friendlyBlockedNote', () => {
  it('says which file from which host, escaped, a few lines at most', () => {
    expect(blockedLine('https://cdn.example.com/lib/widget.min.js?x=1', 'cdn.example.com')).toBe(
      'This artifact loads widget.min.js from cdn.example.com, which the vault does not serve.',
    );
    const many = Array.from({ length: 6 }, (_, i) => ({
      url: `https://h${i}.example/<x${i}>.js`,
      host: `h${i}.example`,
    }));
    const note = friendlyBlockedNote(many);
    expect(note).toContain(
      'This artifact loads &lt;x0&gt;.js from h0.example, which the vault does not serve.',
    );
    expect(note).not.toContain('<x0>');
    expect(note).not.toContain('h5.example, which');
    expect(note).toContain('and 2 more.');
    expect(note).toContain('aria-label="Dismiss"');
  });
});
