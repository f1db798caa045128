/** Test support for the thumbnailer (excluded from the build). */
import { spawn } from 'node:child_process';
import { workspaceRoot } from '@core-vault/platform/testing';

/** Runs a command in the workspace; rejects with its output's tail when it fails. */
export function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const child = spawn(command, args, { cwd: workspaceRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (b: Buffer) => (output += b.toString()));
    child.stderr.on('data', (b: Buffer) => (output += b.toString()));
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${args.join(' ')} failed (${code}):\n${output.slice(-2000)}`)),
    );
  });
}
