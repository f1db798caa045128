/**
 * The test runner's guard (tools/scripts/lib/workspace.mjs runGuarded): a suite past its time
 * limit is stopped, and nothing a suite started outlives it — the two ways a run used to hang.
 * Driven through a real Node process, as `npm test` uses it.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { workspaceRoot } from '@core-vault/platform/testing';

interface Outcome {
  code: number;
  timedOut: boolean;
  ms: number;
  leftover: boolean;
}

/** Runs `script` (bash) under runGuarded; reports whether the pid it wrote is still alive after. */
function guarded(script: string, timeoutMs?: number): Outcome {
  const lib = join(workspaceRoot, 'tools/scripts/lib/workspace.mjs');
  const driver = `
    const { runGuarded } = await import(${JSON.stringify(lib)});
    const { mkdtempSync, readFileSync } = await import('node:fs');
    const dir = mkdtempSync('/tmp/guard-');
    const t0 = Date.now();
    const r = await runGuarded('bash', ['-c', ${JSON.stringify(script)}.replace('PIDFILE', dir + '/pid')], {
      timeoutMs: ${timeoutMs ?? 'undefined'},
    });
    const pid = Number(readFileSync(dir + '/pid', 'utf8'));
    await new Promise((r) => setTimeout(r, 200));
    // Alive unless gone or a zombie (killed, waiting for an init that may never reap it).
    let leftover = false;
    try { leftover = readFileSync('/proc/' + pid + '/stat', 'utf8').split(') ')[1][0] !== 'Z'; } catch {}
    if (leftover) process.kill(pid, 'SIGKILL');
    console.log(JSON.stringify({ ...r, ms: Date.now() - t0, leftover }));
  `;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', driver], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
    timeout: 30_000,
  });
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as Outcome;
}

describe('runGuarded', () => {
  it('kills what a command left running in the background when it exits', () => {
    const r = guarded('sleep 120 & echo $! > PIDFILE; exit 3');
    expect(r).toMatchObject({ code: 3, timedOut: false, leftover: false });
    expect(r.ms).toBeLessThan(10_000);
  });

  it('stops a command that runs past its limit, with everything it started', () => {
    const r = guarded('sleep 120 & echo $! > PIDFILE; sleep 120', 500);
    expect(r).toMatchObject({ timedOut: true, leftover: false });
    expect(r.code).not.toBe(0);
    expect(r.ms).toBeLessThan(10_000);
  });

  it('lets a command that finishes in time pass with its exit code', () => {
    const r = guarded('echo $$ > PIDFILE; exit 0', 10_000);
    expect(r).toMatchObject({ code: 0, timedOut: false, leftover: false });
  });
});
