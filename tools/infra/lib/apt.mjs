// Debian packages (redis-server, chromium, maven): installed on demand,
// non-interactively, so `infra up` works on a fresh machine and in CI.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { LOG_DIR } from './config.mjs';
import { InfraError, run, which } from './proc.mjs';

const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };

// One install at a time: dpkg holds a lock, and parallel services may ask at once.
let queue = Promise.resolve();

export function aptInstall(service, packages) {
  const job = queue.then(async () => {
    const log = join(LOG_DIR, `${service}-install.log`);
    if (!which('apt-get'))
      throw new InfraError(service, `apt-get not found; install ${packages.join(' ')} by hand`);
    if (process.getuid?.() !== 0)
      throw new InfraError(service, `not root; run: sudo apt-get install -y ${packages.join(' ')}`);
    // A fresh image has no package lists; refresh them when older than a day.
    const lists = '/var/lib/apt/lists';
    const pkgcache = '/var/cache/apt/pkgcache.bin';
    const stale = !existsSync(pkgcache) || Date.now() - statSync(lists).mtimeMs > 86_400_000;
    if (stale) await run('apt-get', ['update', '-q'], { log, env, service });
    const args = ['install', '-y', '-q', '--no-install-recommends', ...packages];
    await run('apt-get', args, { log, env, service }).catch(async () => {
      await run('apt-get', ['update', '-q'], { log, env, service });
      await run('apt-get', args, { log, env, service });
    });
  });
  queue = job.catch(() => {});
  return job;
}
