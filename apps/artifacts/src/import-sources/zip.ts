import { type Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { IMPORT_SOURCE_LIMITS as L, IMPORT_SOURCE_MESSAGES as M } from '@core-vault/contracts';
import { ImportSourceException } from './import-sources.exception';

/** Entries below this many bytes are never called bombs, whatever their ratio (tiny files compress well). */
const RATIO_FLOOR_BYTES = 1024 * 1024;

/**
 * A zip read from a file on disk with yauzl, its central directory checked whole before any
 * entry is inflated: at most zipEntriesMax entries, zipUncompressedMaxBytes in all, no entry
 * compressed more than zipRatioMax times (above 1 MB), no absolute path, `..` segment or
 * backslash (yauzl's own check, with our message). yauzl also checks each entry's inflated size
 * against what the directory declared, so a lying header is an error mid-stream, not a bomb.
 */
export class ZipSource {
  private constructor(
    private readonly zip: ZipFile,
    readonly entries: readonly Entry[],
  ) {}

  static async open(path: string): Promise<ZipSource> {
    const zip = await new Promise<ZipFile>((resolve, reject) =>
      yauzl.open(
        path,
        { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: true },
        (err, z) => (err || !z ? reject(zipError(err)) : resolve(z)),
      ),
    );
    try {
      return new ZipSource(zip, await readDirectory(zip));
    } catch (err) {
      zip.close();
      throw err;
    }
  }

  /** The inflated bytes of an entry, as a stream (yauzl checks their count and CRC). */
  stream(entry: Entry): Promise<Readable> {
    return new Promise((resolve, reject) =>
      this.zip.openReadStream(entry, (err, s) => (err || !s ? reject(zipError(err)) : resolve(s))),
    );
  }

  /** An entry's bytes, at most `max` of them (a longer one is cut: the caller knows its size). */
  async read(entry: Entry, max: number): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let total = 0;
    const s = await this.stream(entry);
    try {
      for await (const chunk of s as AsyncIterable<Buffer>) {
        chunks.push(chunk);
        total += chunk.length;
        if (total >= max) break;
      }
    } catch (err) {
      throw zipError(err);
    } finally {
      s.destroy();
    }
    return Buffer.concat(chunks).subarray(0, max);
  }

  close(): void {
    this.zip.close();
  }
}

function readDirectory(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    if (zip.entryCount > L.zipEntriesMax)
      return reject(ImportSourceException.unreadable(M.zipTooManyEntries));
    const entries: Entry[] = [];
    let total = 0;
    zip.on('entry', (entry: Entry) => {
      total += entry.uncompressedSize;
      if (total > L.zipUncompressedMaxBytes) return fail(ImportSourceException.unreadable(M.zipTooLarge));
      const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
      if (entry.uncompressedSize > RATIO_FLOOR_BYTES && ratio > L.zipRatioMax)
        return fail(ImportSourceException.unreadable(M.zipRatio(entry.fileName.slice(0, 200))));
      entries.push(entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', (err: unknown) => fail(zipError(err)));
    const fail = (err: unknown) => {
      zip.removeAllListeners('entry');
      reject(err instanceof ImportSourceException ? err : zipError(err));
    };
    zip.readEntry();
  });
}

/** yauzl's errors as the person should read them. */
export function zipError(err: unknown): ImportSourceException {
  if (err instanceof ImportSourceException) return err;
  const message = err instanceof Error ? err.message : String(err);
  const path = /^(?:absolute path|invalid relative path|invalid characters in fileName): (.*)$/s.exec(
    message,
  );
  if (path) return ImportSourceException.unreadable(M.zipUnsafePath((path[1] ?? '').slice(0, 200)));
  return ImportSourceException.unreadable(M.badZip(message.slice(0, 200)));
}
