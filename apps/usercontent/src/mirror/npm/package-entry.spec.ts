import { browserEntry, esmEntry, findCdnjsFile, resolveExports, unminifiedOf } from './package-entry';
import { type Packument, expectedDigest, resolveVersion } from './registry';

const files = (...paths: string[]) => new Set(paths);

describe('browser entry (a CDN URL without a file)', () => {
  it('takes jsdelivr, unpkg, browser, main, index.js in that order', () => {
    const f = files('dist/cdn.min.js', 'dist/module.cjs.js', 'index.js', 'lib/b.js');
    expect(browserEntry({ unpkg: 'dist/cdn.min.js', main: 'dist/module.cjs.js' }, f, false)).toBe(
      'dist/cdn.min.js',
    );
    expect(browserEntry({ jsdelivr: './lib/b', unpkg: 'dist/cdn.min.js' }, f, false)).toBe('lib/b.js');
    expect(browserEntry({ browser: { './x': false }, main: './dist/module.cjs.js' }, f, false)).toBe(
      'dist/module.cjs.js',
    );
    expect(browserEntry({}, f, false)).toBe('index.js');
    expect(browserEntry({ main: './simplex-noise' }, files('simplex-noise.js'), false)).toBe(
      'simplex-noise.js',
    );
  });

  it('gives a stylesheet its style field, or a CSS main', () => {
    const f = files('css/bulma.css', 'bulma.sass', 'index.js');
    expect(browserEntry({ style: 'css/bulma.css', main: 'bulma.sass' }, f, true)).toBe('css/bulma.css');
    expect(browserEntry({ main: 'css/bulma.css' }, f, true)).toBe('css/bulma.css');
    expect(browserEntry({ main: 'index.js' }, f, true)).toBeNull();
  });
});

describe('ES module entry (esm.sh, +esm)', () => {
  const f = files(
    'dist/index.mjs',
    'dist/index.cjs',
    'dist/client.mjs',
    'dist/feature/a.mjs',
    'esm/main.js',
    'lib/main.js',
    'vanilla.mjs',
    'src/max.js',
  );

  it("follows exports with the browser/import/module/default conditions, in the map's own order", () => {
    const exports = {
      '.': { types: './x.d.ts', require: './dist/index.cjs', import: './dist/index.mjs' },
      './client': { browser: { import: './dist/client.mjs' }, default: './dist/index.cjs' },
      './feature/*': './dist/feature/*.mjs',
      './package.json': './package.json',
    };
    expect(esmEntry({ exports }, f, '')).toBe('dist/index.mjs');
    expect(esmEntry({ exports }, f, 'client')).toBe('dist/client.mjs');
    expect(esmEntry({ exports }, f, 'feature/a')).toBe('dist/feature/a.mjs');
    expect(esmEntry({ exports: './vanilla.mjs' }, f, '')).toBe('vanilla.mjs');
    expect(esmEntry({ exports: { import: './vanilla.mjs', require: './x.cjs' } }, f, '')).toBe('vanilla.mjs');
    expect(resolveExports({ '.': [{ worker: './w.js' }, './vanilla.mjs'] }, '')).toBe('./vanilla.mjs');
    expect(resolveExports({ './*': './dist/*' }, 'index.mjs')).toBe('./dist/index.mjs');
    expect(resolveExports({ '.': './a.js' }, 'missing')).toBeNull();
    expect(resolveExports(undefined, '')).toBeUndefined();
  });

  it('without exports: module, jsnext:main, browser, main; a subpath or file as named', () => {
    expect(esmEntry({ module: 'esm/main.js', main: 'lib/main.js' }, f, '')).toBe('esm/main.js');
    expect(esmEntry({ main: 'lib/main' }, f, '')).toBe('lib/main.js');
    expect(esmEntry({}, f, 'src/max.js')).toBe('src/max.js');
    expect(esmEntry({}, f, 'vanilla')).toBe('vanilla.mjs');
    expect(esmEntry({}, f, 'nothing')).toBeNull();
    expect(esmEntry({ main: '../../etc/passwd' }, f, '')).toBeNull();
  });
});

describe('cdnjs file names in a package layout', () => {
  const layout = [
    'simplex-noise.js',
    'dist/FileSaver.min.js',
    'dist/FileSaver.js',
    'src/FileSaver.js',
    'dist/vue.global.prod.js',
    'packages/x/dist/vue.global.prod.js',
    'font/bootstrap-icons.min.css',
    'font/fonts/bootstrap-icons.woff2',
    'src-min-noconflict/ace.js',
    'src/ace.js',
    'dist/umd/popper.min.js',
  ];
  it.each([
    ['simplex-noise.min.js', '', 'simplex-noise.js'],
    ['FileSaver.min.js', 'dist/', 'dist/FileSaver.min.js'],
    ['FileSaver.js', '', 'dist/FileSaver.js'],
    ['vue.global.prod.js', '', 'dist/vue.global.prod.js'],
    ['font/bootstrap-icons.min.css', '', 'font/bootstrap-icons.min.css'],
    ['bootstrap-icons.css', '', 'font/bootstrap-icons.min.css'],
    ['ace.js', 'src-min-noconflict/', 'src-min-noconflict/ace.js'],
    ['umd/popper.min.js', 'dist/', 'dist/umd/popper.min.js'],
    ['nothing.js', '', null],
  ])('%s (hint %j) → %s', (file, hint, found) => {
    expect(findCdnjsFile(layout, file, hint)).toBe(found);
  });

  it('answers a missing .min file with the plain one (jsDelivr minifies on the fly)', () => {
    expect(unminifiedOf(files('a.js'), 'a.min.js')).toBe('a.js');
    expect(unminifiedOf(files('a.js'), 'b.min.js')).toBeNull();
  });
});

describe('version resolution, as the CDNs do it', () => {
  const p: Packument = {
    name: 'alpinejs',
    'dist-tags': { latest: '3.14.9', next: '4.0.0-beta.1' },
    versions: Object.fromEntries(
      ['2.8.2', '3.0.0', '3.13.10', '3.14.9', '4.0.0-beta.1'].map((v) => [
        v,
        { version: v, dist: { tarball: '' } },
      ]),
    ),
  };
  it.each([
    ['3.x.x', '3.14.9'],
    ['3', '3.14.9'],
    ['^3.13', '3.14.9'],
    ['~3.13.0', '3.13.10'],
    ['3.13.10', '3.13.10'],
    ['v3.13.10', '3.13.10'],
    ['2', '2.8.2'],
    ['latest', '3.14.9'],
    ['next', '4.0.0-beta.1'],
    ['*', '3.14.9'],
    ['>=2 <3', '2.8.2'],
    ['5', null],
    ['nope', null],
  ])('%s → %s', (spec, version) => {
    expect(resolveVersion(p, spec)).toBe(version);
  });

  it('checks sha512 when the registry has it, else the sha1 shasum', () => {
    expect(
      expectedDigest({ tarball: '', integrity: 'sha1-AAAA sha512-QUJD', shasum: 'ab'.repeat(20) }),
    ).toEqual({
      algorithm: 'sha512',
      base64: 'QUJD',
    });
    expect(expectedDigest({ tarball: '', shasum: 'ab'.repeat(20) }).algorithm).toBe('sha1');
    expect(() => expectedDigest({ tarball: '' })).toThrow('no integrity');
  });
});
