import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ImportSourceException } from './import-sources.exception';

/** A file received whole on local disk (zips need random access), with its sha256. */
export interface Upload {
  path: string;
  bytes: number;
  hash: string;
  dispose(): Promise<void>;
}

const DIR = join(tmpdir(), 'core-vault-imports');

/**
 * Writes a stream (the request body, a gist's answer) to a temporary file, hashing it on the way
 * and stopping at `maxBytes` (413): the file is read from disk afterwards, as many times as the
 * import needs, and removed when it is done. An empty stream is "no file".
 */
export async function receive(input: Readable, maxBytes: number): Promise<Upload> {
  await mkdir(DIR, { recursive: true, mode: 0o700 });
  const path = join(DIR, randomUUID());
  const hash = createHash('sha256');
  let bytes = 0;
  const count = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      if (bytes > maxBytes) return done(ImportSourceException.tooLarge());
      hash.update(chunk);
      done(null, chunk);
    },
  });
  const dispose = () => rm(path, { force: true });
  try {
    await pipeline(input, count, createWriteStream(path, { mode: 0o600 }));
  } catch (err) {
    await dispose();
    if (err instanceof ImportSourceException) throw err;
    throw ImportSourceException.noFile();
  }
  if (bytes === 0) {
    await dispose();
    throw ImportSourceException.noFile();
  }
  return { path, bytes, hash: hash.digest('hex'), dispose };
}
