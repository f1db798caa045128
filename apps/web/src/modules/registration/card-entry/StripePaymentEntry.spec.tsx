import { type Stripe } from '@stripe/stripe-js';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { type CardEntryHandle, type CardState, PAYMENT_MESSAGES } from './card-entry';
import { StripePaymentEntry } from './StripePaymentEntry';

type Listener = (event: unknown) => void;

/** Stripe.js as far as react-stripe-js and the form use it; the element's events are ours to fire. */
function fakeStripe(outcome: { submitError?: string; declined?: string } = {}) {
  const listeners = new Map<string, Listener>();
  const element = {
    mount: vi.fn(),
    destroy: vi.fn(),
    update: vi.fn(),
    on: vi.fn((event: string, cb: Listener) => listeners.set(event, cb)),
    off: vi.fn(),
  };
  const elements = {
    create: vi.fn(() => element),
    getElement: vi.fn(() => element),
    update: vi.fn(),
    submit: vi.fn(() =>
      Promise.resolve(outcome.submitError ? { error: { message: outcome.submitError } } : {}),
    ),
  };
  const stripe = {
    elements: vi.fn(() => elements),
    createToken: vi.fn(),
    confirmCardPayment: vi.fn(),
    createPaymentMethod: vi.fn(() =>
      Promise.resolve(
        outcome.declined ? { error: { message: outcome.declined } } : { paymentMethod: { id: 'pm_live_1' } },
      ),
    ),
  };
  const fire = (event: string, payload?: unknown) => act(() => listeners.get(event)?.(payload));
  // The loader's contract is Stripe.js's own type; the stub implements the part the form calls.
  return { stripe, elements, element, fire, loader: () => Promise.resolve(stripe as unknown as Stripe) };
}

function renderEntry(loader: (key: string) => Promise<Stripe | null>) {
  const ref = createRef<CardEntryHandle>();
  const onReady = vi.fn();
  const onChange = vi.fn<(s: CardState) => void>();
  render(
    <StripePaymentEntry
      ref={ref}
      publishableKey="pk_live_123"
      loader={loader}
      disabled={false}
      onReady={onReady}
      onChange={onChange}
      error={null}
    />,
  );
  return { ref, onReady, onChange };
}

describe('live mode: the Payment Element (react-stripe-js, stubbed Stripe.js)', () => {
  it('mounts a card-only Payment Element for a deferred setup, then turns it into a payment method', async () => {
    const fake = fakeStripe();
    const loader = vi.fn(fake.loader);
    const { ref, onReady, onChange } = renderEntry(loader);
    await waitFor(() => expect(fake.element.mount).toHaveBeenCalled());
    expect(loader).toHaveBeenCalledWith('pk_live_123');
    expect(loader).toHaveBeenCalledTimes(1);
    expect(fake.stripe.elements).toHaveBeenCalledWith(
      expect.objectContaining({
        mode: 'setup',
        paymentMethodCreation: 'manual',
        allowedPaymentMethodTypes: ['card'],
      }),
    );
    expect(fake.elements.create).toHaveBeenCalledWith(
      'payment',
      expect.objectContaining({ fields: { billingDetails: { name: 'never', email: 'never' } } }),
    );

    fake.fire('ready', { elementType: 'payment' });
    expect(onReady).toHaveBeenCalled();
    fake.fire('change', { complete: true, empty: false });
    expect(onChange).toHaveBeenLastCalledWith({ complete: true, error: null });

    const outcome = await ref.current?.createPaymentMethod({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
    });
    expect(outcome).toEqual({ ok: true, paymentMethodId: 'pm_live_1' });
    expect(fake.elements.submit).toHaveBeenCalledTimes(1);
    expect(fake.stripe.createPaymentMethod).toHaveBeenCalledWith({
      elements: fake.elements,
      params: { billing_details: { email: 'ada@example.com', name: 'Ada Lovelace' } },
    });
  });

  it("gives back Stripe's message for an incomplete or declined card", async () => {
    const incomplete = fakeStripe({ submitError: 'Your card number is incomplete.' });
    const first = renderEntry(incomplete.loader);
    await waitFor(() => expect(incomplete.element.mount).toHaveBeenCalled());
    expect(await first.ref.current?.createPaymentMethod({ email: 'a@b.c', name: 'A B' })).toEqual({
      ok: false,
      cardError: 'Your card number is incomplete.',
    });
    expect(incomplete.stripe.createPaymentMethod).not.toHaveBeenCalled();

    const declined = fakeStripe({ declined: 'Your card was declined.' });
    const second = renderEntry(declined.loader);
    await waitFor(() => expect(declined.element.mount).toHaveBeenCalled());
    expect(await second.ref.current?.createPaymentMethod({ email: 'a@b.c', name: 'A B' })).toEqual({
      ok: false,
      cardError: 'Your card was declined.',
    });
  });

  it('says the payment system is misconfigured when Stripe.js cannot load', async () => {
    const { ref } = renderEntry(() => Promise.reject(new Error('js.stripe.com unreachable')));
    expect(await screen.findByText(PAYMENT_MESSAGES.configError)).toBeInTheDocument();
    expect(await ref.current?.createPaymentMethod({ email: 'a@b.c', name: 'A B' })).toEqual({
      ok: false,
      cardError: PAYMENT_MESSAGES.elementMissing,
    });
  });
});
