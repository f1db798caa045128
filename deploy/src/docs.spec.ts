/**
 * The docs as a whole (issue #34): every relative link in README, CONTRIBUTING and docs/ reaches a
 * file, and docs/reference/benchmarks.md is what tools/bench/record.mjs generates from the
 * recorded runs (docs/reference/benchmarks/data), so nobody edits its figures by hand. The
 * generator itself is driven as people run it, on copies in a temporary folder.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { ROOT } from './lib/workspace';

const RECORD = join(ROOT, 'tools/bench/record.mjs');
const DATA = join(ROOT, 'docs/reference/benchmarks/data');

function record(...args: string[]) {
  const run = spawnSync(process.execPath, [RECORD, ...args], { cwd: ROOT, encoding: 'utf8' });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

/** Markdown files of the docs, README and CONTRIBUTING (relative to the root). */
function markdownFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(`${dir}/${e.name}`) : e.name.endsWith('.md') ? [`${dir}/${e.name}`] : [],
    );
  return ['README.md', 'CONTRIBUTING.md', ...walk('docs')];
}

describe('links in the docs', () => {
  it.each(markdownFiles())('%s: every relative link reaches a file', (file) => {
    // Code blocks hold examples, not links.
    const text = readFileSync(join(ROOT, file), 'utf8').replace(/```[\s\S]*?```/g, '');
    const broken = [...text.matchAll(/\]\(([^)\s]+)\)/g)]
      .map((m) => m[1] ?? '')
      .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#'))
      .filter(
        (target) =>
          !existsSync(join(ROOT, posix.normalize(posix.join(dirname(file), target.split('#')[0] ?? '')))),
      );
    expect(broken).toEqual([]);
  });
});

describe('docs/reference/benchmarks.md', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'bench-page-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A copy of the page, its data and its hand-written part, for the generator to work on. */
  function copyPage() {
    cpSync(join(ROOT, 'docs/reference/benchmarks.md'), join(dir, 'benchmarks.md'));
    cpSync(
      join(ROOT, 'docs/reference/benchmarks-not-yet-recorded.md'),
      join(dir, 'benchmarks-not-yet-recorded.md'),
    );
    cpSync(DATA, join(dir, 'benchmarks/data'), { recursive: true });
    return { page: join(dir, 'benchmarks.md'), data: join(dir, 'benchmarks/data') };
  }

  it('is what the recorded runs give (regenerate with npm run bench:record)', () => {
    const { status, out } = record('--check');
    expect(out).toContain('is up to date');
    expect(status).toBe(0);
  });

  it('every recorded run says when, on which commit and machine, and what it measures', () => {
    for (const file of readdirSync(DATA)) {
      const run = JSON.parse(readFileSync(join(DATA, file), 'utf8'));
      expect(run).toMatchObject({
        bench: file.replace(/\.json$/, ''),
        about: { title: expect.any(String), command: expect.any(String), target: expect.any(String) },
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        commit: expect.stringMatching(/^[0-9a-f]{7,}/),
        machine: { cpu: expect.any(String), cores: expect.any(Number), os: expect.any(String) },
      });
      expect(existsSync(join(ROOT, 'tools/bench', `${run.bench}.mjs`))).toBe(true);
    }
  });

  it('a figure edited by hand is found', () => {
    const { page, data } = copyPage();
    writeFileSync(page, readFileSync(page, 'utf8').replace(/\| (\d+(\.\d+)?) \|/, '| 1$1 |'));
    const { status, out } = record('--check', '--page', page, '--data', data);
    expect(out).toContain('is not what');
    expect(status).toBe(1);
  });

  it('a recorded file that is not JSON is named, and nothing is written', () => {
    const { page, data } = copyPage();
    writeFileSync(join(data, 'mcp.json'), '{ "bench": "mcp", ');
    const before = readFileSync(page, 'utf8');
    const { status, out } = record('--page', page, '--data', data);
    expect(out).toMatch(/bench:record: .*mcp\.json: not valid JSON/);
    expect(status).toBe(1);
    expect(readFileSync(page, 'utf8')).toBe(before);
  });

  it('a recorded run without its commit or machine is refused by name', () => {
    const { page, data } = copyPage();
    const run = JSON.parse(readFileSync(join(data, 'mcp.json'), 'utf8'));
    delete run.commit;
    writeFileSync(join(data, 'mcp.json'), JSON.stringify(run));
    expect(record('--page', page, '--data', data).out).toMatch(/mcp\.json: "commit" is missing/);
    delete run.machine.cpu;
    run.commit = 'abc1234';
    writeFileSync(join(data, 'mcp.json'), JSON.stringify(run));
    expect(record('--page', page, '--data', data).out).toMatch(/mcp\.json: "machine.cpu" is missing/);
  });

  it('a missing data folder, and a bench with no run, are said plainly', () => {
    const page = join(dir, 'benchmarks.md');
    const missing = record('--page', page, '--data', join(dir, 'nothing-here'));
    expect(missing.out).toMatch(/nothing-here: no such folder/);
    expect(missing.status).toBe(1);
    const { data } = copyPage();
    const noRun = record('mcp', '--page', page, '--data', data, '--runs', dir);
    expect(noRun.out).toMatch(/no run of "mcp" .*run node tools\/bench\/mcp\.mjs first/);
    expect(noRun.status).toBe(1);
  });

  it('records the newest run of a bench and regenerates the page with it', () => {
    const { page, data } = copyPage();
    const runs = join(dir, 'runs');
    cpSync(join(data, 'mcp.json'), join(runs, 'mcp-2026-01-01T00-00-00-000Z.json'));
    const newest = {
      ...JSON.parse(readFileSync(join(data, 'mcp.json'), 'utf8')),
      at: new Date().toISOString(),
      commit: 'fedcba9',
    };
    writeFileSync(join(runs, 'mcp.json'), JSON.stringify(newest));
    const { status, out } = record('mcp', '--page', page, '--data', data, '--runs', runs);
    expect(out).toContain('recorded');
    expect(status).toBe(0);
    expect(JSON.parse(readFileSync(join(data, 'mcp.json'), 'utf8')).commit).toBe('fedcba9');
    expect(readFileSync(page, 'utf8')).toContain('commit fedcba9');
  });

  it('refuses to record a run written before the envelope (no about, commit or machine)', () => {
    const { page, data } = copyPage();
    const runs = join(dir, 'runs');
    mkdirSync(runs);
    writeFileSync(join(runs, 'mcp.json'), JSON.stringify({ at: '2026-12-07T00:00:00Z', figures: {} }));
    const { status, out } = record('mcp', '--page', page, '--data', data, '--runs', runs);
    expect(out).toMatch(/mcp\.json: "bench" is missing/);
    expect(status).toBe(1);
  });
});
