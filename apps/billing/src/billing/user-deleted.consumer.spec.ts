import { type Logger } from 'pino';
import type Stripe from 'stripe';
import { type EventEnvelope, type EventPayload, type Topic } from '@core-vault/contracts';
import { as } from '../testing/fakes';
import { type BillingConfig } from '../config';
import { UserDeletedConsumer } from './user-deleted.consumer';
import { type BillingUserErasure, type StripeFootprint } from './user-erasure.repository';

const event = (id: string): EventEnvelope<EventPayload<Topic.UserDeleted>> => ({
  id,
  type: 'identity.user-deleted',
  version: 1,
  occurredAt: '2026-11-24T10:00:00.000Z',
  producer: 'identity',
  key: 'usr_ada',
  data: { userId: 'usr_ada', email: 'ada@example.test', deletedAt: '2026-11-24T10:00:00.000Z' },
});

/** Stripe's SDK error shape for the calls the consumer makes. */
const stripeError = (type: string, code?: string) => Object.assign(new Error(type), { type, code });

function setup(footprint: StripeFootprint) {
  const calls: string[] = [];
  const erased: string[] = [];
  const failures = new Map<string, Error>();
  const at = <T>(name: string, answer: T): Promise<T> => {
    calls.push(name);
    const failure = failures.get(name);
    return failure ? Promise.reject(failure) : Promise.resolve(answer);
  };
  const stripe = as<Stripe>({
    subscriptions: as<Stripe.SubscriptionsResource>({
      cancel: (id: string) => at(`cancel ${id}`, as<Stripe.Response<Stripe.Subscription>>({})),
    }),
    customers: as<Stripe.CustomersResource>({
      del: (id: string) => at(`delete ${id}`, as<Stripe.Response<Stripe.DeletedCustomer>>({})),
    }),
  });
  const erasure: Pick<BillingUserErasure, 'footprint' | 'erase'> = {
    footprint: () => Promise.resolve(footprint),
    erase: (userId) => {
      erased.push(userId);
      return Promise.resolve();
    },
  };
  const consumer = new UserDeletedConsumer(
    as<BillingUserErasure>(erasure),
    stripe,
    as<BillingConfig>({ USER_DELETED_CONSUMER_GROUP: 'billing.user-deleted' }),
    as<Logger>({ info: () => undefined }),
  );
  return { consumer, calls, erased, failures };
}

describe('billing UserDeletedConsumer', () => {
  it('cancels the trial at Stripe and deletes the customer before the mirror is erased', async () => {
    const t = setup({ stripeCustomerId: 'cus_1', liveSubscriptionIds: ['sub_1'] });
    await t.consumer.userDeleted(event('evt_1'));
    expect(t.calls).toEqual(['cancel sub_1', 'delete cus_1']);
    expect(t.erased).toEqual(['usr_ada']);
  });

  it('a Stripe failure erases nothing and throws, so the event is retried whole', async () => {
    const t = setup({ stripeCustomerId: 'cus_1', liveSubscriptionIds: ['sub_1'] });
    t.failures.set('delete cus_1', stripeError('StripeAPIError'));
    await expect(t.consumer.userDeleted(event('evt_1'))).rejects.toThrow('StripeAPIError');
    expect(t.erased).toEqual([]);
    t.failures.clear();
    await t.consumer.userDeleted(event('evt_1'));
    expect(t.erased).toEqual(['usr_ada']);
  });

  it('what an earlier attempt already removed at Stripe counts as done', async () => {
    const t = setup({ stripeCustomerId: 'cus_1', liveSubscriptionIds: ['sub_1'] });
    t.failures.set('cancel sub_1', stripeError('StripeInvalidRequestError', 'resource_missing'));
    t.failures.set('delete cus_1', stripeError('StripeInvalidRequestError', 'resource_missing'));
    await t.consumer.userDeleted(event('evt_1'));
    expect(t.erased).toEqual(['usr_ada']);
  });

  it('a user billing never knew is erased without a Stripe call', async () => {
    const t = setup({ stripeCustomerId: null, liveSubscriptionIds: [] });
    await t.consumer.userDeleted(event('evt_1'));
    expect(t.calls).toEqual([]);
    expect(t.erased).toEqual(['usr_ada']);
  });
});
