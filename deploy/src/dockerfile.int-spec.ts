/**
 * The Dockerfile, without a Docker engine: its stages are read and checked (non-root, health
 * check, production dependencies only), and every Nx app is built the way its build stage does
 * it, by the same script, in a copy of the build context that .dockerignore lets through.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { DockerIgnore, type Stage, contextSources, dockerfile, inContext } from './lib/docker';
import { run } from './lib/tools';
import { ROOT, nxApps } from './lib/workspace';

const BUILD_SCRIPT = 'deploy/docker/build-app.sh';

let context: string;
const { stages } = dockerfile();
const stage = (name: string): Stage => {
  const s = stages.find((x) => x.name === name);
  if (!s) throw new Error(`Dockerfile has no stage ${name}`);
  return s;
};
const lines = (s: Stage, keyword: string) =>
  s.instructions.filter((i) => i.keyword === keyword).map((i) => i.args);
/** The stage a COPY --from=<stage> of `s` names, for its destination `dest`. */
const copiedFrom = (s: Stage, dest: RegExp) =>
  lines(s, 'COPY')
    .filter((a) => dest.test(a.split(/\s+/).at(-1)!))
    .map((a) => /--from=(\S+)/.exec(a)?.[1]);
/** Stages whose RUN builds an app with the build script and the APP argument. */
const buildStages = stages.filter((s) =>
  lines(s, 'RUN').some((r) => r.includes(BUILD_SCRIPT) && /\$\{?APP\}?/.test(r)),
);

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

/**
 * Bare packages the service can load at run time: require() calls of every module reachable from
 * its dist/main.js (relative files and workspace packages followed; built-ins aside). Browser
 * bundles the service only serves as files are never reached.
 */
function runtimePackages(out: string, app: string): { packages: Set<string>; workspace: Set<string> } {
  const builtins = new Set(builtinModules);
  const packages = new Set<string>();
  const workspace = new Set<string>();
  const seen = new Set<string>();
  const resolveFile = (base: string): string | undefined =>
    [base, `${base}.js`, join(base, 'index.js')].find((f) => existsSync(f) && statSync(f).isFile());
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(/require\(["']([^"']+)["']\)/g)) {
      const spec = m[1]!;
      if (spec.startsWith('.')) {
        const target = resolveFile(join(dirname(file), spec));
        if (target?.endsWith('.js')) visit(target);
        continue;
      }
      if (spec.startsWith('node:') || builtins.has(spec.split('/')[0]!)) continue;
      const pkg = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
      if (!pkg.startsWith('@core-vault/')) {
        packages.add(pkg);
        continue;
      }
      workspace.add(pkg);
      const dir = join(out, 'libs', pkg.slice('@core-vault/'.length));
      const manifestFile = join(dir, 'package.json');
      if (!existsSync(manifestFile)) continue; // reported by the caller
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { main?: string };
      const entry = resolveFile(join(dir, manifest.main ?? 'index.js'));
      if (entry) visit(entry);
    }
  };
  visit(join(out, 'apps', app, 'dist/main.js'));
  return { packages, workspace };
}

beforeAll(() => {
  context = mkdtempSync(join(tmpdir(), 'core-vault-docker-context-'));
  const count = DockerIgnore.load().copyContext(context);
  expect(count).toBeGreaterThan(0);
  // Stands in for the deps stage (`npm ci` of the same lockfile).
  symlinkSync(join(ROOT, 'node_modules'), join(context, 'node_modules'));
});

afterAll(() => {
  if (context) rmSync(context, { recursive: true, force: true });
});

describe('Dockerfile', () => {
  it('builds a service by default: non-root, health check on /health/live, production dependencies only', () => {
    const final = stages.at(-1)!;
    expect(lines(final, 'USER')).toHaveLength(1);
    expect(lines(final, 'USER')[0]).not.toMatch(/^(root|0)(:|$)/);
    expect(lines(final, 'HEALTHCHECK').join(' ')).toContain('/health/live');
    expect(lines(final, 'CMD').join(' ')).toContain('dist/main.js');
    // node_modules comes from a stage that installed with --omit=dev, and nothing else.
    const sources = copiedFrom(final, /node_modules/);
    expect(sources).toHaveLength(1);
    expect(lines(stage(sources[0]!), 'RUN').join(' ')).toMatch(/npm ci .*--omit=dev/);
    // The app itself comes from a build stage that takes APP.
    const built = copiedFrom(final, /^\.\/?$|^\/app\/?$/).filter((s) => s !== sources[0]);
    expect(built.length).toBeGreaterThan(0);
    for (const from of built) {
      expect(buildStages.map((s) => s.name)).toContain(from);
      expect(lines(stage(from!), 'ARG').some((a) => /^APP(=|$)/.test(a))).toBe(true);
    }
  });

  it('has a static stage for the SPA: non-root nginx with a health check, fed by a build stage', () => {
    const statics = nxApps().filter((a) => a.kind === 'static');
    expect(statics.length).toBeGreaterThan(0);
    const web = stage('web');
    expect(lines(web, 'USER').join(' ')).toMatch(/^\d+$/);
    expect(lines(web, 'USER')[0]).not.toBe('0');
    expect(lines(web, 'HEALTHCHECK').join(' ')).toContain('/health/live');
    const from = copiedFrom(web, /\/usr\/share\/nginx\/html/);
    expect(from).toHaveLength(1);
    expect(buildStages.map((s) => s.name)).toContain(from[0]);
  });

  it('copies only paths that exist in the build context after .dockerignore', () => {
    const ignore = DockerIgnore.load();
    const sources = stages.flatMap((s) =>
      s.instructions.filter((i) => i.keyword === 'COPY' || i.keyword === 'ADD').flatMap(contextSources),
    );
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources)
      expect({ source, inContext: inContext(ignore, source) }).toEqual({ source, inContext: true });
  });

  it('keeps secrets, local data and build output out of the build context', () => {
    const ignore = DockerIgnore.load();
    for (const path of [
      '.env',
      'apps/gateway/.env.local',
      '.local/dev-keys/auth-ed25519.key.pem',
      '.local/compose/identity.env',
      '.git/config',
      '.cache/bin/helm',
      'node_modules/zod/package.json',
      'apps/web/node_modules/.vite/x',
      'apps/gateway/dist/main.js',
      'libs/platform/dist/index.js',
    ])
      expect({ path, ignored: ignore.ignores(path) }).toEqual({ path, ignored: true });
    for (const path of [
      'package.json',
      'package-lock.json',
      'tsconfig.base.json',
      'apps/gateway/src/main.ts',
      BUILD_SCRIPT,
    ])
      expect({ path, ignored: ignore.ignores(path) }).toEqual({ path, ignored: false });
  });

  describe.each(nxApps())('APP=$name', ({ name, kind }) => {
    it(
      'builds with the build stage script from the build context alone',
      async () => {
        const out = join(context, '.out', name);
        const result = await run('sh', [BUILD_SCRIPT, name, out], { cwd: context, timeoutMs: 5 * 60_000 });
        expect({ code: result.code, output: result.code ? `${result.stdout}${result.stderr}` : '' }).toEqual({
          code: 0,
          output: '',
        });
        if (kind === 'static') {
          const html = readFileSync(join(out, 'index.html'), 'utf8');
          // Everything is served by us: no script or style from another origin.
          expect(html).not.toMatch(/(src|href)=["']https?:/);
          return;
        }
        expect(existsSync(join(out, 'apps', name, 'dist/main.js'))).toBe(true);
        expect(existsSync(join(out, 'apps', name, 'package.json'))).toBe(true);
        const { packages, workspace } = runtimePackages(out, name);
        expect(packages.size).toBeGreaterThan(0); // the walk reached the service's dependencies
        // Workspace packages the service requires are in the image with their compiled entry.
        for (const pkg of workspace) {
          const dir = join(out, 'libs', pkg.slice('@core-vault/'.length));
          const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { main: string };
          expect({ pkg, entry: existsSync(join(dir, manifest.main)) }).toEqual({ pkg, entry: true });
        }
        // Whatever the service requires is a production dependency (the image has no others).
        const rootManifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
          dependencies: Record<string, string>;
        };
        const missing = [...packages].filter((p) => !(p in rootManifest.dependencies));
        expect({ app: name, notProductionDependencies: missing }).toEqual({
          app: name,
          notProductionDependencies: [],
        });
        expect(files(out).some((f) => /\.(spec|int-spec)\.js$/.test(relative(out, f)))).toBe(false);
      },
      6 * 60_000,
    );
  });
});
