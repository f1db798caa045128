/**
 * The mirror's URLs for any npm package (beyond the pinned manifest), shared by the document
 * rewrite (pure: it runs in the frame and on the server) and the server that answers them from
 * its npm cache (server/npm-routes.ts). No Node APIs here.
 *
 *   /mirror/{pkg}@{version|range|tag}/{path}     a file of the package (exact version: immutable;
 *                                                a range or tag redirects to the exact version)
 *   /mirror/{pkg}@{…}/                           the package's browser entry (jsdelivr, unpkg,
 *                                                browser, main; `style` for a stylesheet)
 *   /mirror/{pkg}@{…}/+esm, /{subpath}/+esm       an ES module built from the package's entry or
 *                                                subpath, bare imports pointing at /mirror/ again
 *   /mirror/{pkg}@{…}/+cdnjs/{file}               a cdnjs file name, found in the package's layout
 *
 * The range is kept as the page wrote it (`3.x.x`, `^1.2`, `latest`): only the server, with the
 * registry's packument, can resolve it.
 */

/** File types the mirror serves from a package (never package.json, sources maps, docs). */
export const SERVED_EXTENSIONS: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.eot': 'application/vnd.ms-fontobject',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.gif': 'image/gif',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
};

/** The content type a package path is served as, or null when the mirror does not serve it. */
export function servedType(path: string): string | null {
  const slash = path.lastIndexOf('/');
  const base = path.slice(slash + 1).toLowerCase();
  if (base === 'package.json' || base === 'package-lock.json') return null;
  const dot = base.lastIndexOf('.');
  return dot > 0 ? (SERVED_EXTENSIONS[base.slice(dot)] ?? null) : null;
}

/** npm's rules: lower case (old packages may have capitals), URL-safe, at most 214 characters. */
const NAME = /^(?:@[a-z0-9][\w.~-]*\/)?[a-z0-9][\w.~-]*$/i;

export const validPackageName = (name: string): boolean =>
  name.length <= 214 && NAME.test(name) && !/(^|\/)(node_modules|favicon\.ico)$/i.test(name);

/** A version, range or dist-tag as CDNs accept them: `1.2.3`, `^1`, `3.x.x`, `>=1 <2`, `latest`. */
export const validVersionSpec = (spec: string): boolean =>
  spec.length > 0 && spec.length <= 64 && /^[\w.^~<>=|*+ -]+$/.test(spec) && !/^[-.]/.test(spec);

/** Whether a string holds a control character (C0 or DEL). */
export const hasControl = (s: string): boolean => {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
};

/**
 * A path inside a package, from already-decoded segments: null when any segment is empty, `.` or
 * `..`, starts with a dot, holds a slash, backslash, control character or `%`, or the whole is
 * too long. The server also looks the result up in the package's own file list, so a path never
 * names anything outside it.
 */
export function safePackagePath(segments: readonly string[]): string | null {
  if (segments.length === 0 || segments.length > 32) return null;
  for (const s of segments)
    if (!s || s.startsWith('.') || s.length > 255 || /[/\\%]/.test(s) || hasControl(s)) return null;
  const path = segments.join('/');
  return path.length <= 1024 ? path : null;
}

export type NpmMode = 'file' | 'entry' | 'esm' | 'cdnjs';

export interface NpmTarget {
  name: string;
  /** As the page asked for it: an exact version, a range or a dist-tag. */
  spec: string;
  /** A package path (file, cdnjs), the ES module subpath ('' = the entry), or '' (entry). */
  path: string;
  mode: NpmMode;
}

const encodeSegment = (s: string) => encodeURIComponent(s).replace(/%40/g, '@').replace(/%2B/g, '+');

/** The mirror URL of a target (see the file comment). */
export function npmMirrorUrl(t: NpmTarget): string {
  const base = `/mirror/${t.name}@${encodeSegment(t.spec)}/`;
  const path = t.path.split('/').filter(Boolean).map(encodeSegment).join('/');
  switch (t.mode) {
    case 'entry':
      return base;
    case 'esm':
      return path ? `${base}${path}/+esm` : `${base}+esm`;
    case 'cdnjs':
      return `${base}+cdnjs/${path}`;
    case 'file':
      return base + path;
  }
}

/**
 * "pkg@spec/path" or "@scope/pkg@spec/path" as written after a CDN's prefix (percent-encoded):
 * the name, the spec ('latest' when none) and the decoded path segments; null when malformed.
 */
export function splitNpmSpecifier(
  raw: string,
): { name: string; spec: string; segments: string[]; explicit: boolean } | null {
  const parts = raw.split('/');
  const scoped = parts[0]?.startsWith('@');
  const nameEnd = scoped ? 2 : 1;
  if (parts.length < nameEnd) return null;
  const last = parts[nameEnd - 1] ?? '';
  const at = last.indexOf('@', scoped ? 0 : 1);
  let segments: string[];
  let name: string;
  let spec: string;
  try {
    const bare = at < 0 ? last : last.slice(0, at);
    name = decodeURIComponent([...parts.slice(0, nameEnd - 1), bare].join('/'));
    spec = at < 0 ? '' : decodeURIComponent(last.slice(at + 1));
    segments = parts.slice(nameEnd).map((s) => decodeURIComponent(s));
  } catch {
    return null;
  }
  if (!validPackageName(name)) return null;
  if (at >= 0 && !validVersionSpec(spec)) return null;
  return { name, spec: spec || 'latest', segments, explicit: at >= 0 };
}

/**
 * A /mirror/ request path (still percent-encoded, as the URL parser left it) → its target, or
 * null when it is not a well-formed generic mirror path (the server answers 404).
 */
export function parseMirrorPath(pathname: string): NpmTarget | null {
  if (!pathname.startsWith('/mirror/')) return null;
  const split = splitNpmSpecifier(pathname.slice('/mirror/'.length));
  if (!split || !split.explicit) return null;
  const { name, spec, segments } = split;
  if (segments.length === 0) return null;
  if (segments.length === 1 && segments[0] === '') return { name, spec, path: '', mode: 'entry' };
  if (segments[0] === '+cdnjs') {
    const path = safePackagePath(segments.slice(1));
    return path ? { name, spec, path, mode: 'cdnjs' } : null;
  }
  if (segments[segments.length - 1] === '+esm') {
    if (segments.length === 1) return { name, spec, path: '', mode: 'esm' };
    const path = safePackagePath(segments.slice(0, -1));
    return path ? { name, spec, path, mode: 'esm' } : null;
  }
  const path = safePackagePath(segments);
  return path ? { name, spec, path, mode: 'file' } : null;
}
