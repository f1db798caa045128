/**
 * The npm registry as the mirror's upstream: packuments (abbreviated metadata: versions, dist-tags,
 * tarball and integrity) and tarballs, each fetched with a timeout and a size cap, tarballs checked
 * against `dist.integrity` (sha512; sha1 `shasum` only for versions published before the registry
 * had integrity) before anything reads them. Versions are resolved as the CDNs resolve them: an
 * exact version, a dist-tag (`latest`, `next`), or the highest version a semver range (`3.x.x`,
 * `^1.2`, `3`) accepts.
 */
import { createHash } from 'node:crypto';
import semver from 'semver';

export interface PackumentVersion {
  version: string;
  dist: { tarball: string; integrity?: string; shasum?: string; unpackedSize?: number };
}

export interface Packument {
  name: string;
  'dist-tags': Record<string, string>;
  versions: Record<string, PackumentVersion>;
}

/**
 * not-found: no such package, version or file (404); offline: not cached and fetching is off
 * (404: the vault does not serve it); denied (403); too-large (413); integrity, upstream: the
 * registry failed or lied (502); unavailable: the cache's disk is full (503).
 */
export type MirrorFailure =
  'not-found' | 'offline' | 'denied' | 'too-large' | 'integrity' | 'upstream' | 'unavailable';

/** Why a package cannot be served; `status` is the HTTP answer. */
export class MirrorError extends Error {
  constructor(
    message: string,
    readonly reason: MirrorFailure,
  ) {
    super(message);
  }

  get status(): number {
    switch (this.reason) {
      case 'not-found':
      case 'offline':
        return 404;
      case 'denied':
        return 403;
      case 'too-large':
        return 413;
      case 'unavailable':
        return 503;
      default:
        return 502;
    }
  }
}

export interface RegistryOptions {
  /** The registry's base URL (https://registry.npmjs.org/, or a company registry or proxy). */
  url: string;
  /** Bearer token for a private registry. */
  token?: string;
  fetchFn?: typeof fetch;
  timeoutMs: number;
  maxTarballBytes: number;
}

/** The highest version of `p` that `spec` names, as a CDN picks it; null when none. */
export function resolveVersion(p: Packument, spec: string): string | null {
  const tags = p['dist-tags'] ?? {};
  const s = spec.trim();
  if (Object.hasOwn(p.versions, s)) return s;
  if (s === '' || s === '*' || s === 'x') return tags['latest'] ?? null;
  if (Object.hasOwn(tags, s)) return tags[s] ?? null;
  const clean = semver.valid(s, { loose: true });
  if (clean && Object.hasOwn(p.versions, clean)) return clean;
  const range = semver.validRange(s, { loose: true });
  if (!range) return null;
  return semver.maxSatisfying(Object.keys(p.versions), range, { loose: true });
}

/** The integrity to check: sha512 when the registry has it, else the sha1 shasum. */
export function expectedDigest(dist: PackumentVersion['dist']): {
  algorithm: 'sha512' | 'sha1';
  base64: string;
} {
  const sri = (dist.integrity ?? '').split(/\s+/).filter(Boolean);
  const sha512 = sri.find((s) => s.startsWith('sha512-'));
  if (sha512) return { algorithm: 'sha512', base64: sha512.slice('sha512-'.length) };
  if (dist.shasum && /^[0-9a-f]{40}$/i.test(dist.shasum))
    return { algorithm: 'sha1', base64: Buffer.from(dist.shasum, 'hex').toString('base64') };
  const sha1 = sri.find((s) => s.startsWith('sha1-'));
  if (sha1) return { algorithm: 'sha1', base64: sha1.slice('sha1-'.length) };
  throw new MirrorError('the registry gives no integrity for this version', 'integrity');
}

export class Registry {
  private readonly base: URL;
  private readonly fetchFn: typeof fetch;
  /** Upstream requests made, by kind (tests and the benchmark count them). */
  readonly fetched = { packuments: 0, tarballs: 0 };

  constructor(private readonly options: RegistryOptions) {
    this.base = new URL(options.url.endsWith('/') ? options.url : `${options.url}/`);
    this.fetchFn = options.fetchFn ?? fetch;
  }

  private headers(accept: string): Record<string, string> {
    const h: Record<string, string> = { accept, 'user-agent': 'core-vault-usercontent-mirror' };
    if (this.options.token) h['authorization'] = `Bearer ${this.options.token}`;
    return h;
  }

  private async get(url: URL, accept: string, what: string): Promise<Response> {
    let res: Response;
    try {
      res = await this.fetchFn(url, {
        headers: this.headers(accept),
        signal: AbortSignal.timeout(this.options.timeoutMs),
        redirect: 'follow',
      });
    } catch (err) {
      const timeout = (err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError';
      throw new MirrorError(
        timeout
          ? `the registry did not answer ${what} within ${this.options.timeoutMs} ms`
          : `the registry could not be reached for ${what}: ${(err as Error).message}`,
        'upstream',
      );
    }
    if (res.status === 404 || res.status === 405)
      throw new MirrorError(`${what} is not in the registry`, 'not-found');
    if (!res.ok) throw new MirrorError(`the registry answered ${res.status} for ${what}`, 'upstream');
    return res;
  }

  /** The abbreviated packument of `name` (scoped names are one path segment: @scope%2fname). */
  async packument(name: string): Promise<Packument> {
    this.fetched.packuments++;
    const url = new URL(name.replace('/', '%2f'), this.base);
    const res = await this.get(
      url,
      'application/vnd.npm.install-v1+json; q=1.0, application/json; q=0.8',
      name,
    );
    let body: Packument;
    try {
      body = (await res.json()) as Packument;
    } catch {
      throw new MirrorError(`the registry sent malformed metadata for ${name}`, 'upstream');
    }
    if (!body || typeof body !== 'object' || typeof body.versions !== 'object')
      throw new MirrorError(`the registry sent malformed metadata for ${name}`, 'upstream');
    return body;
  }

  /**
   * The tarball of one version, integrity checked. Its URL comes from the packument; one on
   * another host than the configured registry is fetched from the registry's own layout
   * ({registry}/{name}/-/{file}.tgz) instead, so the renderer only ever talks to its upstream.
   */
  async tarball(name: string, v: PackumentVersion): Promise<Buffer> {
    const digest = expectedDigest(v.dist);
    let url: URL;
    try {
      url = new URL(v.dist.tarball);
    } catch {
      throw new MirrorError(`the registry gives no tarball for ${name}@${v.version}`, 'upstream');
    }
    if (url.origin !== this.base.origin) {
      const file = url.pathname.split('/').pop() ?? `${name.split('/').pop()}-${v.version}.tgz`;
      url = new URL(`${name.replace('/', '%2f')}/-/${file}`, this.base);
    }
    this.fetched.tarballs++;
    const what = `${name}@${v.version}`;
    const res = await this.get(url, 'application/octet-stream', what);
    const cap = this.options.maxTarballBytes;
    const declared = Number(res.headers.get('content-length') ?? NaN);
    if (declared > cap) {
      await res.body?.cancel();
      throw new MirrorError(`${what} is ${declared} bytes packed, over the mirror's ${cap}`, 'too-large');
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const reader = res.body?.getReader();
    try {
      for (let r = await reader?.read(); r && !r.done; r = await reader?.read()) {
        size += r.value.length;
        if (size > cap) {
          await reader?.cancel();
          throw new MirrorError(`${what} is over the mirror's ${cap} bytes packed`, 'too-large');
        }
        chunks.push(Buffer.from(r.value));
      }
    } catch (err) {
      if (err instanceof MirrorError) throw err;
      throw new MirrorError(`the download of ${what} failed: ${(err as Error).message}`, 'upstream');
    }
    const body = Buffer.concat(chunks, size);
    const actual = createHash(digest.algorithm).update(body).digest('base64');
    if (actual !== digest.base64)
      throw new MirrorError(
        `${what}: the tarball does not match the registry's ${digest.algorithm} integrity`,
        'integrity',
      );
    return body;
  }
}
