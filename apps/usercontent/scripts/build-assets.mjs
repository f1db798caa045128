#!/usr/bin/env node
// Builds what the renderer serves from dist/public:
//   assets/agent.js   the script inside every artifact document (tiny: it counts in the embed budget)
//   assets/frame.js   the /frame shell (protocol checks, document builder)
//   assets/embed.js   the embed code's script on embedding pages (automatic heights)
//   vendor/*.js       one ES module per library a React artifact may import, sharing one React
//                     through the document's import map; plus sucrase, highlight.js, marked,
//                     Tailwind's browser build and d3's UMD build. Nothing comes from a public CDN.
// Library bundles are rebuilt only when the lockfile or this script changed (`--force` to rebuild).
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { buildShadcnUi } from './build-shadcn.mjs';

const appDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const root = join(appDir, '../..');
const out = join(appDir, 'dist/public');
const require = createRequire(join(root, 'package.json'));
const force = process.argv.includes('--force');

const REACT_EXTERNALS = ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime'];

/**
 * Keeps React packages out of library bundles. ESM imports stay bare (the import map resolves
 * them); CommonJS require() calls get a small ES module that re-exports the external one, so
 * every bundle uses the single React that /vendor/react.js provides.
 */
function reactExternals(except = []) {
  const external = REACT_EXTERNALS.filter((e) => !except.includes(e));
  const filter = new RegExp(`^(${external.map((e) => e.replace('/', '\\/')).join('|')})$`);
  return {
    name: 'react-externals',
    setup(b) {
      b.onResolve({ filter: /^cv-ext:/ }, (a) => ({ path: a.path.slice('cv-ext:'.length), external: true }));
      b.onResolve({ filter }, (a) =>
        a.kind === 'require-call'
          ? { path: a.path, namespace: 'cv-cjs-external' }
          : { path: a.path, external: true },
      );
      b.onLoad({ filter: /.*/, namespace: 'cv-cjs-external' }, (a) => ({
        contents: `export * from 'cv-ext:${a.path}'; export { default } from 'cv-ext:${a.path}';`,
        loader: 'js',
      }));
    },
  };
}

/** Client code imports only the rendering part of the contracts: no need for the rest (or its size). */
const contractsRenderingOnly = {
  name: 'contracts-rendering-only',
  setup(b) {
    b.onResolve({ filter: /^@core-vault\/contracts$/ }, () => ({
      path: join(root, 'libs/contracts/src/rendering/index.ts'),
      sideEffects: false,
    }));
  },
};

/** zod re-exports all of its ~40 locales; the frame never shows zod's messages, so English only. */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(b) {
    b.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, () => ({
      contents: `export { default as en } from './en.js';`,
      loader: 'js',
    }));
  },
};

const common = {
  bundle: true,
  minify: true,
  legalComments: 'none',
  target: 'es2022',
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
};

async function buildClient() {
  await build({
    ...common,
    entryPoints: [join(appDir, 'src/client/agent.ts')],
    outfile: join(out, 'assets/agent.js'),
    format: 'iife',
    plugins: [contractsRenderingOnly],
  });
  // The embed code's script, on the embedding page: no imports from the contracts at all.
  await build({
    ...common,
    entryPoints: [join(appDir, 'src/client/embed.ts')],
    outfile: join(out, 'assets/embed.js'),
    format: 'iife',
  });
  await build({
    ...common,
    entryPoints: [join(appDir, 'src/client/frame.ts')],
    outfile: join(out, 'assets/frame.js'),
    format: 'esm',
    plugins: [contractsRenderingOnly, zodEnglishOnly],
  });
}

/** Entry source re-exporting a package: named exports listed explicitly for CommonJS packages. */
function entrySource(spec, kind) {
  if (kind === 'esm') {
    return `export * from '${spec}';\n`;
  }
  const names = Object.keys(require(spec)).filter((n) => /^[A-Za-z_$][\w$]*$/.test(n) && n !== 'default');
  return `import M from '${spec}';\nexport default M;\nexport const { ${names.join(', ')} } = M;\n`;
}

const LIBRARIES = [
  { file: 'react.js', spec: 'react', kind: 'cjs', except: ['react'] },
  { file: 'react-jsx-runtime.js', spec: 'react/jsx-runtime', kind: 'cjs', except: ['react/jsx-runtime'] },
  { file: 'react-dom.js', spec: 'react-dom', kind: 'cjs', except: ['react-dom'] },
  { file: 'react-dom-client.js', spec: 'react-dom/client', kind: 'cjs', except: ['react-dom/client'] },
  { file: 'lucide-react.js', spec: 'lucide-react', kind: 'esm' },
  { file: 'recharts.js', spec: 'recharts', kind: 'esm' },
  {
    file: 'lodash.js',
    spec: 'lodash-es',
    kind: 'esm',
    source: `export * from 'lodash-es';\nexport { default } from 'lodash-es';\n`,
  },
  { file: 'd3.js', spec: 'd3', kind: 'esm' },
  { file: 'papaparse.js', spec: 'papaparse', kind: 'cjs' },
  { file: 'mathjs.js', spec: 'mathjs', kind: 'esm' },
  { file: 'three.js', spec: 'three', kind: 'esm' },
  { file: 'date-fns.js', spec: 'date-fns', kind: 'esm' },
  { file: 'tone.js', spec: 'tone', kind: 'esm' },
  {
    file: 'chart-js.js',
    spec: 'chart.js',
    kind: 'esm',
    source: `export * from 'chart.js';\nexport { Chart as default } from 'chart.js';\n`,
  },
  // `chart.js/auto` registers every controller on the one Chart of /vendor/chart-js.js.
  {
    file: 'chart-js-auto.js',
    spec: 'chart.js/auto',
    kind: 'esm',
    external: ['chart.js'],
    source: `import { Chart, registerables } from 'chart.js';\nChart.register(...registerables);\nexport * from 'chart.js';\nexport default Chart;\n`,
  },
  {
    file: 'react-markdown.js',
    spec: 'react-markdown',
    kind: 'esm',
    source: `export * from 'react-markdown';\nexport { default } from 'react-markdown';\n`,
  },
  { file: 'framer-motion.js', spec: 'framer-motion', kind: 'esm' },
  {
    file: 'clsx.js',
    spec: 'clsx',
    kind: 'esm',
    source: `export * from 'clsx';\nexport { default } from 'clsx';\n`,
  },
  { file: 'tailwind-merge.js', spec: 'tailwind-merge', kind: 'esm' },
  { file: 'class-variance-authority.js', spec: 'class-variance-authority', kind: 'esm' },
  // The renderer's own helpers, loaded by the frame on demand.
  { file: 'sucrase.js', spec: 'sucrase', kind: 'esm', source: `export { transform } from 'sucrase';\n` },
  {
    file: 'highlight.js',
    spec: 'highlight.js',
    kind: 'esm',
    source: `import hljs from 'highlight.js/lib/common';\nexport default hljs;\n`,
  },
  { file: 'marked.js', spec: 'marked', kind: 'esm', source: `export { marked } from 'marked';\n` },
];

const COPIES = [
  { file: 'tailwind.js', from: require.resolve('@tailwindcss/browser') },
  { file: 'd3.min.js', from: join(root, 'node_modules/d3/dist/d3.min.js') },
];

function vendorStamp() {
  const hash = createHash('sha256');
  hash.update(readFileSync(join(root, 'package-lock.json')));
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  return hash.digest('hex');
}

async function buildVendor() {
  const vendorDir = join(out, 'vendor');
  const stampFile = join(vendorDir, '.stamp');
  const stamp = vendorStamp();
  const complete = [...LIBRARIES, ...COPIES].every((l) => existsSync(join(vendorDir, l.file)));
  if (!force && complete && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return false;
  rmSync(vendorDir, { recursive: true, force: true });
  mkdirSync(vendorDir, { recursive: true });
  const entries = join(root, '.cache/usercontent-vendor');
  mkdirSync(entries, { recursive: true });
  await Promise.all(
    LIBRARIES.map(async (lib) => {
      const entry = join(entries, lib.file);
      writeFileSync(entry, lib.source ?? entrySource(lib.spec, lib.kind));
      await build({
        ...common,
        entryPoints: [entry],
        outfile: join(vendorDir, lib.file),
        format: 'esm',
        plugins: [reactExternals(lib.except ?? [])],
        external: lib.external ?? [],
      });
    }),
  );
  for (const c of COPIES) copyFileSync(c.from, join(vendorDir, c.file));
  writeFileSync(stampFile, stamp);
  return true;
}

const t0 = Date.now();
mkdirSync(join(out, 'assets'), { recursive: true });
await buildClient();
const rebuilt = await buildVendor();
const uiRebuilt = await buildShadcnUi({
  root,
  appDir,
  vendorDir: join(out, 'vendor'),
  force,
  common,
  plugins: [reactExternals()],
});
console.log(
  `usercontent assets built in ${Date.now() - t0} ms${rebuilt || uiRebuilt ? ' (libraries rebuilt)' : ''}`,
);
await (await import('./build-mirror.mjs')).buildMirror({ out, force });
