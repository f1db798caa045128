/**
 * Correctly signed but malformed Stripe events (issue 14): billing from its entry point against
 * the real infrastructure and stripe-mock. Each is acknowledged with a 2xx (Stripe would retry a
 * 5xx for days), logged as ignored with what is wrong, and nothing but the ignored record is
 * written. The webhook body limit is the one the gateway applies in front of billing.
 */
import { type Connection } from 'mongoose';
import { STRIPE_WEBHOOK_MAX_BYTES } from '@core-vault/contracts';
import { SERVICE_BOOT_TIMEOUT_MS, uniqueSuffix, waitFor } from '@core-vault/platform/testing';
import {
  type BootedService,
  bootService,
  call,
  newUser,
  openDb,
  postWebhook,
  sign,
  subscriptionObject,
  trialBody,
} from '../testing/billing-kit';

const dbName = `cv_test_billing_malformed_${uniqueSuffix()}`;
let billing: BootedService;
let db: Connection;

beforeAll(async () => {
  billing = await bootService('billing', { MONGO_DB: dbName });
  db = await openDb(dbName);
}, SERVICE_BOOT_TIMEOUT_MS + 30_000); // one boot (a hang guard)

afterAll(async () => {
  await billing?.stop();
  await db?.dropDatabase();
  await db?.close();
});

/** Documents in every collection but the record of handled events: what an event may not touch. */
async function stateCounts(): Promise<Record<string, number>> {
  const names = (await db.listCollections()).map((c) => c.name).filter((n) => n !== 'stripe_events');
  const counts = await Promise.all(
    names.map(async (n) => [n, await db.collection(n).countDocuments()] as const),
  );
  return Object.fromEntries(counts);
}

const handled = (id: string) => db.collection('stripe_events').findOne({ _id: id as never });
const logLines = () =>
  billing.proc
    .stdout()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
/**
 * The first log line that matches. Billing's stdout reaches this process through a pipe, so the
 * line may arrive after the HTTP answer it belongs to: wait for it rather than look once.
 */
async function logged(match: (line: Record<string, unknown>) => boolean) {
  const lines = await waitFor(logLines, (l) => l.some(match), { what: 'the log line' });
  return lines.find(match);
}

function event(over: Record<string, unknown>) {
  return {
    id: `evt_bad_${uniqueSuffix(8)}`,
    object: 'event',
    api_version: '2025-08-27.basil',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type: 'invoice.paid',
    ...over,
  };
}

describe('correctly signed but malformed Stripe events', () => {
  it.each([
    ['no data', event({}), 'data: '],
    ['data.object: null', event({ data: { object: null } }), 'data.object: '],
    [
      'an invoice without its customer',
      event({ data: { object: { id: 'in_x', currency: 'usd' } } }),
      'customer',
    ],
  ])(
    'an event with %s is acknowledged, logged as ignored and recorded, nothing else written',
    async (_, body, problem) => {
      const before = await stateCounts();
      const res = await postWebhook(billing.url, sign(JSON.stringify(body), body.id));
      expect(res).toEqual({ status: 200, body: { received: true, ignored: true } });
      expect(await handled(body.id)).toMatchObject({ type: 'invoice.paid', outcome: 'ignored' });
      expect(await stateCounts()).toEqual(before);
      const line = await logged((l) => l['eventId'] === body.id);
      expect(line).toMatchObject({ level: 'warn', msg: 'malformed stripe event acknowledged and ignored' });
      expect(String(line?.['problem'])).toContain(problem);
      // Stripe's retry of the same event is answered from the record.
      expect((await postWebhook(billing.url, sign(JSON.stringify(body), body.id))).body).toEqual({
        received: true,
        duplicate: true,
      });
    },
  );

  it('a body of [] is acknowledged and logged; with no id there is nothing to record', async () => {
    const before = await stateCounts();
    const recorded = await db.collection('stripe_events').countDocuments();
    const res = await postWebhook(billing.url, sign('[]'));
    expect(res).toEqual({ status: 200, body: { received: true, ignored: true } });
    expect(await db.collection('stripe_events').countDocuments()).toBe(recorded);
    expect(await stateCounts()).toEqual(before);
    const line = await logged((l) => String(l['problem']).includes('expected object, received array'));
    expect(line).toMatchObject({ msg: 'malformed stripe event acknowledged and ignored' });
  });

  it('a malformed event for a real subscription leaves the subscription as it was (no half write)', async () => {
    const user = newUser();
    const trial = await call(billing.url, 'POST', '/api/v1/billing/trial', user.token, trialBody());
    expect(trial.status).toBe(200);
    const { customerId, subscriptionId } = trial.body as { customerId: string; subscriptionId: string };
    const stored = () => db.collection('subscriptions').findOne({ _id: subscriptionId as never });
    const was = await stored();
    const before = await stateCounts();
    // A state change whose event time is not a time: applying it first and failing on the record
    // afterwards would leave the change without its event id.
    const body = event({
      type: 'customer.subscription.updated',
      created: 'yesterday',
      data: {
        object: subscriptionObject({
          id: subscriptionId,
          customer: customerId,
          userId: user.id,
          status: 'past_due',
        }),
      },
    });
    const res = await postWebhook(billing.url, sign(JSON.stringify(body), body.id));
    expect(res).toEqual({ status: 200, body: { received: true, ignored: true } });
    expect(await stored()).toEqual(was);
    expect(await stateCounts()).toEqual(before);
    // Without a sound time there is no record either; the log says what was wrong.
    expect(await handled(body.id)).toBeNull();
    expect(await logged((l) => l['eventId'] === body.id)).toMatchObject({
      msg: 'malformed stripe event acknowledged and ignored',
      problem: expect.stringMatching(/^created: /) as string,
    });
  });
});

describe('the webhook body limit', () => {
  it(`accepts an event up to ${STRIPE_WEBHOOK_MAX_BYTES} bytes, the gateway's limit too, and refuses one beyond with 413`, async () => {
    const padded = (bytes: number) => {
      const body = event({
        type: 'customer.created',
        data: { object: { id: 'cus_big', object: 'customer' } },
      });
      const text = JSON.stringify({ ...body, padding: '' });
      return { id: body.id, text: JSON.stringify({ ...body, padding: 'x'.repeat(bytes - text.length) }) };
    };
    const fits = padded(STRIPE_WEBHOOK_MAX_BYTES);
    expect(Buffer.byteLength(fits.text)).toBe(STRIPE_WEBHOOK_MAX_BYTES);
    expect(await postWebhook(billing.url, sign(fits.text, fits.id))).toEqual({
      status: 200,
      body: { received: true },
    });
    const beyond = padded(STRIPE_WEBHOOK_MAX_BYTES + 1);
    expect(await postWebhook(billing.url, sign(beyond.text, beyond.id))).toEqual({
      status: 413,
      body: {
        statusCode: 413,
        code: 'BODY_TOO_LARGE',
        message: `The request body is too large (limit ${STRIPE_WEBHOOK_MAX_BYTES} bytes).`,
      },
    });
    // Other billing routes keep their own, smaller limit.
    const big = await call(billing.url, 'POST', '/api/v1/billing/trial', newUser().token, {
      pad: 'x'.repeat(200_000),
    });
    expect(big.status).toBe(413);
  });
});
