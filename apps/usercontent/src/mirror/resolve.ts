/**
 * Public CDN URL → the renderer's /mirror/ copy, or null when the vault does not serve it. Pure
 * (runs in the frame and on the server). A library of the pinned manifest (packages.ts, built
 * into the image) answers from it; any other npm package named on these CDNs maps to the mirror's
 * npm cache (npm-paths.ts), which the server fills from the registry on first use. The CDN URL
 * shapes artifacts use:
 *   cdnjs      https://cdnjs.cloudflare.com/ajax/libs/{cdnjs name}/{version}/{file}
 *   unpkg      https://unpkg.com/{pkg}[@{version}][/{path}][?module]
 *   jsDelivr   https://cdn.jsdelivr.net/npm/{pkg}[@{version}][/{path}|/+esm]
 *   esm.sh     https://esm.sh/[v135/|stable/][*]{pkg}[@{version}][/{subpath}][?…]  (always ES modules)
 *   Skypack    https://cdn.skypack.dev/{pkg}[@{version}][/{subpath}]               (ES modules)
 *   JSPM       https://ga.jspm.io/npm:{pkg}@{version}/{path}, https://jspm.dev/{pkg}[@{version}]
 *   esm.run    https://esm.run/{pkg}[@{version}][/{subpath}]                      (jsDelivr's /+esm)
 *   and d3js.org/d3.v{N}[.min].js, cdn.plot.ly/plotly-{version|latest}[.min].js,
 *   code.jquery.com/jquery-{version}[.slim][.min].js, cdn.tailwindcss.com (Play CDN, any query),
 *   fonts.googleapis.com/css[2]?family=… (answered from the @fontsource families).
 */
import { cdnjsPackage } from './cdnjs-names';
import {
  type MirrorLibrary,
  type MirrorVersion,
  libraryByCdnjsName,
  libraryByNpmName,
  mirrorBase,
  requestedLine,
  selectVersion,
  servesPath,
} from './manifest';
import { type NpmTarget, npmMirrorUrl, safePackagePath, servedType, splitNpmSpecifier } from './npm-paths';

/** What the URL is loaded as: a classic script, an ES module, a stylesheet, or unknown. */
export type LoadKind = 'script' | 'module' | 'style' | 'any';

export interface Resolved {
  url: string;
  library: MirrorLibrary;
  version: MirrorVersion;
}

/**
 * Resolved from the pinned manifest; or a URL not of a pinned library: Google Fonts CSS, or any
 * other npm package (`npm`, answered by the server's npm cache); or null.
 */
export type Resolution = Resolved | { url: string; library: null; version: null; npm?: NpmTarget } | null;

/** Hosts whose URLs the mirror answers (others are never rewritten). */
export const MIRROR_HOSTS = new Set([
  'cdnjs.cloudflare.com',
  'unpkg.com',
  'cdn.jsdelivr.net',
  'fastly.jsdelivr.net',
  'esm.sh',
  'cdn.esm.sh',
  'cdn.skypack.dev',
  'ga.jspm.io',
  'jspm.dev',
  'esm.run',
  'd3js.org',
  'cdn.plot.ly',
  'code.jquery.com',
  'cdn.tailwindcss.com',
  'fonts.googleapis.com',
]);

/** Font files referenced by Google's own CSS: replaced with that CSS, never reported. */
export const SILENT_HOSTS = new Set(['fonts.gstatic.com']);

export const GOOGLE_FONTS_PATH = '/mirror/google-fonts/';

export function parseRemote(raw: string): URL | null {
  const s = raw.trim();
  if (!/^(https?:)?\/\//i.test(s)) return null;
  try {
    return new URL(s.startsWith('//') ? `https:${s}` : s);
  } catch {
    return null;
  }
}

/** "pkg@ver/path" or "@scope/pkg@ver/path" → parts (version and path may be empty). */
function splitSpec(spec: string): { name: string; version?: string; path: string } | null {
  const m = /^((?:@[^/@]+\/)?[^/@]+)(?:@([^/]*))?(?:\/(.*))?$/.exec(spec);
  if (!m) return null;
  return { name: decodeURIComponent(m[1] ?? ''), version: m[2] || undefined, path: m[3] ?? '' };
}

const file = (lib: MirrorLibrary, v: MirrorVersion, path: string): Resolved => ({
  url: mirrorBase(lib, v) + path,
  library: lib,
  version: v,
});

/** A path inside one version's package, or null if that version does not serve it. */
function pathIn(lib: MirrorLibrary, v: MirrorVersion, path: string, kind: LoadKind): Resolved | null {
  const p = path.replace(/^\/+/, '').replace(/\/+$/, '');
  if (p === '' || p === '+esm') {
    const entry = kind === 'module' || p === '+esm' ? v.module : v.main;
    return entry ? file(lib, v, entry) : null;
  }
  const esm = /^(.*)\/\+esm$/.exec(p);
  const sub = v.submodules?.[esm?.[1] ?? p];
  if (sub && (kind === 'module' || esm)) return file(lib, v, sub);
  for (const [from, to] of Object.entries(v.exportDirs ?? {}))
    if (p.startsWith(from)) return pathIn(lib, v, to + p.slice(from.length), kind);
  // Folders whose files are minified under their plain names: "x.min.js" is "x.js".
  if (v.minDirs?.some((d) => p.startsWith(d)) && p.endsWith('.min.js'))
    return pathIn(lib, v, p.replace(/\.min\.js$/, '.js'), kind);
  const aliased = v.alias?.[p] ?? p;
  if (servesPath(v, aliased)) return file(lib, v, aliased);
  // esm.sh/jsDelivr answer "pkg/sub" without an extension with the module file "sub.js".
  if (kind === 'module' && !/\.[cm]?js$/.test(p) && servesPath(v, `${p}.js`)) return file(lib, v, `${p}.js`);
  return null;
}

/**
 * A file of a library at a requested version. An explicit version picks its line (see
 * selectVersion); without one, the newest version that serves the path answers (three 0.187
 * has no global build, so `three/build/three.min.js` unversioned gets 0.160's).
 */
export function resolvePackagePath(
  lib: MirrorLibrary,
  requested: string | undefined,
  path: string,
  kind: LoadKind,
): Resolved | null {
  const chosen = selectVersion(lib, requested);
  const found = pathIn(lib, chosen, path, kind);
  if (found || requestedLine(lib, requested) !== null) return found;
  for (const v of lib.versions) {
    const other = v === chosen ? null : pathIn(lib, v, path, kind);
    if (other) return other;
  }
  return null;
}

/** How a CDN serves a package URL without a file: its ES module build always, or by the load. */
type EsmStyle = 'always' | 'by-kind';

const generic = (t: NpmTarget): Resolution => ({
  url: npmMirrorUrl(t),
  library: null,
  version: null,
  npm: t,
});

/**
 * Packages whose standard build evaluates strings as code (`new Function`), which the frame's CSP
 * refuses ('unsafe-eval' is never granted): answered by the same library's CSP-safe build, at its
 * newest version of the same major (Alpine's CSP build parses expressions itself from 3.15 on;
 * older ones did not). The page's script runs instead of failing on its first expression.
 */
const CSP_SAFE_BUILDS: Readonly<
  Record<string, { major: string; name: string; spec: string; entry: string }>
> = {
  alpinejs: { major: '3', name: '@alpinejs/csp', spec: '3', entry: 'dist/cdn.min.js' },
};

function cspSafe(name: string, spec: string): { name: string; spec: string; entry?: string } {
  const safe = CSP_SAFE_BUILDS[name];
  const major = /^[\^~=v\s]*(\d+)(?:\D|$)/.exec(spec)?.[1] ?? (spec === 'latest' ? safe?.major : undefined);
  return safe && major === safe.major ? safe : { name, spec };
}

/**
 * Any npm package as a CDN names it ("pkg@range/path", still percent-encoded) → the npm cache's
 * URL: a file (of a type the mirror serves), the package's entry, or its ES module build (the
 * `+esm` suffix, esm.sh-style CDNs, a module load without a file, a module load of a subpath
 * without an extension: `react-dom/client`). Null when the name, range or path is not one.
 */
function genericSpec(raw: string, kind: LoadKind, esm: EsmStyle): Resolution {
  const split = splitNpmSpecifier(raw);
  if (!split) return null;
  const { name, spec, entry } = cspSafe(split.name, split.spec);
  let segments = split.segments;
  if (segments.length > 0 && segments[segments.length - 1] === '') return null; // a folder listing
  const suffix = segments[segments.length - 1] === '+esm';
  if (suffix) segments = segments.slice(0, -1);
  const path = segments.length ? safePackagePath(segments) : '';
  if (path === null) return null;
  const module = kind === 'module';
  if (suffix || esm === 'always' || (module && path === ''))
    return generic({ name, spec, path, mode: 'esm' });
  if (path === '')
    return entry
      ? generic({ name, spec, path: entry, mode: 'file' })
      : generic({ name, spec, path, mode: 'entry' });
  if (servedType(path)) return generic({ name, spec, path, mode: 'file' });
  if (module && !/\.[a-z0-9]+$/i.test(path)) return generic({ name, spec, path, mode: 'esm' });
  return null;
}

/** A pinned library's copy when it answers, else the npm cache (see genericSpec). */
function npmSpec(raw: string, kind: LoadKind, esm: EsmStyle = 'by-kind'): Resolution {
  let spec: string;
  try {
    spec = decodeURI(raw);
  } catch {
    return null;
  }
  const parts = splitSpec(spec);
  const lib = parts && libraryByNpmName(parts.name);
  const pinnedKind = esm === 'always' ? 'module' : kind;
  const pinned = lib && parts ? resolvePackagePath(lib, parts.version, parts.path, pinnedKind) : null;
  return pinned ?? genericSpec(raw, kind, esm);
}

function cdnjs(raw: string): Resolution {
  let path: string;
  try {
    path = decodeURI(raw);
  } catch {
    return null;
  }
  const m = /^\/ajax\/libs\/([^/]+)\/([^/]+)\/(.+)$/.exec(path);
  if (!m) return null;
  const [, name = '', version = '', file = ''] = m;
  const lib = libraryByCdnjsName(name);
  const pinned = lib ? resolvePackagePath(lib, version, `${lib.cdnjs?.root ?? ''}${file}`, 'any') : null;
  if (pinned) return pinned;
  const raws = /^\/ajax\/libs\/[^/]+\/[^/]+\/(.+)$/.exec(raw)?.[1] ?? '';
  let segments: string[];
  try {
    segments = raws.split('/').map((s) => decodeURIComponent(s));
  } catch {
    return null;
  }
  const target = safePackagePath(segments);
  const pkg = cdnjsPackage(name, version);
  const checked = splitNpmSpecifier(`${pkg.npm}@${encodeURIComponent(version)}`);
  if (!target || !servedType(target) || !checked) return null;
  return generic({ name: checked.name, spec: checked.spec, path: target, mode: 'cdnjs' });
}

function special(host: string, path: string): Resolution {
  let m: RegExpExecArray | null;
  if (host === 'd3js.org' && (m = /^\/d3\.v(\d+)(\.min)?\.js$/.exec(path)))
    return npmSpec(`d3@${m[1]}/dist/d3${m[2] ?? ''}.js`, 'script');
  if (host === 'cdn.plot.ly' && /^\/plotly-[\w.-]+\.js$/.test(path))
    return npmSpec('plotly.js-dist-min', 'script');
  if (host === 'code.jquery.com' && (m = /^\/jquery-(\d[\w.]*?|latest)(\.slim)?(\.min)?\.js$/.exec(path)))
    return npmSpec(`jquery@${m[1]}/dist/jquery${m[2] ?? ''}${m[3] ?? ''}.js`, 'script');
  // jQuery UI: code.jquery.com/ui/{version}/jquery-ui.min.js and its themes, found in the package.
  if (host === 'code.jquery.com' && (m = /^\/ui\/(\d[\w.-]*)\/(.+)$/.exec(path))) {
    const file = safePackagePath((m[2] ?? '').split('/'));
    return file && servedType(file)
      ? generic({ name: 'jquery-ui', spec: m[1] ?? '', path: file, mode: 'cdnjs' })
      : null;
  }
  if (host === 'cdn.tailwindcss.com') return npmSpec('@tailwindcss/browser', 'script');
  return null;
}

/** The mirror URL for a remote URL loaded as `kind`, or null when the vault does not serve it. */
export function resolveCdnUrl(raw: string, kind: LoadKind): Resolution {
  const url = parseRemote(raw);
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  const path = url.pathname;
  switch (host) {
    case 'fonts.googleapis.com': {
      const m = /^\/(css2?)$/.exec(url.pathname);
      return m ? { url: `${GOOGLE_FONTS_PATH}${m[1]}${url.search}`, library: null, version: null } : null;
    }
    case 'cdnjs.cloudflare.com':
      return cdnjs(path);
    case 'unpkg.com':
      return url.searchParams.has('module')
        ? npmSpec(path.slice(1), 'module', 'always')
        : npmSpec(path.slice(1), kind);
    case 'cdn.jsdelivr.net':
    case 'fastly.jsdelivr.net':
      return path.startsWith('/npm/') ? npmSpec(path.slice('/npm/'.length), kind) : null;
    case 'esm.sh':
    case 'cdn.esm.sh':
    case 'cdn.skypack.dev':
    case 'esm.run':
    case 'jspm.dev': {
      // esm.sh's build paths (/v135/, /stable/) and its "*" (external dependencies) mark.
      const spec = path.replace(/^\/(v\d+|stable|pin\/v\d+)\//, '/').replace(/^\/\*?/, '');
      if (host === 'cdn.skypack.dev' && spec.startsWith('-/')) return null; // Skypack's own build paths
      if (spec.startsWith('gh/') || spec.startsWith('pr/') || spec.startsWith('jsr/')) return null; // not npm
      return npmSpec(spec, 'module', 'always');
    }
    case 'ga.jspm.io':
      return path.startsWith('/npm:') ? npmSpec(path.slice('/npm:'.length), 'module', 'always') : null;
    default: {
      let decoded: string;
      try {
        decoded = decodeURI(path);
      } catch {
        return null;
      }
      return special(host, decoded);
    }
  }
}

/**
 * A bare module specifier ("three", "three/addons/controls/OrbitControls.js", "react-dom/client")
 * → the mirror's module for it at the given version (or the newest), for import maps.
 */
export function resolveBareSpecifier(spec: string, version?: MirrorVersion): Resolved | null {
  const parts = splitSpec(spec);
  const lib = parts && !parts.version ? libraryByNpmName(parts.name) : undefined;
  if (!lib || !parts) return null;
  return pathIn(lib, version ?? selectVersion(lib, undefined), parts.path, 'module');
}
