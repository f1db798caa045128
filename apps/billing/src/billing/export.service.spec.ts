import { type Logger } from 'pino';
import { type BillingConfig } from '../config';
import { as } from '../testing/fakes';
import { type AccountService } from './account.service';
import { ExportService } from './export.service';
import { authUser } from '@core-vault/platform/testing';

const user = authUser({ subscriptionStatus: 'ACTIVE' });
const now = new Date('2026-11-24T10:00:00Z');

/**
 * What a source answers: a status with a JSON body, a status with NDJSON text pieces (the
 * artifacts export, `error` to break the stream after them), or a thrown error (unreachable).
 */
type Answer =
  | { status: number; body?: unknown }
  | { status: number; pieces: string[]; error?: boolean; total?: number }
  | Error;

const line = (o: unknown) => `${JSON.stringify(o)}\n`;
const trailer = (count: number, totalViews: number) => line({ end: { count, totalViews } });

function respond(answer: Exclude<Answer, Error>): Response {
  if (!('pieces' in answer))
    return new Response(JSON.stringify(answer.body ?? {}), { status: answer.status });
  const { pieces, error } = answer;
  const headers = 'total' in answer ? { 'x-export-total': String(answer.total) } : undefined;
  const queue = [...pieces];
  // One piece per read, so an error comes after the pieces were read (as on a real socket).
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = queue.shift();
      if (next !== undefined) controller.enqueue(new TextEncoder().encode(next));
      else if (error) controller.error(new Error('socket hang up'));
      else controller.close();
    },
  });
  return new Response(body, { status: answer.status, ...(headers ? { headers } : {}) });
}

function setup(identity: Answer, artifacts: Answer) {
  const asked: { url: string; authorization: string | null }[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = input instanceof Request ? input.url : input.toString();
    asked.push({ url, authorization: new Headers(init?.headers).get('authorization') });
    const answer = url.startsWith('http://identity') ? identity : artifacts;
    if (answer instanceof Error) return Promise.reject(answer);
    return Promise.resolve(respond(answer));
  });
  const account = as<AccountService>({
    details: () => Promise.resolve({ customer_id: 'cus_1', subscriptions: [], payment_methods: [] }),
    history: () => Promise.resolve({ invoices: [] }),
  });
  const service = new ExportService(
    account,
    as<BillingConfig>({ IDENTITY_URL: 'http://identity', ARTIFACTS_URL: 'http://artifacts' }),
    as<Logger>({ warn: () => undefined }),
  );
  /** The whole document as the client receives it, with the pieces it came in. */
  const run = async () => {
    const pieces: string[] = [];
    const announced: { total: number; before: number }[] = [];
    await service.stream(
      user,
      'Bearer abc',
      (chunk) => Promise.resolve(void pieces.push(chunk)),
      now,
      (total) => announced.push({ total, before: pieces.length }),
    );
    return {
      text: pieces.join(''),
      pieces,
      announced,
      doc: JSON.parse(pieces.join('')) as Record<string, unknown>,
    };
  };
  return { service, asked, run };
}

afterEach(() => jest.restoreAllMocks());

describe('ExportService', () => {
  it("announces the artifacts export's count before the first byte, and nothing without one", async () => {
    const counted = setup(
      { status: 200, body: { id: 'u1' } },
      { status: 200, pieces: [trailer(0, 0)], total: 12 },
    );
    expect((await counted.run()).announced).toEqual([{ total: 12, before: 0 }]);
    jest.restoreAllMocks();
    const uncounted = setup({ status: 200, body: { id: 'u1' } }, { status: 200, pieces: [trailer(0, 0)] });
    expect((await uncounted.run()).announced).toEqual([]);
  });

  it("gathers every source with the caller's own token into one dated, complete document", async () => {
    const t = setup(
      { status: 200, body: { id: 'u1', email: 'u1@example.test' } },
      {
        status: 200,
        pieces: [
          line({ id: 'a', viewCount: 4 }),
          line({ id: 'b', viewCount: 3 }).slice(0, 5),
          line({ id: 'b', viewCount: 3 }).slice(5),
          trailer(2, 7),
        ],
      },
    );
    const { doc, text } = await t.run();
    expect(t.service.filename(now)).toBe('core-vault-export-2026-11-24.json');
    expect(text).toContain('\n  "account"');
    expect(doc).toEqual({
      exportedAt: now.toISOString(),
      account: { id: 'u1', email: 'u1@example.test' },
      billing: { customer_id: 'cus_1', subscriptions: [], payment_methods: [] },
      artifacts: [
        { id: 'a', viewCount: 4 },
        { id: 'b', viewCount: 3 },
      ],
      analytics: { totalArtifacts: 2, totalViews: 7 },
      usageHistory: { invoices: [] },
      notes: [],
      complete: true,
    });
    expect(t.asked.map((a) => a.url)).toContain('http://artifacts/api/v1/artifacts/export');
    expect(t.asked.every((a) => a.authorization === 'Bearer abc')).toBe(true);
  });

  it('writes each artifact as it arrives rather than after the last one', async () => {
    const t = setup(
      { status: 200, body: {} },
      { status: 200, pieces: [line({ id: 'a' }), line({ id: 'b' }), trailer(2, 0)] },
    );
    const { pieces } = await t.run();
    expect(pieces.filter((p) => p.includes('"id":')).length).toBe(2);
  });

  it('keeps going with a note per failed source, the account falling back to the token; not complete', async () => {
    const t = setup(new Error('connect ECONNREFUSED'), { status: 503 });
    const { doc } = await t.run();
    expect(doc['account']).toEqual({ id: 'u1', email: 'u1@example.test' });
    expect(doc['artifacts']).toEqual([]);
    expect(doc['notes']).toEqual([
      'The account details could not be included (the service is unavailable).',
      'The artifacts could not be included (the service answered 503).',
    ]);
    expect(doc['complete']).toBe(false);
  });

  it.each([
    ['breaks off inside an artifact', [line({ id: 'a', viewCount: 2 }), '{"id":"b","cont'], true],
    ['ends without its trailer', [line({ id: 'a', viewCount: 2 })], false],
  ])('a stream that %s still makes a valid document, marked incomplete', async (_, pieces, error) => {
    const t = setup({ status: 200, body: {} }, { status: 200, pieces, error });
    const { doc } = await t.run();
    expect(doc['artifacts']).toEqual([{ id: 'a', viewCount: 2 }]);
    expect(doc['analytics']).toEqual({ totalArtifacts: 1, totalViews: 2 });
    expect(doc['notes']).toEqual([
      'The artifacts are incomplete: the artifacts service stopped after 1 artifact.',
    ]);
    expect(doc['complete']).toBe(false);
  });
});
