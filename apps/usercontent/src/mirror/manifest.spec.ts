import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIRROR_LIBRARIES, selectVersion, servesPath } from './manifest';

const MODULES = join(__dirname, '../../mirror/node_modules');
const pkg = (dir: string) =>
  JSON.parse(readFileSync(join(MODULES, dir, 'package.json'), 'utf8')) as {
    version: string;
    license: string;
  };

describe('mirror manifest', () => {
  const versions = MIRROR_LIBRARIES.flatMap((lib) => lib.versions.map((v) => ({ lib, v })));

  it.each(versions.map(({ lib, v }) => [`${lib.name}@${v.version}`, lib, v] as const))(
    '%s matches the installed package (version, licence) and names files it has',
    (_, lib, v) => {
      const installed = pkg(v.dir);
      expect(installed.version).toBe(v.version);
      expect(lib.licence).toContain(installed.license);
      const files = [v.main, v.module, ...Object.values(v.submodules ?? {}), ...Object.values(v.alias ?? {})];
      for (const file of files.filter((f): f is string => !!f)) {
        if (file.startsWith('+esm/')) expect(v.bundles?.[file.slice('+esm/'.length)]).toBeDefined();
        else {
          expect(servesPath(v, file)).toBe(true);
          expect(existsSync(join(MODULES, v.dir, file))).toBe(true);
        }
      }
      for (const entry of Object.values(v.bundles ?? {}))
        expect(existsSync(join(MODULES, v.dir, entry))).toBe(true);
    },
  );

  it('lists versions newest first', () => {
    for (const lib of MIRROR_LIBRARIES) {
      const majors = lib.versions.map((v) => v.version.split('.').map(Number));
      const sorted = [...majors].sort((a, b) => (b[0] ?? 0) - (a[0] ?? 0) || (b[1] ?? 0) - (a[1] ?? 0));
      expect(majors).toEqual(sorted);
    }
  });

  it('picks the same major, else the nearest newer one, else the newest', () => {
    const chart = MIRROR_LIBRARIES.find((l) => l.name === 'chart.js');
    const three = MIRROR_LIBRARIES.find((l) => l.name === 'three');
    if (!chart || !three) throw new Error('chart.js and three are mirrored');
    expect(selectVersion(chart, '3.5.0').version).toBe('3.9.1');
    expect(selectVersion(chart, '^2').version).toBe('2.9.4');
    expect(selectVersion(chart, '1.0.2').version).toBe('2.9.4');
    expect(selectVersion(chart, '9').version).toBe('4.6.1');
    expect(selectVersion(chart, 'latest').version).toBe('4.6.1');
    expect(selectVersion(chart, undefined).version).toBe('4.6.1');
    expect(selectVersion(three, 'r128').version).toBe('0.128.0');
    expect(selectVersion(three, '0.152.2').version).toBe('0.160.1');
    expect(selectVersion(three, '0.170.0').version).toBe('0.187.0');
  });

  it('never serves paths outside the package or its sources', () => {
    const v = MIRROR_LIBRARIES.find((l) => l.name === 'katex')?.versions[0];
    if (!v) throw new Error('katex is mirrored');
    expect(servesPath(v, 'dist/katex.min.css')).toBe(true);
    expect(servesPath(v, 'dist/fonts/KaTeX_Main-Regular.woff2')).toBe(true);
    for (const bad of [
      'package.json',
      'dist/../package.json',
      'dist/fonts/../../package.json',
      '/etc/passwd',
      'dist/katex.min.js.map',
      'katex.ts',
      'src/katex.js',
    ])
      expect(servesPath(v, bad)).toBe(false);
  });
});
