/**
 * Cards managed in the app (#17): add through a SetupIntent, make default, replace, remove, and
 * the Stripe webhooks (payment_method.attached / .detached, customer.updated) keeping the list
 * the billing screen shows equal to Stripe's. Billing from its entry point against real Mongo,
 * Kafka and stripe-mock behind the fault proxy (stripe-mock answers every card as its Visa
 * fixture, so cards are told apart by id here).
 */
import { postWebhook, sign, signedEvent, useBillingHarness } from '../testing/billing-kit';

const h = useBillingHarness('payment-methods');
const now = () => Math.floor(Date.now() / 1000);
type Card = { id: string; is_default: boolean };

async function cards(token: string): Promise<[string, boolean][]> {
  const res = await h.api('GET', '/api/v1/billing/subscription', token);
  return (res.body['payment_methods'] as Card[]).map((c) => [c.id, c.is_default]);
}

function cardObject(id: string, customer: string | null) {
  return {
    id,
    object: 'payment_method',
    type: 'card',
    customer,
    card: { brand: 'mastercard', last4: '4444', exp_month: 12, exp_year: 2031 },
  };
}

describe('cards on the billing screen', () => {
  it('adds a card through a SetupIntent, makes it the default, replaces one and removes one', async () => {
    const { user, result } = await h.startTrial();
    const added = await h.api('POST', '/api/v1/billing/payment-methods', user.token, {
      paymentMethodId: 'pm_card_mastercard',
    });
    expect(added.status).toBe(201);
    expect(await cards(user.token)).toEqual([
      ['pm_card_visa', true],
      ['pm_card_mastercard', false],
    ]);
    const setups = h.proxy.callsFor(user.id, 'POST', /^\/v1\/setup_intents$/);
    expect(setups.map((c) => c.idempotencyKey)).toEqual([`cv:${user.id}:setup:pm_card_mastercard`]);

    const made = await h.api(
      'POST',
      '/api/v1/billing/payment-methods/pm_card_mastercard/default',
      user.token,
      {},
    );
    expect(made.status).toBe(200);
    expect(await cards(user.token)).toEqual([
      ['pm_card_visa', false],
      ['pm_card_mastercard', true],
    ]);
    // The customer's default and the subscription's own (which overrides it) both move.
    expect(
      h.proxy.callsFor(user.id, 'POST', new RegExp(`^/v1/customers/${result.customerId}$`)).length,
    ).toBeGreaterThan(0);
    expect(
      h.proxy.callsFor(user.id, 'POST', new RegExp(`^/v1/subscriptions/${result.subscriptionId}$`)),
    ).toHaveLength(1);

    // The default card of a live subscription stays until another one is the default.
    const refused = await h.api('DELETE', '/api/v1/billing/payment-methods/pm_card_mastercard', user.token);
    expect(refused).toMatchObject({
      status: 409,
      body: {
        message: 'This card pays your subscription. Make another card the default before removing it.',
      },
    });
    const removed = await h.api('DELETE', '/api/v1/billing/payment-methods/pm_card_visa', user.token);
    expect(removed.status).toBe(200);
    expect(await cards(user.token)).toEqual([['pm_card_mastercard', true]]);

    // "Update Payment Method": a new card replaces the default in one call.
    const replaced = await h.api('POST', '/api/v1/billing/payment-methods', user.token, {
      paymentMethodId: 'pm_card_amex',
      replaces: 'pm_card_mastercard',
    });
    expect(replaced.status).toBe(201);
    expect(await cards(user.token)).toEqual([['pm_card_amex', true]]);
    expect(
      h.proxy.callsFor(user.id, 'POST', /^\/v1\/payment_methods\/pm_card_mastercard\/detach$/),
    ).toHaveLength(1);
  });

  it("a declined card is refused with Stripe's message and the list stays as it was", async () => {
    const { user } = await h.startTrial();
    h.proxy.fail({
      method: 'POST',
      path: /^\/v1\/setup_intents$/,
      times: 1,
      status: 402,
      body: { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } },
    });
    const res = await h.api('POST', '/api/v1/billing/payment-methods', user.token, {
      paymentMethodId: 'pm_card_mastercard',
      makeDefault: true,
    });
    expect(res).toMatchObject({ status: 402, body: { message: 'Your card was declined.' } });
    expect(await cards(user.token)).toEqual([['pm_card_visa', true]]);
  });

  it('a card that is not on the account (404) and a malformed card id (400) get clear answers', async () => {
    const { user } = await h.startTrial();
    const other = await h.api('DELETE', '/api/v1/billing/payment-methods/pm_card_discover', user.token);
    expect(other).toMatchObject({
      status: 404,
      body: { message: 'This payment method is not on your account.' },
    });
    const { user: stranger } = await h.startTrial();
    const bad = await h.api('POST', '/api/v1/billing/payment-methods/not-a-card/default', stranger.token, {});
    expect(bad.status).toBe(400);
  });

  it('mirrors cards changed at Stripe: attached, new default, detached — once each, in order', async () => {
    const { user, result } = await h.startTrial();
    const t0 = now() + 1;
    const attached = signedEvent('payment_method.attached', cardObject('pm_portal', result.customerId), t0);
    expect((await postWebhook(h.billing.url, attached)).status).toBe(200);
    expect((await postWebhook(h.billing.url, attached)).body).toEqual({ received: true, duplicate: true });
    const updated = signedEvent(
      'customer.updated',
      {
        id: result.customerId,
        object: 'customer',
        invoice_settings: { default_payment_method: 'pm_portal' },
      },
      t0 + 1,
    );
    expect((await postWebhook(h.billing.url, updated)).status).toBe(200);
    expect(await cards(user.token)).toEqual([
      ['pm_card_visa', false],
      ['pm_portal', true],
    ]);
    const detail = await h.api('GET', '/api/v1/billing/subscription', user.token);
    expect((detail.body['payment_methods'] as { card: { brand: string } }[])[1]?.card.brand).toBe(
      'mastercard',
    );

    // Detached: Stripe sends the card without its customer, the old one in previous_attributes.
    const detached = {
      id: `evt_detach_${user.id}`,
      object: 'event',
      api_version: '2025-08-27.basil',
      created: t0 + 2,
      livemode: false,
      type: 'payment_method.detached',
      data: {
        object: cardObject('pm_card_visa', null),
        previous_attributes: { customer: result.customerId },
      },
    };
    expect((await postWebhook(h.billing.url, sign(JSON.stringify(detached), detached.id))).status).toBe(200);
    expect(await cards(user.token)).toEqual([['pm_portal', true]]);

    // An attach delivered late (older than the detach above) does not bring the card back.
    const late = signedEvent('payment_method.attached', cardObject('pm_card_visa', result.customerId), t0);
    expect((await postWebhook(h.billing.url, late)).status).toBe(200);
    expect(await cards(user.token)).toEqual([['pm_portal', true]]);
  });
});
