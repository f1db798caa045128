#!/usr/bin/env node
import { spawn } from 'node:child_process';
import packageJson from '../package.json';
import { run } from './cli';

/** The system's "open this address" command, detached; nothing happens if there is none. */
function openBrowser(url: string): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(command, args, { detached: true, stdio: 'ignore' });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // No browser here (a server, a container): the address was printed.
  }
}

void run(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  openBrowser,
  version: packageJson.version,
}).then((code) => {
  process.exitCode = code;
});
