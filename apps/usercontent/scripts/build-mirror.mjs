// Builds the library mirror the renderer serves at /mirror/ (see src/mirror/manifest.ts):
//   1. installs apps/usercontent/mirror's own node_modules (npm ci) when missing or when its
//      lockfile changed — several majors of one library side by side, never the root install;
//   2. checks the manifest against what is installed (exact versions, licences);
//   3. links each version's served files to dist/public/mirror/{name}@{version}/{path}, the
//      package's own layout, so the files travel with dist (Docker copies dist only);
//   4. bundles ES module entries for packages whose npm entry is CommonJS or imports bare
//      specifiers (+esm/), with React shared between react and react-dom;
//   5. precompresses (gzip -9) and writes index.json (every served file: size, gzip size, ETag)
//      and fonts.json (the Google Fonts families and their latin faces).
// Skipped when the lockfile, the manifest and this script are unchanged (`--force` rebuilds).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { build } from 'esbuild';

const gzipAsync = promisify(gzip);
const appDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const mirrorPkg = join(appDir, 'mirror');
const modules = join(mirrorPkg, 'node_modules');
const cache = join(appDir, '../../.cache/usercontent-mirror');

/**
 * File types served (anything else in a served folder — wasm, json, sources — is left out).
 * JSON only where a serve pattern names it ('*.json': world-atlas's maps), never package.json.
 */
export const MIRROR_TYPES = [
  '.js',
  '.mjs',
  '.cjs',
  '.css',
  '.woff2',
  '.woff',
  '.ttf',
  '.png',
  '.svg',
  '.gif',
];
const COMPRESSIBLE = /\.(m?js|cjs|css|svg|ttf|json)$/;
const servedType = (v, rel) =>
  MIRROR_TYPES.some((t) => rel.endsWith(t)) ||
  (rel.endsWith('.json') && rel !== 'package.json' && v.serve.some((p) => p.endsWith('.json')));

const hash = (...parts) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest('hex');
};

/** npm ci of the mirror when its node_modules are missing or older than the lockfile. */
function ensureInstalled(log) {
  const lock = readFileSync(join(mirrorPkg, 'package-lock.json'));
  const stampFile = join(modules, '.core-vault-stamp');
  const stamp = hash(lock);
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return;
  log('installing the library mirror (npm ci, apps/usercontent/mirror)…');
  execFileSync(
    'npm',
    ['ci', '--prefix', mirrorPkg, '--no-audit', '--no-fund', '--legacy-peer-deps', '--ignore-scripts'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  writeFileSync(stampFile, stamp);
}

/** The manifest is TypeScript (the frame bundles it too): compiled once here with esbuild. */
async function loadManifest() {
  mkdirSync(cache, { recursive: true });
  const outfile = join(cache, 'manifest.mjs');
  await build({
    entryPoints: [join(appDir, 'src/mirror/manifest.ts')],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    logLevel: 'warning',
  });
  return import(`${pathToFileURL(outfile).href}?${Date.now()}`);
}

function checkInstalled(libraries) {
  const problems = [];
  for (const lib of libraries)
    for (const v of lib.versions) {
      const file = join(modules, v.dir, 'package.json');
      if (!existsSync(file)) {
        problems.push(`${lib.name}@${v.version}: ${v.dir} is not installed`);
        continue;
      }
      const pkg = JSON.parse(readFileSync(file, 'utf8'));
      if (pkg.version !== v.version)
        problems.push(`${lib.name}: manifest says ${v.version}, ${v.dir} is ${pkg.version}`);
      if (!lib.licence.includes(pkg.license))
        problems.push(
          `${lib.name}@${v.version}: licence "${pkg.license}" is not in the manifest's "${lib.licence}"`,
        );
    }
  if (problems.length)
    throw new Error(
      `library mirror manifest does not match apps/usercontent/mirror:\n  ${problems.join('\n  ')}`,
    );
}

function* walk(dir, base = dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') yield* walk(full, base);
    } else if (entry.isFile()) yield relative(base, full).split(sep).join('/');
  }
}

function place(from, to) {
  mkdirSync(dirname(to), { recursive: true });
  try {
    linkSync(from, to); // same disk: no copy of ~100 MB of libraries
  } catch {
    copyFileSync(from, to);
  }
}

/** React is shared: react-dom's (and jsx-runtime's) `require('react')` imports react's own bundle. */
function peersPlugin(libraries) {
  const url = (name) => {
    const lib = libraries.find((l) => l.name === name);
    return `/mirror/${name}@${lib.versions[0].version}/+esm/index.js`;
  };
  const peers = { react: url('react'), 'react-dom': url('react-dom') };
  return {
    name: 'mirror-peers',
    setup(b) {
      b.onResolve({ filter: /^(react|react-dom)$/ }, (a) =>
        a.kind === 'require-call'
          ? { path: a.path, namespace: 'mirror-peer' }
          : { path: peers[a.path], external: true },
      );
      b.onResolve({ filter: /^\/mirror\// }, (a) => ({ path: a.path, external: true }));
      b.onLoad({ filter: /.*/, namespace: 'mirror-peer' }, (a) => ({
        contents: `export * from '${peers[a.path]}'; export { default } from '${peers[a.path]}';`,
        loader: 'js',
      }));
    },
  };
}

/** Bare peers, for listing CommonJS exports in Node: the mirror's React 18, not the app's React. */
const NODE_PEERS = { react: 'react-18', 'react-dom': 'react-dom-18' };

/** The runtime export names of a CommonJS module, loaded in Node with the mirror's peers. */
function commonJsNames(file) {
  const Module = createRequire(import.meta.url)('node:module');
  const original = Module._resolveFilename;
  Module._resolveFilename = function (request, ...rest) {
    const peer = NODE_PEERS[request];
    return original.call(this, peer ? join(modules, peer) : request, ...rest);
  };
  process.env.NODE_ENV = 'production';
  try {
    return Object.keys(createRequire(file)(file)).filter(
      (n) => /^[A-Za-z_$][\w$]*$/.test(n) && n !== 'default',
    );
  } catch {
    return []; // not loadable in Node (needs a DOM): default export only
  } finally {
    Module._resolveFilename = original;
  }
}

/** Entry source: ES modules as they are; CommonJS re-exported with its runtime keys named. */
function entryFor(file, wrapperDir, outName) {
  const source = readFileSync(file, 'utf8');
  if (/\.mjs$/.test(file) || /^\s*(import|export)\s[^(]/m.test(source)) return file;
  const names = commonJsNames(file);
  const wrapper = join(wrapperDir, outName);
  mkdirSync(wrapperDir, { recursive: true });
  const spec = JSON.stringify(file);
  const named = names.length ? `export const { ${names.join(', ')} } = M;\n` : '';
  writeFileSync(wrapper, `import M from ${spec};\nexport default M;\n${named}`);
  return wrapper;
}

async function bundle(lib, v, outDir, libraries) {
  const wrapperDir = join(cache, `${lib.name}@${v.version}`);
  const entryPoints = Object.entries(v.bundles).map(([out, entry]) => ({
    out: out.replace(/\.js$/, ''),
    in: entryFor(join(modules, v.dir, entry), wrapperDir, out),
  }));
  await build({
    entryPoints,
    outdir: join(outDir, '+esm'),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    legalComments: 'none',
    target: 'es2020',
    chunkNames: 'chunks/[name]-[hash]',
    define: { 'process.env.NODE_ENV': '"production"' },
    nodePaths: [modules],
    // Node-only branches (papaparse's stream support) stay unreachable requires.
    external: ['stream', 'fs', 'path', 'crypto', 'util', 'buffer'],
    plugins: [peersPlugin(libraries)],
    logLevel: 'error',
  });
}

async function indexFiles(root) {
  const files = {};
  const list = [...walk(root)].filter((f) => !f.endsWith('.gz') && f.includes('@'));
  for (let i = 0; i < list.length; i += 32)
    await Promise.all(
      list.slice(i, i + 32).map(async (rel) => {
        const body = readFileSync(join(root, rel));
        let gz = null;
        if (body.length > 1024 && COMPRESSIBLE.test(rel)) {
          const z = await gzipAsync(body, { level: 9 });
          if (z.length < body.length * 0.9) {
            writeFileSync(join(root, `${rel}.gz`), z);
            gz = z.length;
          }
        }
        files[rel] = { size: body.length, gz, etag: `"${hash(body).slice(0, 20)}"` };
      }),
    );
  return Object.fromEntries(Object.entries(files).sort(([a], [b]) => a.localeCompare(b)));
}

function fontsIndex(fonts) {
  const out = {};
  for (const f of fonts) {
    const faces = {};
    for (const file of readdirSync(join(modules, f.package, 'files'))) {
      const m = new RegExp(`^${f.id}-latin-(\\d+)-(normal|italic)\\.woff2$`).exec(file);
      if (m) faces[`${m[1]}-${m[2]}`] = `/mirror/${f.package}@${f.version}/files/${file}`;
    }
    out[f.id] = { family: f.family, faces };
  }
  return out;
}

/** Builds dist/public/mirror (see the file comment). Returns whether anything was rebuilt. */
export async function buildMirror({ out, force = false, log = console.log }) {
  ensureInstalled(log);
  const manifest = await loadManifest();
  const libraries = manifest.MIRROR_LIBRARIES;
  checkInstalled(libraries);
  const dir = join(out, 'mirror');
  const stampFile = join(dir, '.stamp');
  const stamp = hash(
    readFileSync(join(mirrorPkg, 'package-lock.json')),
    readFileSync(join(appDir, 'src/mirror/manifest.ts')),
    readFileSync(join(appDir, 'src/mirror/packages.ts')),
    readFileSync(fileURLToPath(import.meta.url)),
  );
  if (!force && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return false;
  // Built beside the live directory and swapped in at the end: a renderer (or a second build)
  // reading the mirror meanwhile never sees it half-written.
  const next = join(out, `.mirror-${process.pid}`);
  rmSync(next, { recursive: true, force: true });
  for (const lib of libraries)
    for (const v of lib.versions) {
      const pkgDir = join(modules, v.dir);
      const target = join(next, `${lib.name}@${v.version}`);
      for (const rel of walk(pkgDir))
        if (servedType(v, rel) && manifest.servesPath(v, rel)) place(join(pkgDir, rel), join(target, rel));
      if (v.bundles) await bundle(lib, v, target, libraries);
    }
  const files = await indexFiles(next);
  writeFileSync(join(next, 'index.json'), JSON.stringify({ files }));
  writeFileSync(join(next, 'fonts.json'), JSON.stringify(fontsIndex(manifest.MIRROR_FONTS)));
  writeFileSync(join(next, '.stamp'), stamp);
  rmSync(dir, { recursive: true, force: true });
  renameSync(next, dir);
  const bytes = Object.values(files).reduce((n, f) => n + f.size, 0);
  log(`library mirror: ${Object.keys(files).length} files, ${(bytes / 1e6).toFixed(1)} MB`);
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const out = join(appDir, 'dist/public');
  const t0 = Date.now();
  const rebuilt = await buildMirror({ out, force: process.argv.includes('--force') });
  console.log(`library mirror ${rebuilt ? 'built' : 'up to date'} in ${Date.now() - t0} ms`);
}
