import { stripeOperation, stripeOutcome } from './stripe.gateway';

describe('Stripe call metrics labels', () => {
  it.each([
    [200, 'ok'],
    [402, 'card_error'],
    [404, 'client_error'],
    [429, 'client_error'],
    [500, 'server_error'],
  ])('status %i is %s', (status, outcome) => {
    expect(stripeOutcome(status)).toBe(outcome);
  });

  it('replaces object ids so the label set stays bounded', () => {
    expect(stripeOperation('POST', '/v1/payment_methods/pm_card_visa/attach')).toBe(
      'POST /v1/payment_methods/:id/attach',
    );
    expect(stripeOperation('GET', '/v1/customers/cus_Abc123')).toBe('GET /v1/customers/:id');
    expect(stripeOperation('POST', '/v1/customers')).toBe('POST /v1/customers');
  });
});
