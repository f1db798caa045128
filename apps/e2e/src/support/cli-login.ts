import { type ChildProcess, spawn } from 'node:child_process';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface DeviceLoginRun {
  /** The user code the CLI shows (XXXX-XXXX), once it has shown it. */
  userCode: Promise<string>;
  /** How the command ended. */
  ended: Promise<CliRun>;
  child: ChildProcess;
}

/** The code as `corevault login` prints it (8 of the user-code alphabet's consonants). */
const SHOWN_CODE = /\b([B-DF-HJ-NP-TV-XZ]{4}-[B-DF-HJ-NP-TV-XZ]{4})\b/;

/**
 * `corevault login` (the device flow) as a person runs it, as a child process of its own: the
 * code is read from its stderr as it is printed, while the command keeps polling. Killed after
 * `limitMs` if it has not ended by then (the test then fails on its exit code).
 */
export function runDeviceLogin(
  bundle: string,
  args: readonly string[],
  env: Record<string, string>,
  cwd: string,
  limitMs = 60_000,
): DeviceLoginRun {
  const child = spawn(process.execPath, [bundle, 'login', ...args], { env, cwd, stdio: 'pipe' });
  child.stdin.end();
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  const userCode = new Promise<string>((resolve, reject) => {
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      const shown = SHOWN_CODE.exec(stderr)?.[1];
      if (shown) resolve(shown);
    });
    child.on('close', () => reject(new Error(`corevault login ended without showing a code:\n${stderr}`)));
  });
  // Only the test that asks for the code handles its failure.
  userCode.catch(() => undefined);
  const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
  const ended = new Promise<CliRun>((resolve) =>
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    }),
  );
  return { userCode, ended, child };
}
