/**
 * Public CDN URL → the renderer's /mirror/ copy, or null when the vault does not serve it. Pure
 * (runs in the frame and on the server). The CDN URL shapes artifacts use:
 *   cdnjs      https://cdnjs.cloudflare.com/ajax/libs/{cdnjs name}/{version}/{file}
 *   unpkg      https://unpkg.com/{pkg}[@{version}][/{path}][?module]
 *   jsDelivr   https://cdn.jsdelivr.net/npm/{pkg}[@{version}][/{path}|/+esm]
 *   esm.sh     https://esm.sh/[v135/|stable/][*]{pkg}[@{version}][/{subpath}][?…]  (always ES modules)
 *   Skypack    https://cdn.skypack.dev/{pkg}[@{version}][/{subpath}]               (ES modules)
 *   JSPM       https://ga.jspm.io/npm:{pkg}@{version}/{path}
 *   and d3js.org/d3.v{N}[.min].js, cdn.plot.ly/plotly-{version|latest}[.min].js,
 *   code.jquery.com/jquery-{version}[.slim][.min].js, cdn.tailwindcss.com (Play CDN, any query),
 *   fonts.googleapis.com/css[2]?family=… (answered from the @fontsource families).
 */
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

/** What the URL is loaded as: a classic script, an ES module, a stylesheet, or unknown. */
export type LoadKind = 'script' | 'module' | 'style' | 'any';

export interface Resolved {
  url: string;
  library: MirrorLibrary;
  version: MirrorVersion;
}

/** Resolved, or `'fonts'` for Google Fonts CSS (not a package), or null. */
export type Resolution = Resolved | { url: string; library: null; version: null } | null;

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

function npmSpec(spec: string, kind: LoadKind): Resolved | null {
  const parts = splitSpec(spec);
  const lib = parts && libraryByNpmName(parts.name);
  return lib && parts ? resolvePackagePath(lib, parts.version, parts.path, kind) : null;
}

function cdnjs(path: string): Resolved | null {
  const m = /^\/ajax\/libs\/([^/]+)\/([^/]+)\/(.+)$/.exec(path);
  const lib = m && libraryByCdnjsName(m[1] ?? '');
  if (!m || !lib) return null;
  return resolvePackagePath(lib, m[2], `${lib.cdnjs?.root ?? ''}${m[3]}`, 'any');
}

function special(host: string, path: string): Resolved | null {
  let m: RegExpExecArray | null;
  if (host === 'd3js.org' && (m = /^\/d3\.v(\d+)(\.min)?\.js$/.exec(path)))
    return npmSpec(`d3@${m[1]}/dist/d3${m[2] ?? ''}.js`, 'script');
  if (host === 'cdn.plot.ly' && /^\/plotly-[\w.-]+\.js$/.test(path))
    return npmSpec('plotly.js-dist-min', 'script');
  if (host === 'code.jquery.com' && (m = /^\/jquery-(\d[\w.]*?|latest)(\.slim)?(\.min)?\.js$/.exec(path)))
    return npmSpec(`jquery@${m[1]}/dist/jquery${m[2] ?? ''}${m[3] ?? ''}.js`, 'script');
  if (host === 'cdn.tailwindcss.com') return npmSpec('@tailwindcss/browser', 'script');
  return null;
}

/** The mirror URL for a remote URL loaded as `kind`, or null when the vault does not serve it. */
export function resolveCdnUrl(raw: string, kind: LoadKind): Resolution {
  const url = parseRemote(raw);
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  const path = decodeURI(url.pathname);
  switch (host) {
    case 'fonts.googleapis.com': {
      const m = /^\/(css2?)$/.exec(url.pathname);
      return m ? { url: `${GOOGLE_FONTS_PATH}${m[1]}${url.search}`, library: null, version: null } : null;
    }
    case 'cdnjs.cloudflare.com':
      return cdnjs(path);
    case 'unpkg.com':
      return npmSpec(path.slice(1), url.searchParams.has('module') ? 'module' : kind);
    case 'cdn.jsdelivr.net':
    case 'fastly.jsdelivr.net':
      return path.startsWith('/npm/') ? npmSpec(path.slice('/npm/'.length), kind) : null;
    case 'esm.sh':
    case 'cdn.esm.sh':
    case 'cdn.skypack.dev':
      return npmSpec(path.replace(/^\/(v\d+|stable|pin\/v\d+)\//, '/').replace(/^\/\*?/, ''), 'module');
    case 'ga.jspm.io':
      return path.startsWith('/npm:') ? npmSpec(path.slice('/npm:'.length), 'module') : null;
    default:
      return special(host, path);
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
