// Fetches the runtime jars a pom lists from Maven Central into a cache dir,
// once per pom content (the pom pins every version).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CACHE, logFile } from './config.mjs';
import { aptInstall } from './apt.mjs';
import { run, which } from './proc.mjs';

export async function ensureJava(service) {
  if (!which('java') || !which('javac') || !which('mvn'))
    await aptInstall(service, ['maven', 'openjdk-17-jdk-headless']);
}

/** Resolves with the directory holding the jars (a classpath entry is `${dir}/*`). */
export async function fetchJars(service, pom, dir, say = () => {}) {
  const stamp = join(dir, '.pom.sha256');
  const hash = createHash('sha256').update(readFileSync(pom)).digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash) return dir;
  await ensureJava(service);
  say(`${service}: fetching jars from Maven Central`);
  rmSync(dir, { recursive: true, force: true }); // no stale jars of other versions on the classpath
  const args = [
    '-q',
    '-B',
    '-f',
    pom,
    'dependency:copy-dependencies',
    `-DoutputDirectory=${dir}`,
    `-Dmaven.repo.local=${join(CACHE, 'm2')}`,
  ];
  await run('mvn', args, { log: logFile(`${service}-install`), service });
  writeFileSync(stamp, hash + '\n');
  return dir;
}
