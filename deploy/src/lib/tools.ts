/** Running the tools deploy/tools/ensure-tools.mjs installs into .cache. */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './workspace';

export interface Tools {
  helm: string;
  kubeconform: string;
  composeCheck: string;
  schemaDir: string;
  schemaLocations: string[];
  kubernetesVersion: string;
  helmEnv: Record<string, string>;
  installed: { name: string; version: string; ms: number }[];
  ms: number;
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to completion; never rejects on a non-zero exit (the result says). */
export function run(
  command: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string>; input?: string; timeoutMs?: number } = {},
): Promise<RunResult> {
  return new Promise((resolvePromise, reject) => {
    const child = execFile(
      command,
      args,
      {
        cwd: options.cwd ?? ROOT,
        env: { ...process.env, ...options.env },
        maxBuffer: 256 * 1024 * 1024,
        timeout: options.timeoutMs ?? 10 * 60_000,
      },
      (error, stdout, stderr) => {
        // A string code: the command could not run at all (ENOENT, a timeout kill...).
        if (error && typeof error.code !== 'number') return reject(new Error(error.message));
        resolvePromise({ code: error ? Number(error.code) : 0, stdout, stderr });
      },
    );
    if (options.input !== undefined) child.stdin?.end(options.input);
  });
}

/** Installs what is missing (cold: a few minutes of Go builds), then returns the tool paths. */
export async function ensureTools(): Promise<Tools> {
  const result = await run(process.execPath, [join(ROOT, 'deploy/tools/ensure-tools.mjs')], {
    timeoutMs: 20 * 60_000,
  });
  if (result.code !== 0) throw new Error(`ensure-tools failed: ${result.stderr.trim()}`);
  return JSON.parse(result.stdout) as Tools;
}

/** Runs a command and fails with its output unless it exits 0. */
export async function runOk(
  command: string,
  args: string[],
  options: Parameters<typeof run>[2] = {},
): Promise<string> {
  const result = await run(command, args, options);
  if (result.code !== 0)
    throw new Error(
      `${command} ${args.join(' ')} exited ${result.code}\n${result.stderr}\n${result.stdout}`.trim(),
    );
  return result.stdout;
}
