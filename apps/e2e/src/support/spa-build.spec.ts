import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LABELLED_ORIGIN_PLACEHOLDER, ORIGIN_PLACEHOLDER, copyWithOrigin, spaSourceHash } from './spa-build';

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'cv-spa-build-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const write = (path: string, text: string) => {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
};

describe('copyWithOrigin', () => {
  it('writes the origin wherever the placeholder stands, in the copy only, and counts it', () => {
    const from = join(dir, 'shared');
    write(
      join(from, 'assets/origin.js'),
      `const o="${ORIGIN_PLACEHOLDER}";f(o+"/frame",\`${ORIGIN_PLACEHOLDER}/embed\`)`,
    );
    write(join(from, 'assets/other.js'), 'export const x = 1;');
    write(join(from, 'index.html'), '<script src="/assets/origin.js"></script>');
    const to = join(dir, 'stack');
    expect(copyWithOrigin(from, to, 'http://localhost:4321')).toBe(2);
    expect(readFileSync(join(to, 'assets/origin.js'), 'utf8')).toBe(
      'const o="http://localhost:4321";f(o+"/frame",`http://localhost:4321/embed`)',
    );
    expect(readFileSync(join(to, 'assets/other.js'), 'utf8')).toBe('export const x = 1;');
    expect(readFileSync(join(from, 'assets/origin.js'), 'utf8')).toContain(ORIGIN_PLACEHOLDER);
  });

  it("writes the artifacts' origins of the page's policy (`http://*.{host}`) too", () => {
    const from = join(dir, 'shared');
    write(
      join(from, 'index.html'),
      `<meta http-equiv="Content-Security-Policy" content="frame-src ${ORIGIN_PLACEHOLDER} ${LABELLED_ORIGIN_PLACEHOLDER} https://js.stripe.com">`,
    );
    const to = join(dir, 'stack');
    expect(copyWithOrigin(from, to, 'http://localhost:4321')).toBe(2);
    expect(readFileSync(join(to, 'index.html'), 'utf8')).toBe(
      '<meta http-equiv="Content-Security-Policy" content="frame-src http://localhost:4321 http://*.localhost:4321 https://js.stripe.com">',
    );
  });

  it('replaces an earlier copy and answers 0 for a build without the placeholder', () => {
    const from = join(dir, 'shared');
    write(join(from, 'index.html'), '<p>no origin</p>');
    const to = join(dir, 'stack');
    write(join(to, 'stale.js'), 'old');
    expect(copyWithOrigin(from, to, 'http://localhost:1')).toBe(0);
    expect(() => readFileSync(join(to, 'stale.js'))).toThrow();
  });
});

describe('spaSourceHash', () => {
  it('changes with a source of the SPA or a library it bundles, not with its build output', () => {
    write(join(dir, 'apps/web/src/main.tsx'), 'a');
    write(join(dir, 'libs/contracts/src/index.ts'), 'b');
    const first = spaSourceHash(dir);
    write(join(dir, 'apps/web/dist/index.html'), 'built');
    write(join(dir, 'apps/web/node_modules/.vite/x'), 'cache');
    expect(spaSourceHash(dir)).toBe(first);
    write(join(dir, 'libs/contracts/src/index.ts'), 'c');
    const second = spaSourceHash(dir);
    expect(second).not.toBe(first);
    write(join(dir, 'apps/web/src/main.tsx'), 'a2');
    expect(spaSourceHash(dir)).not.toBe(second);
  });
});
