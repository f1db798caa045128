/**
 * docker-compose.yml: parsed with `yaml` and loaded by compose-check (compose-go, the library
 * behind `docker compose config`: Compose-spec schema, interpolation, depends_on consistency),
 * since this machine has no compose plugin. Checked against the code: every Nx app is a service
 * built from the Dockerfile, its environment satisfies the app's zod schema, and every port is
 * the one in config/local.json, bound to 127.0.0.1.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { dockerfile } from './lib/docker';
import { type Tools, ensureTools, runOk } from './lib/tools';
import { type AppSchema, ROOT, appSchemas, localConfig, nxApps } from './lib/workspace';

interface RawService {
  image?: string;
  build?: string | { context?: string; dockerfile?: string; target?: string; args?: Record<string, string> };
  command?: string | string[];
  environment?: Record<string, string | number | boolean | null> | string[];
  env_file?: string | (string | { path: string })[];
  healthcheck?: { test: string | string[] };
}

interface ResolvedService {
  image?: string;
  build?: { context: string; dockerfile: string; target?: string; args?: Record<string, string> };
  command?: string[] | null;
  environment?: Record<string, string | null>;
  ports?: { host_ip?: string; target: number; published: string; protocol: string }[];
  healthcheck?: { test: string[]; disable?: boolean };
  depends_on?: Record<string, { condition: string }>;
}

/** Infrastructure services and the config/local.json `infra` ports each publishes. */
const INFRA: Record<string, { image: RegExp; ports: (l: ReturnType<typeof localConfig>) => number[] }> = {
  mongo: { image: /^mongo:7(\.\d+){0,2}$/, ports: (l) => [l.infra['mongo']!.port] },
  kafka: { image: /^apache\/kafka:3\.9\.\d+$/, ports: (l) => [l.infra['kafka']!.port] },
  redis: { image: /^redis:7(\.\d+){0,2}(-alpine)?$/, ports: (l) => [l.infra['redis']!.port] },
  mail: {
    image: /^maildev\/maildev:\d+\.\d+\.\d+$/,
    ports: (l) => [l.infra['smtp']!.port, l.infra['mailApi']!.port],
  },
  opensearch: {
    image: /^opensearchproject\/opensearch:2\.19\.\d+$/,
    ports: (l) => [l.infra['opensearch']!.port],
  },
  'stripe-mock': {
    image: /^stripe\/stripe-mock:v?\d+\.\d+\.\d+$/,
    ports: (l) => [l.infra['stripeMock']!.port, Number(l.infra['stripeMock']!['httpsPort'])],
  },
};

const COMPOSE = join(ROOT, 'docker-compose.yml');
let tools: Tools;
let raw: { name?: string; services: Record<string, RawService> };
let resolved: { services: Record<string, ResolvedService> };
let schemas: AppSchema[];

/** Keys an env_file provides (KEY=... lines). */
function envFileKeys(file: string): string[] {
  return readFileSync(join(ROOT, file), 'utf8')
    .split('\n')
    .map((l) => /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(l)?.[1])
    .filter((k): k is string => Boolean(k));
}

function rawEnvKeys(service: RawService): string[] {
  const env = service.environment ?? {};
  const keys = Array.isArray(env) ? env.map((e) => e.split('=')[0]!) : Object.keys(env);
  const files =
    service.env_file === undefined
      ? []
      : Array.isArray(service.env_file)
        ? service.env_file
        : [service.env_file];
  return [...keys, ...files.flatMap((f) => envFileKeys(typeof f === 'string' ? f : f.path))];
}

beforeAll(async () => {
  tools = await ensureTools();
  // The env files docker-compose.yml reads (token keys; generated, never committed).
  await runOk(process.execPath, [join(ROOT, 'deploy/docker/compose-env.mjs')]);
  raw = parse(readFileSync(COMPOSE, 'utf8'), { merge: true }) as typeof raw;
  resolved = JSON.parse(
    await runOk(tools.composeCheck, [COMPOSE], { env: { CORE_VAULT_TAG: '' } }),
  ) as typeof resolved;
  schemas = await appSchemas();
}, 20 * 60_000);

describe('docker-compose.yml', () => {
  it('loads as a valid Compose project (compose-go: schema, interpolation, depends_on) with the same services', () => {
    expect(Object.keys(resolved.services).sort()).toEqual(Object.keys(raw.services).sort());
  });

  it('has a service for every Nx app, built from the Dockerfile with APP=<app>', () => {
    const { stages } = dockerfile();
    const stageNames = stages.map((s) => s.name);
    for (const { name, kind } of nxApps()) {
      const service = resolved.services[name];
      expect({ name, defined: Boolean(service) }).toEqual({ name, defined: true });
      expect(service!.build).toMatchObject({ context: '.', dockerfile: 'Dockerfile', args: { APP: name } });
      if (kind === 'static') expect(stageNames).toContain(service!.build!.target);
      // Services build the Dockerfile's last (default) stage.
      else expect(service!.build!.target).toBeUndefined();
    }
  });

  it('runs MongoDB 7, Kafka 3.9 (KRaft), Redis 7 with noeviction, MailDev, stripe-mock and OpenSearch 2.19, pinned', () => {
    for (const [name, infra] of Object.entries(INFRA)) {
      expect({ name, image: resolved.services[name]?.image }).toEqual({
        name,
        image: expect.stringMatching(infra.image) as unknown,
      });
    }
    const redis = resolved.services['redis']!.command!.join(' ');
    expect(redis).toMatch(/--maxmemory-policy noeviction/);
    expect(resolved.services['kafka']!.environment!['KAFKA_PROCESS_ROLES']).toBe('broker,controller');
    expect(resolved.services['mongo']!.image).not.toMatch(/ferret|mongo-java/i);
  });

  it('publishes every port on 127.0.0.1 only, each the one in config/local.json', () => {
    const local = localConfig();
    for (const [name, service] of Object.entries(resolved.services)) {
      for (const port of service.ports ?? [])
        expect({ name, host: port.host_ip }).toEqual({ name, host: '127.0.0.1' });
    }
    for (const { name } of nxApps()) {
      const service = resolved.services[name]!;
      const port = local.apps[name]!.port;
      expect(service.ports?.map((p) => [Number(p.published), p.target])).toEqual([[port, port]]);
      expect(service.environment?.['PORT']).toBe(String(port));
    }
    for (const [name, infra] of Object.entries(INFRA)) {
      const published = (resolved.services[name]!.ports ?? []).map((p) => Number(p.published)).sort();
      expect({ name, published }).toEqual({ name, published: infra.ports(local).sort() });
    }
  });

  it("declares every required variable of each service's config schema", () => {
    expect(schemas.length).toBeGreaterThan(0);
    for (const { app, required } of schemas) {
      const declared = new Set(rawEnvKeys(raw.services[app]!));
      expect({ app, missing: required.filter((k) => !declared.has(k)) }).toEqual({ app, missing: [] });
    }
  });

  it('gives each service an environment its config schema accepts, in production mode', () => {
    for (const { app, schema, keys } of schemas) {
      const env = resolved.services[app]!.environment ?? {};
      const input = Object.fromEntries(keys.filter((k) => env[k] != null).map((k) => [k, env[k]]));
      const result = schema.safeParse(input);
      expect({
        app,
        issues: result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
      }).toEqual({
        app,
        issues: [],
      });
      expect(input['NODE_ENV']).toBe('production');
      expect(input['HOST']).toBe('0.0.0.0');
    }
  });

  it('points service URLs at the port the target service listens on', () => {
    const ports = new Map(
      Object.entries(resolved.services).map(([name, s]) => [
        name,
        new Set((s.ports ?? []).map((p) => p.target)),
      ]),
    );
    for (const [name, service] of Object.entries(resolved.services))
      for (const [key, value] of Object.entries(service.environment ?? {})) {
        const url = /^https?:\/\/([^:/]+):(\d+)/.exec(value ?? '');
        if (!url || !resolved.services[url[1]!] || !ports.get(url[1]!)?.size) continue;
        expect({ name, key, port: ports.get(url[1]!)!.has(Number(url[2])) }).toEqual({
          name,
          key,
          port: true,
        });
      }
  });

  it('health-checks every service and starts each only after its dependencies are healthy', () => {
    for (const [name, service] of Object.entries(resolved.services)) {
      expect({
        name,
        healthcheck: Boolean(service.healthcheck?.test?.length && !service.healthcheck.disable),
      }).toEqual({
        name,
        healthcheck: true,
      });
      for (const [dep, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect({ name, dep, condition }).toEqual({ name, dep, condition: 'service_healthy' });
        expect(resolved.services[dep]?.healthcheck?.test?.length).toBeGreaterThan(0);
      }
    }
    // Every app waits for what it talks to: the gateway for each service, the SPA for the gateway.
    for (const { name } of nxApps())
      expect(Object.keys(resolved.services[name]!.depends_on ?? {}).length).toBeGreaterThan(0);
  });
});
