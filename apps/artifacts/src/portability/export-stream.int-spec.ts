import { type IncomingMessage, request } from 'node:http';
import { createInterface } from 'node:readline';
import { exportTrailerSchema, exportedArtifactSchema } from '@core-vault/contracts';
import { uniqueSuffix } from '@core-vault/platform/testing';
import { artifactInput, type client, tokenFor, useArtifactsApp } from '../testing';
import { EXPORT_BATCH } from './portability.service';

const s = uniqueSuffix();
const erin = tokenFor(`erin-${s}`, { mig: `erin-old-${s}` });
const erinOld = tokenFor(`erin-old-${s}`);

const ctx = useArtifactsApp();
const api: ReturnType<typeof client> = (...args) => ctx.api(...args);

/** More artifacts than a dozen export batches, spread over the user and their migrated-from id. */
const COUNT = 300;
const body = (i: number) => `<p>artifact ${i}</p>` + '<p>lorem ipsum dolor sit amet</p>'.repeat(40);

beforeAll(async () => {
  for (let start = 0; start < COUNT; start += 20) {
    const artifacts = Array.from({ length: 20 }, (_, n) =>
      artifactInput({ title: `Export ${start + n}`, content: body(start + n) }),
    );
    const token = start % 100 === 0 ? erinOld : erin;
    const res = await api('POST', '/api/v1/artifacts/batch', { token, body: { artifacts } });
    expect(res.status).toBe(201);
  }
});

/**
 * GET the export as a stream: the headers as soon as they come, the body paused until the test
 * reads it (a line read before the reader's iterator exists would be lost).
 */
function openExport(token: string) {
  const url = new URL('/api/v1/artifacts/export', ctx.t.url);
  return new Promise<{ status?: number; headers: Record<string, unknown>; body: IncomingMessage }>(
    (resolve, reject) => {
      request(url, { headers: { authorization: `Bearer ${token}` } }, (res) => {
        res.pause();
        resolve({ status: res.statusCode, headers: res.headers, body: res });
      })
        .on('error', reject)
        .end();
    },
  );
}

describe('the full export streams', () => {
  it('sends the total up front, then every artifact line by line and the trailer', async () => {
    expect(COUNT).toBeGreaterThan(EXPORT_BATCH * 10);
    const { status, headers, body } = await openExport(erin);
    expect(status).toBe(200);
    expect(headers['x-export-total']).toBe(String(COUNT));
    expect(headers['content-type']).toMatch(/^application\/x-ndjson/);
    expect(headers['content-length']).toBeUndefined();
    const seen: { title: string; createdAt: string }[] = [];
    let trailer: unknown = null;
    for await (const line of createInterface({ input: body, crlfDelay: Infinity })) {
      expect(trailer).toBeNull();
      const parsed: unknown = JSON.parse(line);
      if (typeof parsed === 'object' && parsed !== null && 'end' in parsed) trailer = parsed;
      else seen.push(exportedArtifactSchema.parse(parsed));
    }
    expect(exportTrailerSchema.parse(trailer).end.count).toBe(COUNT);
    // Each once, oldest first across the batch boundaries.
    expect(new Set(seen.map((a) => a.title))).toEqual(
      new Set(Array.from({ length: COUNT }, (_, i) => `Export ${i}`)),
    );
    expect(seen).toHaveLength(COUNT);
    const created = seen.map((a) => a.createdAt);
    expect(created).toEqual([...created].sort());
  });
});
