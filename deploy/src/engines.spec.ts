/**
 * Honest engines: the Node the project runs on is said the same way everywhere (package.json
 * engines, the version .nvmrc pins, which `npm test`/`npm start` fetch when the machine's Node is
 * another one, the Dockerfile's base image, the README), and every installed package supports it
 * (tools/scripts/check-engines.mjs, run as `npm test` would run it).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { dockerfile } from './lib/docker';
import { ROOT } from './lib/workspace';

/** The part of semver (a dependency of the toolchain, without its own types here) used below. */
interface SemVer {
  major: number;
  minor: number;
}
const semver = createRequire(join(ROOT, 'package.json'))('semver') as {
  minVersion(range: string): SemVer | null;
  satisfies(version: string, range: string): boolean;
};

interface Found {
  name: string;
  version: string;
  path: string;
  engines: string;
  problem: string;
  exception?: string;
}

interface Report {
  node: string;
  declared: string;
  ok: boolean;
  self: string[];
  root: Found[];
  mirror: Found[];
}

const declared = (
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }
).engines.node;

describe('the Node version', () => {
  const nvmrc = readFileSync(join(ROOT, '.nvmrc'), 'utf8').trim();

  it('package.json declares one major, which the running Node is in', () => {
    const min = semver.minVersion(declared)!;
    expect(semver.satisfies(`${min.major + 1}.0.0`, declared)).toBe(false);
    expect(semver.satisfies(process.version, declared)).toBe(true);
  });

  it('.nvmrc pins one full version in the declared range (what `npm test` fetches, what nvm installs)', () => {
    expect(nvmrc).toMatch(/^\d+\.\d+\.\d+$/);
    expect(semver.satisfies(nvmrc, declared)).toBe(true);
  });

  it("the Dockerfile's Node base image is the pinned version", () => {
    const arg = dockerfile().globalArgs.find((a) => a.args.startsWith('NODE_IMAGE='));
    const tag = /^NODE_IMAGE=node:(\d+\.\d+\.\d+)-/.exec(arg?.args ?? '')?.[1];
    expect(tag).toBe(nvmrc);
  });

  it("README's Requirements paragraph names the declared minimum, major and the pinned version", () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const min = semver.minVersion(declared)!;
    const requirements = /^Requirements: [^]*?\n\n/m.exec(readme)?.[0] ?? '';
    expect(requirements).toContain(`${min.major}.${min.minor}+`);
    expect(requirements).toContain(`Node ${nvmrc}`);
  });
});

describe('installed packages', () => {
  const report = JSON.parse(
    execFileSync(process.execPath, [join(ROOT, 'tools/scripts/check-engines.mjs'), '--json'], {
      encoding: 'utf8',
      timeout: 30_000,
    }),
  ) as Report;

  it('every package of the root install supports the running Node and the declared range', () => {
    expect(report.self).toEqual([]);
    expect(report.root.filter((p) => !p.exception).map((p) => `${p.path}: ${p.engines}`)).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
