import { type Logger } from 'pino';
import { type OutboxRelayService } from '@core-vault/platform';
import { authUser } from '@core-vault/platform/testing';
import {
  FakeCards,
  FakeCustomers,
  FakeSubscriptions,
  as,
  billingCustomer,
  refusal,
  subscriptionMirror,
} from '../testing/fakes';
import { AccountService } from './account.service';
import { BillingEvents } from './billing-events';
import { type CustomerRepository } from './customer.repository';
import { type PaymentMethodMirror } from './customer.schema';
import { type InvoiceRepository } from './invoice.repository';
import { type PaymentMethodRepository } from './payment-method.repository';
import { applyCardChange, removalProblem } from './payment-methods';
import { PaymentMethodsService } from './payment-methods.service';
import { type SubscriptionRepository } from './subscription.repository';
import { type PlanPrices } from './stripe/plan-prices';
import { type StripeGateway } from './stripe/stripe.gateway';

const user = authUser();
const mirror = (id: string, last4 = '4242'): PaymentMethodMirror => ({
  id,
  brand: 'visa',
  last4,
  expMonth: 8,
  expYear: 2030,
});

/** Stripe's card calls; records each with its key; a card may decline or need 3-D Secure. */
class FakeStripe implements Partial<StripeGateway> {
  readonly calls: string[] = [];
  setup: 'ok' | 'declined' | 'authentication' = 'ok';
  detachFails = false;
  confirmCard(_customer: string, pm: string, key: string) {
    this.calls.push(`setup ${pm} ${key}`);
    if (this.setup === 'ok') return Promise.resolve({ ok: true as const, card: mirror(pm, '4444') });
    return Promise.resolve(
      this.setup === 'declined'
        ? { ok: false as const, reason: 'declined' as const, message: 'Your card was declined.' }
        : { ok: false as const, reason: 'authentication' as const },
    );
  }
  setDefaultPaymentMethod(_customer: string, pm: string, sub: string | null) {
    this.calls.push(`default ${pm} ${sub ?? '-'}`);
    return Promise.resolve();
  }
  detachPaymentMethod(pm: string) {
    this.calls.push(`detach ${pm}`);
    if (this.detachFails)
      return Promise.reject(Object.assign(new Error('down'), { type: 'StripeConnectionError' }));
    return Promise.resolve();
  }
}

function setup(opts: { subscribed: boolean }) {
  const customers = new FakeCustomers();
  customers.docs.set(
    'u1',
    billingCustomer('u1', {
      subscriptionId: 'sub_1',
      paymentMethods: [mirror('pm_old')],
      defaultPaymentMethodId: 'pm_old',
    }),
  );
  const subscriptions = new FakeSubscriptions();
  subscriptions.docs.set(
    'sub_1',
    subscriptionMirror('sub_1', 'u1', { status: opts.subscribed ? 'active' : 'canceled' }),
  );
  const stripe = new FakeStripe();
  const account = new AccountService(
    as<CustomerRepository>(customers),
    as<SubscriptionRepository>(subscriptions),
    as<InvoiceRepository>({}),
    as<StripeGateway>(stripe),
    as<PlanPrices>({}),
    new BillingEvents(),
    as<OutboxRelayService>({ nudge: () => undefined }),
  );
  const service = new PaymentMethodsService(
    as<CustomerRepository>(customers),
    as<PaymentMethodRepository>(new FakeCards(customers)),
    as<SubscriptionRepository>(subscriptions),
    as<StripeGateway>(stripe),
    account,
    as<Logger>({ warn: () => undefined }),
  );
  const cards = () => customers.docs.get('u1');
  return { service, stripe, cards, customers };
}

describe('PaymentMethodsService', () => {
  it('adds a card through a SetupIntent and keeps the default unless asked', async () => {
    const t = setup({ subscribed: true });
    const details = await t.service.add(user, { paymentMethodId: 'pm_new' });
    expect(t.stripe.calls).toEqual(['setup pm_new cv:u1:setup:pm_new']);
    expect(details.payment_methods.map((pm) => [pm.id, pm.is_default])).toEqual([
      ['pm_old', true],
      ['pm_new', false],
    ]);
  });

  it('makes a card the default of the customer and of the live subscription', async () => {
    const t = setup({ subscribed: true });
    await t.service.add(user, { paymentMethodId: 'pm_new', makeDefault: true });
    expect(t.stripe.calls).toContain('default pm_new sub_1');
    expect(t.cards()?.defaultPaymentMethodId).toBe('pm_new');
    await t.service.makeDefault(user, 'pm_old');
    expect(t.cards()?.defaultPaymentMethodId).toBe('pm_old');
  });

  it('replaces a card: the new one becomes the default, then the old one is detached', async () => {
    const t = setup({ subscribed: true });
    const details = await t.service.add(user, { paymentMethodId: 'pm_new', replaces: 'pm_old' });
    expect(t.stripe.calls.slice(1)).toEqual(['default pm_new sub_1', 'detach pm_old']);
    expect(details.payment_methods).toEqual([expect.objectContaining({ id: 'pm_new', is_default: true })]);
  });

  it('says so when the old card of a replacement could not be removed, keeping the new default', async () => {
    const t = setup({ subscribed: true });
    t.stripe.detachFails = true;
    expect(await refusal(t.service.add(user, { paymentMethodId: 'pm_new', replaces: 'pm_old' }))).toEqual({
      status: 502,
      code: 'OLD_CARD_NOT_REMOVED',
    });
    expect(t.cards()?.defaultPaymentMethodId).toBe('pm_new');
    expect(t.cards()?.paymentMethods.map((pm) => pm.id)).toEqual(['pm_old', 'pm_new']);
  });

  it('refuses a declined card or one needing 3-D Secure with 402, mirroring nothing', async () => {
    const t = setup({ subscribed: true });
    t.stripe.setup = 'declined';
    expect(await refusal(t.service.add(user, { paymentMethodId: 'pm_new' }))).toEqual({
      status: 402,
      code: 'card_declined',
    });
    t.stripe.setup = 'authentication';
    expect(await refusal(t.service.add(user, { paymentMethodId: 'pm_new' }))).toEqual({
      status: 402,
      code: 'authentication_required',
    });
    expect(t.cards()?.paymentMethods.map((pm) => pm.id)).toEqual(['pm_old']);
  });

  it('keeps the default card of a live subscription and removes it once nothing is live', async () => {
    const live = setup({ subscribed: true });
    expect(await refusal(live.service.remove(user, 'pm_old'))).toEqual({
      status: 409,
      code: 'DEFAULT_CARD_IN_USE',
    });
    expect(live.stripe.calls).toEqual([]);
    const ended = setup({ subscribed: false });
    const details = await ended.service.remove(user, 'pm_old');
    expect(ended.stripe.calls).toEqual(['detach pm_old']);
    expect(details.payment_methods).toEqual([]);
  });

  it('answers 404 for a card that is not on the account, and without a billing account', async () => {
    const t = setup({ subscribed: true });
    expect((await refusal(t.service.remove(user, 'pm_someone_else'))).status).toBe(404);
    expect((await refusal(t.service.makeDefault(user, 'pm_someone_else'))).status).toBe(404);
    expect(
      (await refusal(t.service.add(user, { paymentMethodId: 'pm_new', replaces: 'pm_someone_else' }))).status,
    ).toBe(404);
    t.customers.docs.clear();
    expect((await refusal(t.service.add(user, { paymentMethodId: 'pm_new' }))).code).toBe(
      'NO_BILLING_ACCOUNT',
    );
    expect(t.stripe.calls).toEqual([]);
  });
});

describe('card decisions', () => {
  const cards = { paymentMethods: [mirror('pm_a'), mirror('pm_b')], defaultPaymentMethodId: 'pm_a' };

  it('attaching twice keeps one copy; the first card of an account becomes its default', () => {
    const twice = applyCardChange(
      applyCardChange(cards, { kind: 'attached', card: mirror('pm_b', '1111'), makeDefault: false }),
      { kind: 'attached', card: mirror('pm_b', '1111'), makeDefault: false },
    );
    expect(twice.paymentMethods.map((pm) => pm.id)).toEqual(['pm_a', 'pm_b']);
    expect(twice.defaultPaymentMethodId).toBe('pm_a');
    const first = applyCardChange(
      { paymentMethods: [], defaultPaymentMethodId: null },
      { kind: 'attached', card: mirror('pm_c'), makeDefault: false },
    );
    expect(first.defaultPaymentMethodId).toBe('pm_c');
  });

  it('detaching the default leaves none; detaching an absent card changes nothing', () => {
    expect(applyCardChange(cards, { kind: 'detached', id: 'pm_a' }).defaultPaymentMethodId).toBeNull();
    expect(applyCardChange(cards, { kind: 'detached', id: 'pm_z' })).toEqual(cards);
  });

  it('removal: the default only while subscribed; any card otherwise', () => {
    expect(removalProblem(cards, 'pm_a', true)).toBe('default-of-live-subscription');
    expect(removalProblem(cards, 'pm_b', true)).toBeNull();
    expect(removalProblem(cards, 'pm_a', false)).toBeNull();
    expect(removalProblem(cards, 'pm_z', false)).toBe('not-found');
  });
});
