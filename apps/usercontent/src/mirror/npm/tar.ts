/**
 * A deliberately small tar reader for npm tarballs (gzip'd ustar, with pax and GNU long names):
 * it writes regular files only, under one destination folder, and refuses the whole package on
 * anything else a package has no business carrying. Nothing in it runs package code.
 *
 * - Paths: the first segment (npm's `package/`) is dropped; a path with `..`, a leading `/`, a
 *   backslash, a drive letter or a control character fails the package. Files whose path has a
 *   segment starting with a dot are skipped (the mirror never serves them).
 * - Links, devices and fifos are skipped: no symlink or hard link is ever made, so nothing written
 *   can point outside the folder. Files are created exclusively (`wx`) in a folder this process
 *   just made.
 * - Limits: unpacked bytes (every entry counts, kept or not: a decompression bomb stops early),
 *   entries, and bytes of one file. The checksum of every header is verified.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { hasControl } from '../npm-paths';

export interface TarLimits {
  /** Bytes of all entries once unpacked. */
  maxBytes: number;
  maxEntries: number;
  maxFileBytes: number;
}

export class TarError extends Error {
  constructor(
    message: string,
    readonly kind: 'unsafe' | 'too-large' | 'corrupt',
  ) {
    super(message);
  }
}

export interface Extracted {
  /** Kept file path → size. */
  files: Map<string, number>;
  /** Bytes of every entry, kept or not. */
  unpackedBytes: number;
}

const BLOCK = 512;

function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length);
  const nul = raw.indexOf(0);
  return raw.subarray(0, nul < 0 ? length : nul).toString('utf8');
}

function octal(header: Buffer, start: number, length: number): number {
  // Base-256 (GNU) for sizes over 8 GiB: far beyond any limit here.
  if ((header[start] ?? 0) & 0x80) return Number.MAX_SAFE_INTEGER;
  const text = field(header, start, length).trim();
  if (text === '') return 0;
  if (!/^[0-7]+$/.test(text)) throw new TarError('malformed tar header', 'corrupt');
  return parseInt(text, 8);
}

function checksumOk(header: Buffer): boolean {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (header[i] ?? 0);
  return sum === octal(header, 148, 8);
}

/** pax records: "len key=value\n" … */
function paxRecords(data: Buffer): Map<string, string> {
  const out = new Map<string, string>();
  let at = 0;
  while (at < data.length) {
    const space = data.indexOf(0x20, at);
    if (space < 0) break;
    const len = Number(data.subarray(at, space).toString('ascii'));
    if (!Number.isInteger(len) || len <= 0 || at + len > data.length) break;
    const record = data.subarray(space + 1, at + len - 1).toString('utf8');
    const eq = record.indexOf('=');
    if (eq > 0) out.set(record.slice(0, eq), record.slice(eq + 1));
    at += len;
  }
  return out;
}

/**
 * The path inside the package for a tar entry name: null to skip it (hidden files, the top
 * folder itself); throws on a path that tries to leave the folder.
 */
export function packagePath(name: string): string | null {
  if (hasControl(name) || name.includes('\\') || name.startsWith('/') || /^[a-z]:/i.test(name))
    throw new TarError(`unsafe path in package: ${JSON.stringify(name.slice(0, 200))}`, 'unsafe');
  const segments = name.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.includes('..'))
    throw new TarError(`unsafe path in package: ${JSON.stringify(name.slice(0, 200))}`, 'unsafe');
  const inside = segments.slice(1);
  if (inside.length === 0 || inside.some((s) => s.startsWith('.'))) return null;
  return inside.join('/');
}

/**
 * Unpacks a gzip'd npm tarball into `dest` (which must exist and be empty), keeping the files
 * `keep` accepts. Resolves with what was written; rejects with a TarError (the caller removes
 * `dest`).
 */
export async function extractTarball(
  tgz: Buffer,
  dest: string,
  limits: TarLimits,
  keep: (path: string) => boolean,
): Promise<Extracted> {
  const root = resolve(dest);
  const files = new Map<string, number>();
  let unpackedBytes = 0;
  let entries = 0;

  let pending: Buffer = Buffer.alloc(0);
  /** The entry whose data is being read. */
  let current: { path: string; size: number; kind: 'file' | 'skip' | 'pax' | 'longname' } | null = null;
  let chunks: Buffer[] = [];
  let received = 0;
  let nextPath: string | null = null; // from a pax `path` record or a GNU long name
  let nextSize: number | null = null;
  let ended = false;

  /** Folders made (or being made), and files being written: up to 32 writes at once. */
  const folders = new Map<string, Promise<unknown>>([[root, Promise.resolve()]]);
  const writing = new Map<string, Promise<void>>();
  const failed: { error?: Error } = {};

  const write = async (path: string, data: Buffer, again: boolean) => {
    const target = resolve(root, path);
    if (!target.startsWith(root + sep)) throw new TarError('unsafe path in package', 'unsafe');
    const dir = target.slice(0, target.lastIndexOf(sep));
    let made = folders.get(dir);
    if (!made) folders.set(dir, (made = mkdir(dir, { recursive: true })));
    await made;
    await writeFile(target, data, { flag: again ? 'w' : 'wx', mode: 0o644 });
  };

  const finishEntry = async () => {
    if (!current) return;
    const data = Buffer.concat(chunks, received);
    if (current.kind === 'pax') {
      const records = paxRecords(data);
      if (records.has('path')) nextPath = records.get('path') ?? null;
      if (records.has('size')) nextSize = Number(records.get('size'));
    } else if (current.kind === 'longname') {
      nextPath = data.toString('utf8').replace(/\0+$/, '');
    } else if (current.kind === 'file') {
      const path = current.path;
      // A later entry of the same name replaces the earlier one (tar's rule), after it.
      const before = writing.get(path);
      const again = files.has(path);
      const done = (before ?? Promise.resolve())
        .then(() => write(path, data, again))
        .catch((err: unknown) => {
          failed.error ??= err instanceof Error ? err : new Error(String(err));
        })
        .finally(() => {
          if (writing.get(path) === done) writing.delete(path);
        });
      writing.set(path, done);
      files.set(path, data.length);
      if (writing.size >= 32) await Promise.race(writing.values());
      if (failed.error) throw failed.error;
    }
    current = null;
    chunks = [];
    received = 0;
  };

  const header = (block: Buffer) => {
    if (block.every((b) => b === 0)) {
      ended = true;
      return;
    }
    if (!checksumOk(block)) throw new TarError('tar header checksum mismatch', 'corrupt');
    if (++entries > limits.maxEntries)
      throw new TarError(`more than ${limits.maxEntries} entries in the package`, 'too-large');
    const type = String.fromCharCode(block[156] ?? 0);
    let size = octal(block, 124, 12);
    const prefix = field(block, 345, 155);
    let name = prefix ? `${prefix}/${field(block, 0, 100)}` : field(block, 0, 100);
    if (type === 'x' || type === 'g' || type === 'L' || type === 'K') {
      if (size > 1024 * 1024) throw new TarError('oversized tar metadata', 'corrupt');
      const kind = type === 'x' ? 'pax' : type === 'L' ? 'longname' : 'skip';
      current = { path: '', size, kind };
      return;
    }
    if (nextPath !== null) name = nextPath;
    if (nextSize !== null && Number.isFinite(nextSize)) size = nextSize;
    nextPath = null;
    nextSize = null;
    const regular = type === '0' || type === '\0' || type === '7';
    if (regular && size > limits.maxFileBytes)
      throw new TarError(`a file of the package is over ${limits.maxFileBytes} bytes`, 'too-large');
    // Links, folders, devices: never made. A path that tries to leave still fails the package.
    const path = packagePath(name);
    const kept = regular && path !== null && keep(path);
    current = { path: path ?? '', size, kind: kept ? 'file' : 'skip' };
  };

  const consume = async (chunk: Buffer) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    let at = 0;
    while (!ended) {
      if (current) {
        const need = current.size - received;
        const take = Math.min(need, pending.length - at);
        if (take > 0) {
          unpackedBytes += take;
          if (unpackedBytes > limits.maxBytes)
            throw new TarError(`the package unpacks to more than ${limits.maxBytes} bytes`, 'too-large');
          if (current.kind !== 'skip') chunks.push(Buffer.from(pending.subarray(at, at + take)));
          received += take;
          at += take;
        }
        if (received < current.size) break;
        const padding = (BLOCK - (current.size % BLOCK)) % BLOCK;
        if (pending.length - at < padding) break;
        at += padding;
        await finishEntry();
        continue;
      }
      if (pending.length - at < BLOCK) break;
      header(pending.subarray(at, at + BLOCK));
      at += BLOCK;
    }
    pending = pending.subarray(at);
  };

  const gunzip = createGunzip();
  Readable.from([tgz]).pipe(gunzip);
  try {
    for await (const chunk of gunzip) {
      await consume(chunk as Buffer);
      if (ended) break;
    }
  } catch (err) {
    gunzip.destroy();
    await Promise.allSettled(writing.values());
    if (err instanceof TarError) throw err;
    throw new TarError(`not a gzip'd tarball: ${(err as Error).message}`, 'corrupt');
  }
  gunzip.destroy();
  await Promise.all(writing.values());
  if (failed.error) throw failed.error;
  if (current) throw new TarError('the tarball ends inside an entry', 'corrupt');
  return { files, unpackedBytes };
}
