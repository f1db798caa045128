import { existsSync, lstatSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { TarError, extractTarball, packagePath } from './tar';
import { tarball } from './testing';

const LIMITS = { maxBytes: 1_000_000, maxEntries: 1_000, maxFileBytes: 500_000 };
const all = () => true;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'uc-tar-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Everything under `dir`, as relative paths. */
function tree(root: string, at = ''): string[] {
  return readdirSync(join(root, at), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tree(root, join(at, e.name)) : [join(at, e.name)],
  );
}

describe('extractTarball', () => {
  it('unpacks regular files below the top folder, long names through pax headers', async () => {
    const long = `dist/${'deep/'.repeat(25)}x.js`;
    const out = await extractTarball(
      tarball({
        'package/package.json': '{"name":"p"}',
        'package/dist/a.js': 'a',
        'package/dist/': { type: 'dir' },
        [`package/${long}`]: 'long',
        'package/README.md': 'docs',
      }),
      dir,
      LIMITS,
      (p) => !p.endsWith('.md'),
    );
    expect([...out.files.keys()].sort()).toEqual(['dist/a.js', long, 'package.json'].sort());
    expect(readFileSync(join(dir, long), 'utf8')).toBe('long');
    expect(existsSync(join(dir, 'README.md'))).toBe(false);
    // Every entry counts toward the cap, the pax header's own data too.
    expect(out.unpackedBytes).toBeGreaterThan(12 + 1 + 4 + 4);
    expect(out.unpackedBytes).toBeLessThan(400);
  });

  it('never makes links: symlinks and hard links are skipped, even ones pointing outside', async () => {
    const out = await extractTarball(
      tarball({
        'package/ok.js': 'ok',
        'package/evil.js': { type: 'symlink', target: '/etc/passwd' },
        'package/up.js': { type: 'symlink', target: '../../../../outside' },
        'package/hard.js': { type: 'hardlink', target: '/etc/passwd' },
      }),
      dir,
      LIMITS,
      all,
    );
    expect([...out.files.keys()]).toEqual(['ok.js']);
    expect(tree(dir)).toEqual(['ok.js']);
    expect(lstatSync(join(dir, 'ok.js')).isFile()).toBe(true);
  });

  it('skips hidden files and folders (the mirror never serves them)', async () => {
    const out = await extractTarball(
      tarball({
        'package/.npmrc': 'x',
        'package/.git/config': 'x',
        'package/a/.env': 'x',
        'package/b.js': 'b',
      }),
      dir,
      LIMITS,
      all,
    );
    expect(tree(dir)).toEqual(['b.js']);
    expect(out.files.size).toBe(1);
  });

  it.each([
    ['a parent segment', 'package/../../etc/cron.d/x'],
    ['a parent segment deeper', 'package/dist/../../../x.js'],
    ['an absolute path', '/etc/passwd'],
    ['a backslash', 'package/..\\..\\x.js'],
    ['a drive letter', 'C:/x.js'],
    ['a control character', 'package/a\u0001.js'],
  ])('refuses the whole package for %s', async (_what, name) => {
    await expect(
      extractTarball(tarball({ 'package/first.js': '1', [name]: 'x' }), dir, LIMITS, all),
    ).rejects.toMatchObject({ kind: 'unsafe' });
    expect(existsSync(join(dir, '../etc'))).toBe(false);
  });

  it('refuses a parent segment hidden in a pax path', async () => {
    const name = `package/${'a/'.repeat(50)}${'../'.repeat(60)}escape.js`;
    await expect(extractTarball(tarball({ [name]: 'x' }), dir, LIMITS, all)).rejects.toThrow(TarError);
  });

  it('stops at the size caps: unpacked bytes (a decompression bomb), one file, entries', async () => {
    const bomb = tarball({ 'package/zeros.bin': Buffer.alloc(2_000_000) });
    expect(bomb.length).toBeLessThan(10_000);
    await expect(extractTarball(bomb, dir, LIMITS, all)).rejects.toMatchObject({ kind: 'too-large' });
    await expect(
      extractTarball(tarball({ 'package/big.js': Buffer.alloc(600_000) }), dir, LIMITS, all),
    ).rejects.toMatchObject({ kind: 'too-large' });
    const many = Object.fromEntries(Array.from({ length: 1_001 }, (_, i) => [`package/f${i}.js`, '']));
    await expect(extractTarball(tarball(many), dir, LIMITS, all)).rejects.toMatchObject({
      kind: 'too-large',
    });
  });

  it('refuses what is not a tarball, a corrupt header and a truncated entry', async () => {
    await expect(extractTarball(Buffer.from('not gzip'), dir, LIMITS, all)).rejects.toMatchObject({
      kind: 'corrupt',
    });
    const raw = tarball({ 'package/a.js': 'abc' });
    const { gunzipSync } = await import('node:zlib');
    const tar = gunzipSync(raw);
    const bad = Buffer.from(tar);
    bad[0] = 'q'.charCodeAt(0); // the checksum no longer matches
    await expect(extractTarball(gzipSync(bad), dir, LIMITS, all)).rejects.toMatchObject({ kind: 'corrupt' });
    const truncated = tarball({ 'package/a.js': { type: 'file', body: 'abc', size: 5000 } });
    await expect(extractTarball(truncated, dir, LIMITS, all)).rejects.toMatchObject({ kind: 'corrupt' });
  });

  it('maps entry names to package paths', () => {
    expect(packagePath('package/dist/x.js')).toBe('dist/x.js');
    expect(packagePath('node-foo/./lib//x.js')).toBe('lib/x.js');
    expect(packagePath('package/')).toBeNull();
    expect(packagePath('package/.github/x.yml')).toBeNull();
    expect(() => packagePath('package/../x')).toThrow(TarError);
  });
});
