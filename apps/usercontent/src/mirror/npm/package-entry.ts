/**
 * Which file of a package a CDN URL means, decided from the package's own package.json and file
 * list alone (pure: unit-tested without a registry):
 *   - its browser entry (jsDelivr and unpkg without a file): `jsdelivr`, `unpkg`, `browser` (a
 *     string), `main`, index.js; for a stylesheet `style`, then a CSS `main`;
 *   - its ES module entry for a subpath (esm.sh, `+esm`): `exports` with the browser, import,
 *     module and default conditions, then `module`, `jsnext:main`, `browser`, `main`;
 *   - a cdnjs file name in its layout: the folder hint, the path as given, the same name in the
 *     usual build folders, then anywhere; a `.min` name may be answered by the plain file.
 */

/** The package.json fields the mirror reads (kept in the cache's meta.json). */
export interface PackageJson {
  name?: string;
  version?: string;
  type?: string;
  main?: unknown;
  module?: unknown;
  'jsnext:main'?: unknown;
  browser?: unknown;
  jsdelivr?: unknown;
  unpkg?: unknown;
  style?: unknown;
  exports?: unknown;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

export const PACKAGE_FIELDS: ReadonlyArray<keyof PackageJson> = [
  'name',
  'version',
  'type',
  'main',
  'module',
  'jsnext:main',
  'browser',
  'jsdelivr',
  'unpkg',
  'style',
  'exports',
  'dependencies',
  'peerDependencies',
  'optionalDependencies',
];

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** "./dist/x" → "dist/x"; null for paths that leave the package. */
export function normalise(path: string): string | null {
  const out: string[] = [];
  for (const s of path.replace(/\\/g, '/').split('/')) {
    if (s === '' || s === '.') continue;
    if (s === '..') return null;
    out.push(s);
  }
  return out.join('/');
}

/** A file named as Node would find it: as is, with .js/.mjs/.cjs/.json, or as a folder's index. */
export function findFile(
  files: ReadonlySet<string> | ReadonlyMap<string, unknown>,
  raw: string,
): string | null {
  const p = normalise(raw);
  if (p === null) return null;
  for (const candidate of [p, `${p}.js`, `${p}.mjs`, `${p}.cjs`, `${p}/index.js`, `${p}/index.mjs`])
    if (candidate && files.has(candidate)) return candidate;
  return null;
}

/** The file a script or stylesheet tag gets for the package URL without a file. */
export function browserEntry(
  pkg: PackageJson,
  files: ReadonlySet<string> | ReadonlyMap<string, unknown>,
  style: boolean,
): string | null {
  const fields = style
    ? [str(pkg.style), str(pkg.main)?.endsWith('.css') ? str(pkg.main) : null, 'index.css']
    : [str(pkg.jsdelivr), str(pkg.unpkg), str(pkg.browser), str(pkg.main), 'index.js'];
  for (const f of fields) {
    const found = f ? findFile(files, f) : null;
    if (found) return found;
  }
  return null;
}

const CONDITIONS = ['browser', 'import', 'module', 'production', 'default'];

/** One `exports` target: a string, a condition object (in its own key order), or an array. */
function exportTarget(target: unknown, star: string | null): string | null {
  if (typeof target === 'string') return star === null ? target : target.split('*').join(star);
  if (Array.isArray(target)) {
    for (const t of target) {
      const found = exportTarget(t, star);
      if (found) return found;
    }
    return null;
  }
  if (target && typeof target === 'object') {
    for (const [key, value] of Object.entries(target as Record<string, unknown>)) {
      if (!CONDITIONS.includes(key)) continue;
      const found = exportTarget(value, star);
      if (found) return found;
    }
  }
  return null;
}

/** The `exports` map's file for a subpath ('.' or './x'), or undefined when it has no map. */
export function resolveExports(exportsField: unknown, subpath: string): string | null | undefined {
  if (exportsField === undefined || exportsField === null) return undefined;
  const key = subpath === '' ? '.' : `./${subpath}`;
  const map =
    typeof exportsField === 'string' ||
    Array.isArray(exportsField) ||
    !Object.keys(exportsField).some((k) => k.startsWith('.'))
      ? { '.': exportsField }
      : (exportsField as Record<string, unknown>);
  if (Object.hasOwn(map, key)) return exportTarget(map[key], null);
  // Patterns ("./*": "./dist/*.js"): the longest prefix wins.
  let best: { prefix: string; suffix: string; target: unknown } | null = null;
  for (const [pattern, target] of Object.entries(map)) {
    const star = pattern.indexOf('*');
    if (star < 0) {
      // Old-style folder mappings ("./": "./").
      if (pattern.endsWith('/') && key.startsWith(pattern) && (!best || pattern.length > best.prefix.length))
        best = { prefix: pattern, suffix: '', target: typeof target === 'string' ? `${target}*` : target };
      continue;
    }
    const prefix = pattern.slice(0, star);
    const suffix = pattern.slice(star + 1);
    if (key.startsWith(prefix) && key.endsWith(suffix) && key.length >= prefix.length + suffix.length)
      if (!best || prefix.length > best.prefix.length) best = { prefix, suffix, target };
  }
  if (!best) return null;
  const matched = key.slice(best.prefix.length, key.length - best.suffix.length);
  return exportTarget(best.target, matched);
}

/** The module file for `subpath` of a package ('' = the package itself), or null. */
export function esmEntry(
  pkg: PackageJson,
  files: ReadonlySet<string> | ReadonlyMap<string, unknown>,
  subpath: string,
): string | null {
  // A file named directly (esm.sh/pkg/dist/x.js, jsDelivr's …/x.js/+esm) is used as it is.
  if (subpath && files.has(subpath)) return subpath;
  const exported = resolveExports(pkg.exports, subpath);
  if (exported) {
    const found = findFile(files, exported);
    if (found) return found;
  }
  if (subpath === '') {
    for (const f of [str(pkg.module), str(pkg['jsnext:main']), str(pkg.browser), str(pkg.main), 'index.js']) {
      const found = f ? findFile(files, f) : null;
      if (found) return found;
    }
    return null;
  }
  return findFile(files, subpath);
}

const BUILD_FOLDERS = [
  'dist/',
  'build/',
  'lib/',
  'umd/',
  'dist/umd/',
  'bundles/',
  'min/',
  'browser/',
  'js/',
  'css/',
];

/** Names a cdnjs file may have in the package: as given, unminified, minified. */
function variants(file: string): string[] {
  const out = [file];
  const min = /^(.*)\.min\.(js|css|mjs)$/.exec(file);
  if (min) out.push(`${min[1]}.${min[2]}`);
  else {
    const plain = /^(.*)\.(js|css|mjs)$/.exec(file);
    if (plain) out.push(`${plain[1]}.min.${plain[2]}`);
  }
  return out;
}

/** The package file a cdnjs URL's file path means, or null. */
export function findCdnjsFile(files: Iterable<string>, file: string, rootHint: string): string | null {
  const list = [...files];
  const has = new Set(list);
  for (const name of variants(file)) {
    if (rootHint && has.has(rootHint + name)) return rootHint + name;
    if (has.has(name)) return name;
    for (const dir of BUILD_FOLDERS) if (has.has(dir + name)) return dir + name;
    const matches = list.filter((f) => f.endsWith(`/${name}`));
    if (matches.length) {
      const rank = (f: string) => {
        const i = BUILD_FOLDERS.findIndex((d) => f.startsWith(d));
        return i < 0 ? BUILD_FOLDERS.length : i;
      };
      matches.sort((a, b) => rank(a) - rank(b) || a.length - b.length || (a < b ? -1 : 1));
      return matches[0] ?? null;
    }
  }
  return null;
}

/** A package file's minified name asked for but absent (jsDelivr minifies on the fly): the plain one. */
export function unminifiedOf(
  files: ReadonlySet<string> | ReadonlyMap<string, unknown>,
  path: string,
): string | null {
  const m = /^(.*)\.min\.(js|css|mjs)$/.exec(path);
  const plain = m ? `${m[1]}.${m[2]}` : null;
  return plain && files.has(plain) ? plain : null;
}
