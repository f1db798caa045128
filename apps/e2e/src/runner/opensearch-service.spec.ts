/**
 * The OpenSearch service of tools/infra (tools/infra/services/opensearch.mjs): where it is looked
 * for, when it counts as ready, which JVM flags it gets, and that credentials never reach a status
 * line. Run through a real Node process, as tools/infra loads it (ESM, Node built-ins only).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { workspaceRoot } from '@core-vault/platform/testing';

const lib = join(workspaceRoot, 'tools/infra/services/opensearch.mjs');
const CFG = { opensearch: { host: '127.0.0.1', port: 9200, transportPort: 9300 } };

/** Evaluates `expr` with the module bound to `m` and `cfg` to CFG; answers its JSON (or { error }). */
function run(expr: string, env: Record<string, string> = {}): unknown {
  const driver = `
    const m = await import(${JSON.stringify(lib)});
    const cfg = ${JSON.stringify(CFG)};
    let out;
    try { out = await (async () => (${expr}))(); } catch (err) { out = { error: err.message }; }
    process.stdout.write(JSON.stringify(out === undefined ? null : out));
  `;
  const { OPENSEARCH_URL: _, INFRA_OPENSEARCH_JAVA_OPTS: __, ...inherited } = process.env;
  const stdout = execFileSync(process.execPath, ['--input-type=module', '-e', driver], {
    cwd: workspaceRoot,
    encoding: 'utf8',
    env: { ...inherited, ...env },
  });
  return JSON.parse(stdout);
}

describe('tools/infra opensearch', () => {
  it('runs on the host and ports of config/local.json, HTTP and transport', () => {
    expect(run('m.default.endpoint(cfg)')).toEqual({
      host: '127.0.0.1',
      port: 9200,
      url: 'http://127.0.0.1:9200',
      transportPort: 9300,
    });
    expect(run('m.default.externalOnly()')).toBe(false);
  });

  it('starts nothing when OPENSEARCH_URL points elsewhere, and never shows its credentials', () => {
    const env = { OPENSEARCH_URL: 'https://core:s3cret@search.example.com' };
    expect(run('m.default.externalOnly()', env)).toBe(true);
    expect(run('m.default.endpoint(cfg)', env)).toEqual({
      host: 'search.example.com',
      port: 443,
      url: 'https://***@search.example.com',
    });
    // The probe still uses the real URL, credentials included.
    expect(run('m.target(cfg).url', env)).toBe('https://core:s3cret@search.example.com');
  });

  it('is ready only on a cluster health of yellow or green', () => {
    const health = (status: number, body: string) =>
      run(`m.healthy({ status: ${status}, body: ${JSON.stringify(body)} })`);
    expect(health(200, '{"status":"green"}')).toBe(true);
    expect(health(200, '{"status":"yellow"}')).toBe(true);
    expect(health(200, '{"status":"red"}')).toBe(false);
    expect(health(503, '{"status":"green"}')).toBe(false);
    expect(health(200, 'not json')).toBe(false);
    expect(run('m.healthy(null)')).toBe(false);
  });

  it('gets a fixed 512 MB heap and the serial GC, unless INFRA_OPENSEARCH_JAVA_OPTS says otherwise', () => {
    expect(run('m.javaOpts()')).toEqual(['-Xms512m', '-Xmx512m', '-XX:+UseSerialGC']);
    expect(run('m.javaOpts()', { INFRA_OPENSEARCH_JAVA_OPTS: ' -Xms1g  -Xmx1g ' })).toEqual([
      '-Xms1g',
      '-Xmx1g',
    ]);
  });
});
