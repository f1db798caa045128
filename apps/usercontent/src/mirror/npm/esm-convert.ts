/**
 * One ES module from a cached package's entry or subpath, as esm.sh and jsDelivr's `+esm` serve
 * them: esbuild bundles the package's own files (relative imports, its `browser` map) into one
 * file, and every bare import — a dependency, a peer, the package itself under another subpath —
 * becomes an import of the mirror's own URL for that package at an exact version
 * (`/mirror/{dep}@{exact}/+esm`), so one page shares one copy of each package. CommonJS entries
 * get named exports from a static scan (cjs-module-lexer, as Node does): no package code runs
 * here. A CommonJS module's `module.exports` is also exported under the name "module.exports"
 * (Node's convention for require() of an ES module), and `require()` of a dependency inside
 * CommonJS code returns it, so calling what a dependency exports (the `debug` package's
 * factory, say) keeps working. Node built-ins become empty
 * modules. Nothing outside the package folder can be read.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { builtinModules } from 'node:module';
import { type Plugin, build } from 'esbuild';
import { parse as parseCjs } from 'cjs-module-lexer';
import { type PackageJson, findFile } from './package-entry';

export interface EsmBuild {
  code: string;
  /** The module's export names ('default' included when it has one). */
  exports: string[];
}

const BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

/** "pkg/sub/path" or "@scope/pkg/sub" → name and subpath. */
export function splitBare(spec: string): { name: string; subpath: string } {
  const parts = spec.split('/');
  const n = spec.startsWith('@') ? 2 : 1;
  return { name: parts.slice(0, n).join('/'), subpath: parts.slice(n).join('/') };
}

const IDENT = /^[A-Za-z_$][\w$]*$/;
const RESERVED = new Set(
  (
    'default __esModule await break case catch class const continue debugger delete do else enum ' +
    'export extends false finally for function if implements import in instanceof interface let new ' +
    'null package private protected public return static super switch this throw true try typeof ' +
    'var void while with yield arguments eval'
  ).split(' '),
);

/** Named exports of a CommonJS file, following its re-exports inside the package (3 levels). */
function cjsNames(file: string, root: string, files: ReadonlySet<string>, depth = 0): string[] {
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  let parsed: { exports: string[]; reexports: string[] };
  try {
    parsed = parseCjs(source);
  } catch {
    return [];
  }
  const names = new Set(parsed.exports);
  if (depth < 3)
    for (const re of parsed.reexports) {
      if (!re.startsWith('.')) continue; // another package's exports: not known statically here
      const rel = findFile(
        files,
        join(dirname(file.slice(root.length + 1)), re)
          .split(sep)
          .join('/'),
      );
      if (rel) for (const n of cjsNames(join(root, rel), root, files, depth + 1)) names.add(n);
    }
  return [...names].filter((n) => IDENT.test(n) && !RESERVED.has(n));
}

/** Whether a file is CommonJS (no ES module syntax), as esbuild and Node would treat it. */
function isCommonJs(file: string, pkg: PackageJson): boolean {
  if (file.endsWith('.mjs')) return false;
  if (file.endsWith('.cjs')) return true;
  let source = '';
  try {
    source = readFileSync(file, 'utf8');
  } catch {
    return false;
  }
  if (/^\s*(import\s*[\w{*'"]|export\s+[\w{*])/m.test(source)) return false;
  if (pkg.type === 'module') return false;
  return /\b(module\.exports|exports\.[\w$]+\s*=|require\s*\()/.test(source);
}

export interface ConvertOptions {
  /** The package folder (its files as published). */
  root: string;
  /** Its files (relative paths). */
  files: ReadonlySet<string>;
  pkg: PackageJson;
  /** The file to start from (relative to root). */
  entry: string;
  /** The mirror URL for a bare import ("react", "react-dom/client") of this package. */
  external: (spec: string) => Promise<string>;
}

export async function convertToEsm(o: ConvertOptions): Promise<EsmBuild> {
  const root = resolve(o.root);
  const entryFile = join(root, o.entry);
  const inside = (p: string) => p === root || p.startsWith(root + sep);
  const browserMap =
    o.pkg.browser && typeof o.pkg.browser === 'object' ? (o.pkg.browser as Record<string, unknown>) : {};

  const guard: Plugin = {
    name: 'mirror-package',
    setup(b) {
      b.onResolve({ filter: /^cv-entry$/ }, () => ({ path: 'cv-entry', namespace: 'cv-entry' }));
      b.onLoad({ filter: /.*/, namespace: 'cv-entry' }, () => {
        const names = cjsNames(entryFile, root, o.files);
        const named = names.map((n) => `export const ${n} = __m.${n};\n`).join('');
        return {
          contents:
            `const __m = require(${JSON.stringify(entryFile)});\n` +
            `export default __m && __m.__esModule ? __m.default : __m;\n` +
            `export { __m as "module.exports" };\n${named}`,
          loader: 'js',
          resolveDir: root,
        };
      });
      // Absolute imports never reach the disk.
      b.onResolve({ filter: /^\// }, (a) =>
        a.kind === 'entry-point' || (a.path === entryFile && a.namespace === 'cv-entry')
          ? undefined
          : { errors: [{ text: `absolute import ${a.path} refused` }] },
      );
      // Bare imports: the mirror's URL of that package (or nothing, for Node built-ins).
      b.onResolve({ filter: /^[^./]/ }, async (a) => {
        if (a.kind === 'entry-point' || a.namespace === 'cv-entry') return undefined;
        if (browserMap[a.path] === false) return { path: a.path, namespace: 'cv-empty' };
        const { name } = splitBare(a.path);
        const declared =
          o.pkg.dependencies?.[name] ?? o.pkg.peerDependencies?.[name] ?? o.pkg.optionalDependencies?.[name];
        if (!declared && BUILTINS.has(a.path)) return { path: a.path, namespace: 'cv-empty' };
        const url = await o.external(a.path);
        if (a.kind === 'require-call') required.add(url);
        return { path: url, external: true };
      });
      b.onLoad({ filter: /.*/, namespace: 'cv-empty' }, () => ({
        contents: 'export default {};',
        loader: 'js',
      }));
      // Whatever resolution found, it must be a file of this package.
      b.onLoad({ filter: /.*/ }, (a) =>
        a.namespace === 'file' && !inside(a.path)
          ? { errors: [{ text: `${a.path} is outside the package` }] }
          : undefined,
      );
    },
  };

  /** Mirror URLs that CommonJS code require()s: given to it through a `require` of our own. */
  const required = new Set<string>();
  const cjs = isCommonJs(entryFile, o.pkg);
  const result = await build({
    entryPoints: [cjs ? 'cv-entry' : entryFile],
    absWorkingDir: root,
    bundle: true,
    write: false,
    outfile: join(root, '__mirror_out.js'),
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'eof',
    metafile: true,
    mainFields: ['browser', 'module', 'main'],
    conditions: ['browser', 'import', 'module', 'production'],
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
    loader: {
      '.css': 'empty',
      '.wasm': 'empty',
      '.png': 'dataurl',
      '.jpg': 'dataurl',
      '.gif': 'dataurl',
      '.svg': 'dataurl',
      '.woff': 'dataurl',
      '.woff2': 'dataurl',
      '.ttf': 'dataurl',
    },
    plugins: [guard],
    logLevel: 'silent',
  });
  const out = result.outputFiles.find((f) => f.path.endsWith('.js'));
  if (!out) throw new Error('esbuild produced no module');
  const meta = Object.values(result.metafile.outputs)[0];
  return { code: requireShim([...required]) + out.text, exports: meta?.exports ?? [] };
}

/**
 * esbuild leaves `require("url")` of an external module as a call of `require` when one is in
 * scope: this one answers with the module's CommonJS value when it has one, else its namespace.
 */
function requireShim(urls: string[]): string {
  if (urls.length === 0) return '';
  const imports = urls.map((u, i) => `import * as __cv_r${i} from ${JSON.stringify(u)};`).join('');
  const cases = urls.map((u, i) => `${JSON.stringify(u)}:__cv_r${i}`).join(',');
  return `${imports}const __cv_req={${cases}};const require=(id)=>{const m=__cv_req[id];if(!m)throw new Error("Cannot find module "+id);return m["module.exports"]??m};\n`;
}
