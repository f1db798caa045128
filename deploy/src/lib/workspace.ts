/**
 * What the deploy tests learn from the repository itself, so the chart, the compose file and the
 * Dockerfile are checked against the code as it is today, never against a hand-kept list: the Nx
 * apps, their zod config schemas, config/local.json, the event topics and who consumes them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { Topic, deadLetterTopic } from '@core-vault/contracts';

export const ROOT = resolve(__dirname, '../../..');

export interface NxApp {
  name: string;
  /** service: a NestJS service (tsconfig.app.json → dist/main.js); static: a Vite SPA. */
  kind: 'service' | 'static';
}

/**
 * apps/* with a project.json of projectType application, except the e2e suite and what ships
 * through a browser's add-on store (tag `deploy:browser-store`: the extension) or the npm registry
 * (tag `deploy:npm`: the command line, `corevault`) rather than the cluster.
 */
export function nxApps(): NxApp[] {
  return readdirSync(join(ROOT, 'apps'))
    .filter((name) => name !== 'e2e')
    .filter((name) => {
      const file = join(ROOT, 'apps', name, 'project.json');
      if (!existsSync(file)) return false;
      const project = JSON.parse(readFileSync(file, 'utf8')) as { projectType?: string; tags?: string[] };
      const shipsElsewhere = ['deploy:browser-store', 'deploy:npm'].some((t) => project.tags?.includes(t));
      return project.projectType === 'application' && !shipsElsewhere;
    })
    .map((name): NxApp => {
      const dir = join(ROOT, 'apps', name);
      if (existsSync(join(dir, 'tsconfig.app.json'))) return { name, kind: 'service' };
      if (existsSync(join(dir, 'vite.config.ts'))) return { name, kind: 'static' };
      throw new Error(`apps/${name}: neither tsconfig.app.json nor vite.config.ts; teach the deploy tests`);
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

interface HostPort {
  host: string;
  port: number;
}
export interface LocalConfig {
  infra: Record<string, HostPort & Record<string, unknown>>;
  apps: Record<string, { port: number }>;
}

export function localConfig(): LocalConfig {
  return JSON.parse(readFileSync(join(ROOT, 'config/local.json'), 'utf8')) as LocalConfig;
}

export interface AppSchema {
  app: string;
  schema: z.ZodObject;
  keys: string[];
  /** Fields without a default that are not optional: the environment must provide them. */
  required: string[];
  /** Fields marked with libs/platform's secret() (`.meta().secret`). */
  secret: string[];
}

/** The app's exported `*ConfigSchema` from apps/<app>/src/config.ts, or undefined (the SPA). */
export async function appSchema(app: string): Promise<AppSchema | undefined> {
  const file = join(ROOT, 'apps', app, 'src/config.ts');
  if (!existsSync(file)) return undefined;
  const mod = (await import(file)) as Record<string, unknown>;
  const found = Object.entries(mod).filter(
    ([name, value]) => name.endsWith('ConfigSchema') && value instanceof z.ZodObject,
  );
  if (found.length !== 1) throw new Error(`apps/${app}/src/config.ts: expected one exported *ConfigSchema`);
  const schema = found[0]![1] as z.ZodObject;
  const shape = schema.shape as Record<string, z.ZodType>;
  const keys = Object.keys(shape).sort();
  return {
    app,
    schema,
    keys,
    required: keys.filter((k) => !shape[k]!.safeParse(undefined).success),
    secret: keys.filter((k) => Boolean(shape[k]!.meta()?.['secret'])),
  };
}

export async function appSchemas(): Promise<AppSchema[]> {
  const schemas = await Promise.all(nxApps().map((a) => appSchema(a.name)));
  return schemas.filter((s): s is AppSchema => s !== undefined);
}

/** Every event topic (libs/contracts Topic enum). */
export const eventTopics = (): string[] => Object.values(Topic as Record<string, string>).sort();

/** Topic names in an array literal's source: Topic.<Member> references and quoted names. */
function topicsInLiteral(literal: string, where: string): string[] {
  const byMember = Topic as Record<string, string>;
  const topics: string[] = [];
  for (const ref of literal.matchAll(/Topic\.(\w+)|['"]([a-z0-9.-]+\.v\d+)['"]/g)) {
    if (ref[2]) {
      topics.push(ref[2]);
      continue;
    }
    const topic = byMember[ref[1]!];
    if (!topic) throw new Error(`${where}: unknown Topic.${ref[1]}`);
    topics.push(topic);
  }
  return topics;
}

/**
 * Topics each app consumes: the `consumes:` of apps/<app>/src/app.module.ts, either an array
 * literal (Topic.<Member> references and `...NAME` spreads) or a constant, declared in that file
 * or imported from another module, whose value is then loaded from that module.
 */
export async function consumedTopics(): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  for (const { name } of nxApps()) {
    const file = join(ROOT, 'apps', name, 'src/app.module.ts');
    if (!existsSync(file)) continue;
    const source = readFileSync(file, 'utf8');
    const where = `apps/${name}/src/app.module.ts`;
    const topics: string[] = [];
    for (const m of source.matchAll(/consumes:\s*(\[[^\]]*\]|[A-Za-z_$][\w$]*)/g)) {
      const expr = m[1]!;
      if (!expr.startsWith('[')) {
        topics.push(...(await namedTopicList(expr, source, file, where)));
        continue;
      }
      topics.push(...topicsInLiteral(expr, where));
      for (const spread of expr.matchAll(/\.\.\.([A-Za-z_$][\w$]*)/g))
        topics.push(...(await namedTopicList(spread[1]!, source, file, where)));
    }
    result.set(name, topics);
  }
  return result;
}

/** A topic list named in an app module: a local `const` array, or an import loaded from its module. */
async function namedTopicList(expr: string, source: string, file: string, where: string): Promise<string[]> {
  const local = new RegExp(`const\\s+${expr}\\b[^=]*=\\s*(\\[[^\\]]*\\])`).exec(source);
  if (local) return topicsInLiteral(local[1]!, where);
  const imported = new RegExp(`import\\s*\\{[^}]*\\b${expr}\\b[^}]*\\}\\s*from\\s*['"](\\.[^'"]+)['"]`).exec(
    source,
  );
  if (!imported) throw new Error(`${where}: cannot find where consumes: ${expr} comes from`);
  const mod = (await import(resolve(dirname(file), imported[1]!))) as Record<string, unknown>;
  const value = mod[expr];
  const isTopicList = (v: unknown): v is string[] =>
    Array.isArray(v) && v.every((t) => typeof t === 'string');
  if (!isTopicList(value)) throw new Error(`${where}: ${expr} is not a list of topic names`);
  return value;
}

/** The dead-letter topics that must exist: one per consumed topic. */
export async function deadLetterTopics(): Promise<string[]> {
  const consumed = new Set([...(await consumedTopics()).values()].flat());
  return [...consumed].map(deadLetterTopic).sort();
}

/**
 * Which apps call which over HTTP, read from the schemas: an app whose config has <APP>_URL (or
 * <APP>_INTERNAL_URL: the gateway reads the SPA's index.html from web) for another Nx app calls
 * that app (the gateway calls every service).
 */
export function httpCallers(schemas: AppSchema[]): Map<string, string[]> {
  const apps = nxApps().map((a) => a.name);
  const callers = new Map<string, string[]>(apps.map((a) => [a, []]));
  for (const { app, keys } of schemas)
    for (const target of apps)
      if (
        target !== app &&
        [`${target.toUpperCase()}_URL`, `${target.toUpperCase()}_INTERNAL_URL`].some((k) => keys.includes(k))
      )
        callers.get(target)!.push(app);
  return callers;
}
