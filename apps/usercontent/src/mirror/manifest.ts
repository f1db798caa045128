/**
 * The library mirror's manifest: which libraries the renderer serves in place of public CDNs,
 * in which exact versions (those installed in apps/usercontent/mirror, checked by
 * manifest.spec.ts and by scripts/build-mirror.mjs), under which licence, and which of each
 * package's files. Pure data plus lookups: it is bundled into the frame (the document builder
 * rewrites CDN URLs in the browser too), so no Node APIs here.
 *
 * A version is served at /mirror/{name}@{version}/{path inside the npm package}, the package's own
 * layout, so relative loads keep working (KaTeX fonts, Leaflet images, Font Awesome webfonts,
 * mermaid's chunks, three's examples/jsm). Built ES module bundles (for packages whose npm entry
 * is CommonJS or imports bare specifiers) live under /mirror/{name}@{version}/+esm/.
 */

import { type MirrorLibrary, type MirrorVersion, MIRROR_LIBRARIES } from './packages';

export { MIRROR_FONTS, MIRROR_LIBRARIES, fontId, type MirrorLibrary, type MirrorVersion } from './packages';

const byName = new Map<string, MirrorLibrary>();
for (const lib of MIRROR_LIBRARIES) for (const n of [lib.name, ...(lib.aliases ?? [])]) byName.set(n, lib);
const byCdnjs = new Map<string, MirrorLibrary>();
for (const lib of MIRROR_LIBRARIES) for (const n of lib.cdnjs?.names ?? []) byCdnjs.set(n.toLowerCase(), lib);

export const libraryByNpmName = (name: string) => byName.get(name);
export const libraryByCdnjsName = (name: string) => byCdnjs.get(name.toLowerCase());

/** Major (or three's 0.minor) of a requested version: "^3.9", "v7", "r128", "4.4.0"; null = newest. */
export function requestedLine(lib: MirrorLibrary, requested: string | undefined): number | null {
  if (!requested) return null;
  const r = /^r(\d+)$/i.exec(requested.trim());
  if (r) return Number(r[1]); // three.js revisions: r128 is 0.128
  const m = /^[\^~=v<>\s]*(\d+)(?:\.(\d+))?/.exec(requested);
  if (!m) return null; // latest, next, a dist-tag
  return lib.line === 'minor' && m[1] === '0' ? Number(m[2] ?? 0) : Number(m[1]);
}

export function versionLine(lib: MirrorLibrary, v: MirrorVersion): number {
  const [major = 0, minor = 0] = v.version.split('.').map(Number);
  return lib.line === 'minor' && major === 0 ? minor : major;
}

/**
 * The served version for a requested one: the same major (three.js: the same 0.minor); else the
 * nearest newer served line (APIs usually survive a major longer forwards than backwards);
 * else the newest. No version, a tag ("latest") or anything unparseable: the newest. A library
 * with a single served version answers every request with it.
 */
export function selectVersion(lib: MirrorLibrary, requested: string | undefined): MirrorVersion {
  const newest = lib.versions[0] as MirrorVersion; // every library has at least one
  const line = requestedLine(lib, requested);
  if (line === null) return newest;
  const lines = lib.versions.map((v) => ({ v, line: versionLine(lib, v) }));
  const same = lines.find((l) => l.line === line);
  if (same) return same.v;
  const newer = lines.filter((l) => l.line > line).sort((a, b) => a.line - b.line)[0];
  return newer?.v ?? newest;
}

/** Whether a package path is served for this version (the build copies exactly these files). */
export function servesPath(v: MirrorVersion, path: string): boolean {
  if (path.includes('..') || path.startsWith('/') || /\.(map|ts)$|(^|\/)package\.json$/.test(path))
    return false;
  if (path.startsWith('+esm/')) return Object.hasOwn(v.bundles ?? {}, path.slice('+esm/'.length));
  return v.serve.some((pattern) => {
    if (pattern.endsWith('/')) return path.startsWith(pattern);
    const re = new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
    return re.test(path);
  });
}

export const mirrorBase = (lib: MirrorLibrary, v: MirrorVersion) => `/mirror/${lib.name}@${v.version}/`;
