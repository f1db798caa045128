import { type Logger } from 'pino';
import { type BillingConfig } from '../config';
import { as } from '../testing/fakes';
import { type AccountService } from './account.service';
import { ExportService } from './export.service';
import { authUser } from '@core-vault/platform/testing';

const user = authUser({ subscriptionStatus: 'ACTIVE' });
const now = new Date('2026-11-24T10:00:00Z');

/** What the two sources answer, by URL prefix; a thrown error stands for an unreachable one. */
type Answer = { status: number; body?: unknown } | Error;

function setup(identity: Answer, artifacts: Answer) {
  const asked: { url: string; authorization: string | null }[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = input instanceof Request ? input.url : input.toString();
    asked.push({ url, authorization: new Headers(init?.headers).get('authorization') });
    const answer = url.startsWith('http://identity') ? identity : artifacts;
    if (answer instanceof Error) return Promise.reject(answer);
    return Promise.resolve(new Response(JSON.stringify(answer.body ?? {}), { status: answer.status }));
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
  return { service, asked };
}

afterEach(() => jest.restoreAllMocks());

describe('ExportService', () => {
  it("gathers every source with the caller's own token into one dated document", async () => {
    const t = setup(
      { status: 200, body: { id: 'u1', email: 'u1@example.test' } },
      { status: 200, body: { artifacts: [{ viewCount: 4 }, { viewCount: 3 }, { viewCount: 'x' }] } },
    );
    const { document, filename } = await t.service.export(user, 'Bearer abc', now);
    expect(filename).toBe('core-vault-export-2026-11-24.json');
    expect(document).toMatchObject({
      exportedAt: now.toISOString(),
      account: { id: 'u1' },
      billing: { customer_id: 'cus_1' },
      analytics: { totalArtifacts: 3, totalViews: 7 },
      notes: [],
    });
    expect(t.asked.every((a) => a.authorization === 'Bearer abc')).toBe(true);
  });

  it('keeps going with a note per failed source, the account falling back to the token', async () => {
    const t = setup(new Error('connect ECONNREFUSED'), { status: 503 });
    const { document } = await t.service.export(user, 'Bearer abc', now);
    expect(document.account).toEqual({ id: 'u1', email: 'u1@example.test' });
    expect(document.artifacts).toEqual([]);
    expect(document.notes).toEqual([
      'The account details could not be included (the service is unavailable).',
      'The artifacts could not be included (the service answered 503).',
    ]);
  });

  it.each([
    ['an array', [{ id: 'a' }]],
    ['a page with items', { items: [{ id: 'a' }] }],
    ['a page with artifacts', { artifacts: [{ id: 'a' }] }],
  ])('reads the artifact list from %s', async (_, body) => {
    const t = setup({ status: 200, body: {} }, { status: 200, body });
    expect((await t.service.export(user, undefined, now)).document.artifacts).toEqual([{ id: 'a' }]);
  });
});
