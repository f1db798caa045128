/**
 * Which infrastructure `npm test` selects (tools/scripts/lib/infra-path.mjs): Testcontainers
 * (Kafka, a MongoDB replica set, Redis) when a container engine answers, tools/infra otherwise,
 * CV_INFRA forcing either. Run through a real Node process, as `npm test` loads it (ESM).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { workspaceRoot } from '@core-vault/platform/testing';

const lib = join(workspaceRoot, 'tools/scripts/lib/infra-path.mjs');

/** Evaluates `expr` with the module bound to `m`; answers its JSON (or { error }). */
function run(expr: string): unknown {
  const driver = `
    const m = await import(${JSON.stringify(lib)});
    let out;
    try { out = await (async () => (${expr}))(); } catch (err) { out = { error: err.message }; }
    process.stdout.write(JSON.stringify(out));
  `;
  const stdout = execFileSync(process.execPath, ['--input-type=module', '-e', driver], {
    cwd: workspaceRoot,
    encoding: 'utf8',
    env: { ...process.env, DOCKER_HOST: 'unix:///nonexistent/docker.sock' },
  });
  return JSON.parse(stdout);
}

const engine = (available: boolean) =>
  `{ available: ${available}, detail: ${JSON.stringify(available ? 'docker (27.1)' : 'none found')} }`;

describe('npm test infrastructure selection', () => {
  it('takes containers when an engine answers, and says which engine', () => {
    expect(run(`m.decideInfraPath({ engine: ${engine(true)} })`)).toEqual({
      path: 'containers',
      reason: 'container engine: docker (27.1)',
    });
  });

  it('falls back to tools/infra without an engine, and says why', () => {
    expect(run(`m.decideInfraPath({ requested: '', engine: ${engine(false)} })`)).toEqual({
      path: 'local',
      reason: 'no container engine answers (none found); tools/infra',
    });
  });

  it('honours CV_INFRA=local even where an engine answers', () => {
    expect(run(`m.decideInfraPath({ requested: 'local', engine: ${engine(true)} })`)).toEqual({
      path: 'local',
      reason: 'CV_INFRA=local',
    });
  });

  it('refuses CV_INFRA=containers without an engine instead of pretending', () => {
    expect(run(`m.decideInfraPath({ requested: 'containers', engine: ${engine(false)} })`)).toEqual({
      error: 'CV_INFRA=containers, but no container engine answers (none found)',
    });
  });

  it('refuses an unknown CV_INFRA', () => {
    expect(run(`m.decideInfraPath({ requested: 'docker', engine: ${engine(true)} })`)).toEqual({
      error: 'CV_INFRA must be one of auto, containers, local (got "docker")',
    });
  });

  it('reports no engine, in bounded time, where none exists (this machine)', () => {
    const probe = run('m.probeContainerEngine({ timeoutMs: 8000 })') as {
      available: boolean;
      detail: string;
    };
    expect(probe.available).toBe(false);
    expect(probe.detail.length).toBeGreaterThan(0);
  });

  it('points the suites at the mapped ports, MongoDB directly at its replica-set member', () => {
    const started = (host: string, ports: Record<number, number>, extra = '') =>
      `{ getHost: () => '${host}', getMappedPort: (p) => (${JSON.stringify(ports)})[p]${extra} }`;
    const env = run(
      `m.containerEnv({
        kafka: ${started('127.0.0.1', { 9093: 49001 })},
        mongo: ${started('127.0.0.1', { 27017: 49002 }, ", getConnectionString: () => 'mongodb://127.0.0.1:49002'")},
        redis: ${started('127.0.0.1', { 6379: 49003 })},
      })`,
    );
    expect(env).toEqual({
      KAFKA_BROKERS: '127.0.0.1:49001',
      MONGO_URL: 'mongodb://127.0.0.1:49002?directConnection=true',
      REDIS_URL: 'redis://127.0.0.1:49003',
    });
  });
});
