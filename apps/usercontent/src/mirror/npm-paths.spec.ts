import { cdnjsPackage } from './cdnjs-names';
import { npmMirrorUrl, parseMirrorPath, safePackagePath, servedType, validVersionSpec } from './npm-paths';
import { type LoadKind, resolveCdnUrl } from './resolve';

const url = (u: string, kind: LoadKind = 'script') => resolveCdnUrl(u, kind)?.url ?? null;

describe('CDN URL → the npm cache (packages the pinned set does not have)', () => {
  it.each([
    // cdnjs: the library's npm name, its file found in the package's layout by the server.
    [
      'https://cdnjs.cloudflare.com/ajax/libs/simplex-noise/2.4.0/simplex-noise.min.js',
      'script',
      '/mirror/simplex-noise@2.4.0/+cdnjs/simplex-noise.min.js',
    ],
    [
      'https://cdnjs.cloudflare.com/ajax/libs/vue/3.3.4/vue.global.prod.js',
      'script',
      '/mirror/vue@3.3.4/+cdnjs/vue.global.prod.js',
    ],
    [
      'https://cdnjs.cloudflare.com/ajax/libs/bootstrap-icons/1.11.3/font/bootstrap-icons.min.css',
      'style',
      '/mirror/bootstrap-icons@1.11.3/+cdnjs/font/bootstrap-icons.min.css',
    ],
    // cdnjs names that npm spells otherwise (the table), and one that changed package at a major.
    [
      'https://cdnjs.cloudflare.com/ajax/libs/FileSaver.js/2.0.5/FileSaver.min.js',
      'script',
      '/mirror/file-saver@2.0.5/+cdnjs/FileSaver.min.js',
    ],
    [
      'https://cdnjs.cloudflare.com/ajax/libs/tween.js/18.6.4/tween.umd.js',
      'script',
      '/mirror/@tweenjs/tween.js@18.6.4/+cdnjs/tween.umd.js',
    ],
    [
      'https://cdnjs.cloudflare.com/ajax/libs/highlight.js/11.9.0/styles/github-dark.min.css',
      'style',
      '/mirror/@highlightjs/cdn-assets@11.9.0/+cdnjs/styles/github-dark.min.css',
    ],
    [
      'https://cdnjs.cloudflare.com/ajax/libs/popper.js/1.16.1/umd/popper.min.js',
      'script',
      '/mirror/popper.js@1.16.1/+cdnjs/umd/popper.min.js',
    ],
    [
      'https://cdnjs.cloudflare.com/ajax/libs/popper.js/2.11.8/umd/popper.min.js',
      'script',
      '/mirror/@popperjs/core@2.11.8/+cdnjs/umd/popper.min.js',
    ],
    [
      'https://cdnjs.cloudflare.com/ajax/libs/Sortable/1.15.0/Sortable.min.js',
      'script',
      '/mirror/sortablejs@1.15.0/+cdnjs/Sortable.min.js',
    ],
    // jsDelivr: files, exact versions and ranges kept as written, the entry, /+esm.
    [
      'https://cdn.jsdelivr.net/npm/phaser@3.55.2/dist/phaser.min.js',
      'script',
      '/mirror/phaser@3.55.2/dist/phaser.min.js',
    ],
    // Alpine 3: its CSP build (the standard one evaluates expressions with new Function).
    [
      'https://cdn.jsdelivr.net/npm/alpinejs@3.x.x/dist/cdn.min.js',
      'script',
      '/mirror/@alpinejs/csp@3/dist/cdn.min.js',
    ],
    ['https://unpkg.com/alpinejs', 'script', '/mirror/@alpinejs/csp@3/dist/cdn.min.js'],
    ['https://unpkg.com/alpinejs@3.13.3', 'script', '/mirror/@alpinejs/csp@3/dist/cdn.min.js'],
    ['https://esm.sh/alpinejs@3.14.1', 'module', '/mirror/@alpinejs/csp@3/+esm'],
    [
      'https://unpkg.com/alpinejs@2.8.2/dist/alpine.min.js',
      'script',
      '/mirror/alpinejs@2.8.2/dist/alpine.min.js',
    ],
    [
      'https://cdn.jsdelivr.net/npm/bootstrap-icons@1.11.3/font/bootstrap-icons.min.css',
      'style',
      '/mirror/bootstrap-icons@1.11.3/font/bootstrap-icons.min.css',
    ],
    ['https://cdn.jsdelivr.net/npm/htmx.org@2', 'script', '/mirror/htmx.org@2/'],
    ['https://cdn.jsdelivr.net/npm/htmx.org', 'script', '/mirror/htmx.org@latest/'],
    ['https://cdn.jsdelivr.net/npm/bulma@0.9.4', 'style', '/mirror/bulma@0.9.4/'],
    [
      'https://cdn.jsdelivr.net/npm/canvas-confetti@1.9.3/+esm',
      'module',
      '/mirror/canvas-confetti@1.9.3/+esm',
    ],
    ['https://cdn.jsdelivr.net/npm/canvas-confetti@1/+esm', 'script', '/mirror/canvas-confetti@1/+esm'],
    [
      'https://cdn.jsdelivr.net/npm/@tsparticles/confetti@3.0.3/tsparticles.confetti.bundle.min.js',
      'script',
      '/mirror/@tsparticles/confetti@3.0.3/tsparticles.confetti.bundle.min.js',
    ],
    ['https://fastly.jsdelivr.net/npm/zustand@4/vanilla/+esm', 'module', '/mirror/zustand@4/vanilla/+esm'],
    ['https://cdn.jsdelivr.net/npm/htmx.org@^1.9', 'script', '/mirror/htmx.org@%5E1.9/'],
    ['https://cdn.jsdelivr.net/npm/zod@%5E3.22/+esm', 'module', '/mirror/zod@%5E3.22/+esm'],
    // unpkg: files, the entry, ?module, scoped packages, dist-tags.
    ['https://unpkg.com/htmx.org@1.9.10', 'script', '/mirror/htmx.org@1.9.10/'],
    [
      'https://unpkg.com/htmx.org@1.9.10/dist/htmx.min.js',
      'script',
      '/mirror/htmx.org@1.9.10/dist/htmx.min.js',
    ],
    ['https://unpkg.com/preact@10.19.3?module', 'module', '/mirror/preact@10.19.3/+esm'],
    [
      'https://unpkg.com/preact@10/hooks/dist/hooks.module.js?module',
      'module',
      '/mirror/preact@10/hooks/dist/hooks.module.js/+esm',
    ],
    ['https://unpkg.com/@popperjs/core@2', 'script', '/mirror/@popperjs/core@2/'],
    [
      'https://unpkg.com/swiper@next/swiper-bundle.min.css',
      'style',
      '/mirror/swiper@next/swiper-bundle.min.css',
    ],
    ['https://unpkg.com/tone@next/build/Tone.js', 'script', '/mirror/tone@15.5.44/build/Tone.js'],
    // esm.sh, Skypack, esm.run, jspm: always ES modules; esm.sh's build marks dropped.
    ['https://esm.sh/canvas-confetti@1.6.0', 'module', '/mirror/canvas-confetti@1.6.0/+esm'],
    ['https://esm.sh/v135/zustand@4.5.2/vanilla', 'module', '/mirror/zustand@4.5.2/vanilla/+esm'],
    [
      'https://esm.sh/stable/preact@10.19.3/hooks?target=es2022',
      'module',
      '/mirror/preact@10.19.3/hooks/+esm',
    ],
    ['https://esm.sh/*@preact/signals@1.2.2', 'module', '/mirror/@preact/signals@1.2.2/+esm'],
    ['https://esm.sh/d3-array@3.2.4/src/max.js', 'module', '/mirror/d3-array@3.2.4/src/max.js/+esm'],
    ['https://cdn.skypack.dev/canvas-confetti@1.6.0', 'script', '/mirror/canvas-confetti@1.6.0/+esm'],
    ['https://esm.run/canvas-confetti@1', 'module', '/mirror/canvas-confetti@1/+esm'],
    ['https://jspm.dev/nanoid@5', 'module', '/mirror/nanoid@5/+esm'],
    [
      'https://ga.jspm.io/npm:nanoid@5.0.4/index.browser.js',
      'module',
      '/mirror/nanoid@5.0.4/index.browser.js/+esm',
    ],
    // code.jquery.com's jQuery UI: the jquery-ui package, files found by name.
    [
      'https://code.jquery.com/ui/1.13.2/jquery-ui.min.js',
      'script',
      '/mirror/jquery-ui@1.13.2/+cdnjs/jquery-ui.min.js',
    ],
    [
      'https://code.jquery.com/ui/1.13.2/themes/base/jquery-ui.css',
      'style',
      '/mirror/jquery-ui@1.13.2/+cdnjs/themes/base/jquery-ui.css',
    ],
  ] as Array<[string, LoadKind, string]>)('%s (%s)', (from, kind, to) => {
    expect(url(from, kind)).toBe(to);
    // What the rewrite makes, the server parses back to the same package, range and path.
    const target = parseMirrorPath(to);
    expect(target).not.toBeNull();
    expect(npmMirrorUrl(target!)).toBe(to);
  });

  it('never leaves /mirror/{package}: dot segments are resolved by the URL parser first', () => {
    // unpkg.com/etc/passwd.js is the file passwd.js of a package named "etc", as on unpkg.
    expect(url('https://unpkg.com/left-pad@1.3.0/%2e%2e/%2e%2e/etc/passwd.js')).toBe(
      '/mirror/etc@latest/passwd.js',
    );
    expect(url('https://unpkg.com/left-pad@1.3.0/%2e%2e/%2e%2e/etc/passwd')).toBeNull();
  });

  it('keeps the pinned set first: same-line versions need no fetch', () => {
    expect(url('https://cdn.jsdelivr.net/npm/chart.js@4.4.0/dist/chart.umd.min.js')).toBe(
      '/mirror/chart.js@4.6.1/dist/chart.umd.min.js',
    );
    // A file the pinned copy does not serve comes from the npm cache at the version asked for.
    expect(url('https://unpkg.com/@hpcc-js/wasm@2/dist/duckdb.umd.js')).toBe(
      '/mirror/@hpcc-js/wasm@2/dist/duckdb.umd.js',
    );
    expect(url('https://cdn.jsdelivr.net/npm/chart.js@4.4.0/dist/helpers.js')).toBe(
      '/mirror/chart.js@4.4.0/dist/helpers.js',
    );
  });

  it.each([
    // Not npm, or not a package file the mirror serves.
    'https://cdn.jsdelivr.net/gh/user/repo@1/x.js',
    'https://cdn.jsdelivr.net/combine/npm/a@1,npm/b@2',
    'https://cdn.jsdelivr.net/pyodide/v0.25.1/full/pyodide.js',
    'https://esm.sh/gh/user/repo/x.ts',
    'https://esm.sh/jsr/@std/path',
    'https://cdn.skypack.dev/-/canvas-confetti@v1.6.0-xyz/dist=es2019,mode=imports/optimized/canvas-confetti.js',
    'https://unpkg.com/left-pad@1.3.0/package.json',
    'https://unpkg.com/left-pad@1.3.0/README.md',
    'https://unpkg.com/left-pad@1.3.0/index.js.map',
    'https://unpkg.com/left-pad@1.3.0/',
    'https://unpkg.com/left-pad@1.3.0/lib/',
    'https://cdnjs.cloudflare.com/ajax/libs/left-pad/1.3.0/index.ts',
    'https://cdnjs.cloudflare.com/ajax/libs/left-pad/1.3.0/',
    'https://code.jquery.com/ui/1.13.2/',
    // Hostile names, ranges and paths.
    'https://unpkg.com/left-pad@1.3.0/a%2F..%2F..%2Fx.js',
    'https://unpkg.com/left-pad@1.3.0/a%5C..%5Cx.js',
    'https://unpkg.com/left-pad@1.3.0/.hidden/x.js',
    'https://unpkg.com/left-pad@1.3.0/a%00.js',
    'https://unpkg.com/left-pad@1.3.0/a%E0%A4%A.js',
    'https://unpkg.com/..%2F..%2Fetc@1/x.js',
    'https://unpkg.com/Left%20Pad@1/x.js',
    'https://unpkg.com/left-pad@1;rm%20-rf/x.js',
    'https://unpkg.com/left-pad@%2F..%2F/x.js',
    'https://cdnjs.cloudflare.com/ajax/libs/..%2F..%2Fx/1.0.0/x.js',
    'https://cdnjs.cloudflare.com/ajax/libs/x/1.0.0/a%2F..%2F..%2Fy.js',
    'https://esm.sh/node_modules@1',
    'https://unpkg.com/@scope@1/x.js',
  ])('does not map %s', (u) => {
    expect(url(u)).toBeNull();
    expect(url(u, 'module')).toBeNull();
  });
});

describe('the server side of the npm cache paths', () => {
  it.each([
    ['/mirror/left-pad@1.3.0/index.js', { name: 'left-pad', spec: '1.3.0', path: 'index.js', mode: 'file' }],
    [
      '/mirror/@scope/pkg@%5E1.2/dist/a.css',
      { name: '@scope/pkg', spec: '^1.2', path: 'dist/a.css', mode: 'file' },
    ],
    ['/mirror/pkg@latest/', { name: 'pkg', spec: 'latest', path: '', mode: 'entry' }],
    ['/mirror/pkg@1/+esm', { name: 'pkg', spec: '1', path: '', mode: 'esm' }],
    ['/mirror/pkg@1/client/+esm', { name: 'pkg', spec: '1', path: 'client', mode: 'esm' }],
    [
      '/mirror/pkg@1.0.0/+cdnjs/css/x.min.css',
      { name: 'pkg', spec: '1.0.0', path: 'css/x.min.css', mode: 'cdnjs' },
    ],
    ['/mirror/pkg@%3E%3D1%20%3C2/x.js', { name: 'pkg', spec: '>=1 <2', path: 'x.js', mode: 'file' }],
  ])('%s', (path, target) => {
    expect(parseMirrorPath(path)).toEqual(target);
  });

  it.each([
    '/mirror/pkg/x.js', // no version
    '/mirror/pkg@1', // no slash after the version
    '/mirror/pkg@1/a//b.js',
    '/mirror/pkg@1/a/%2e%2e/b.js',
    '/mirror/pkg@1/a%2fb.js',
    '/mirror/pkg@1/a%5cb.js',
    '/mirror/pkg@1/.env',
    '/mirror/pkg@1/+cdnjs/',
    '/mirror/pkg@1/+cdnjs/../x.js',
    '/mirror/pkg@1/%E0%A4%A',
    '/mirror/pkg@1%2F..%2F/x.js',
    '/mirror/.pkg@1/x.js',
    '/mirror/@x@1/y.js',
    '/mirror/google-fonts/css2',
    `/mirror/pkg@1/${'a/'.repeat(40)}x.js`,
  ])('refuses %s', (path) => {
    expect(parseMirrorPath(path)).toBeNull();
  });

  it('serves only file types a page loads, never package.json', () => {
    expect(servedType('dist/x.min.js')).toBe('text/javascript; charset=utf-8');
    expect(servedType('font/fonts/bootstrap-icons.woff2')).toBe('font/woff2');
    expect(servedType('data/countries.json')).toBe('application/json; charset=utf-8');
    expect(servedType('package.json')).toBeNull();
    expect(servedType('sub/package.json')).toBeNull();
    expect(servedType('README.md')).toBeNull();
    expect(servedType('x.js.map')).toBeNull();
    expect(servedType('index.html')).toBeNull();
    expect(servedType('Makefile')).toBeNull();
  });

  it('checks versions and paths strictly', () => {
    for (const ok of ['1.2.3', '^1.2', '3.x.x', '>=1 <2', 'latest', '1.0.0-beta.1', '1 || 2'])
      expect(validVersionSpec(ok)).toBe(true);
    for (const bad of ['', '-1', '.1', '1/2', '1;x', 'a'.repeat(65), '1\n2'])
      expect(validVersionSpec(bad)).toBe(false);
    expect(safePackagePath(['dist', 'x.js'])).toBe('dist/x.js');
    for (const bad of [[], [''], ['..'], ['.'], ['a', '..'], ['a/b'], ['a\\b'], ['.git'], ['a\u0000']])
      expect(safePackagePath(bad)).toBeNull();
  });

  it('maps cdnjs names through the table, by major where the package changed', () => {
    expect(cdnjsPackage('popper.js', '1.16.1')).toEqual({ npm: 'popper.js', root: 'dist/' });
    expect(cdnjsPackage('popper.js', '2.11.8')).toEqual({ npm: '@popperjs/core', root: 'dist/' });
    expect(cdnjsPackage('Leaflet.draw', '1.0.4')).toEqual({ npm: 'leaflet.draw', root: '' });
  });
});
