import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, renderApp, sessionUser, stubFetch } from '../../../test-support';

type Call = { url: string; init: RequestInit };

const card = (id: string, last4: string, isDefault: boolean) => ({
  id,
  is_default: isDefault,
  card: { brand: 'visa', last4, exp_month: 8, exp_year: 2030 },
});

/**
 * /billing against a stubbed gateway: the session's status is `state.status` (so a resubscribe
 * can flip it), the cards are `state.cards`, and `answer` may take over any billing call.
 */
function stubBilling(
  state: { status: string; cards: ReturnType<typeof card>[] },
  answer: (url: string, init: RequestInit) => Response | undefined = () => undefined,
) {
  return stubFetch((url, init) => {
    if (url.endsWith('/api/v1/auth/refresh'))
      return json(200, {
        success: true,
        user: sessionUser({ subscriptionStatus: state.status }),
        token: 't',
      });
    if (!url.includes('/api/v1/billing/')) return undefined;
    const own = answer(url, init);
    if (own) return own;
    if (url.endsWith('/billing/plans'))
      return json(200, {
        plans: [],
        contactSales: [],
        trialDays: 90,
        payments: { mode: 'test-cards', publishableKey: null },
      });
    if (url.endsWith('/billing/invoices')) return json(200, { invoices: [] });
    if (url.endsWith('/billing/subscription') && (init.method ?? 'GET') === 'GET')
      return json(200, {
        customer_id: 'cus_1',
        subscriptions: [
          {
            id: 'sub_1',
            status: state.status.toLowerCase(),
            plan_id: 'pro_monthly',
            cancel_at_period_end: false,
            trial_end: null,
            current_period_end: null,
          },
        ],
        payment_methods: state.cards,
      });
    return undefined;
  });
}

const posted = (calls: Call[], path: string) =>
  calls.filter((c) => c.url.endsWith(path) && c.init.method !== 'GET' && c.init.method !== undefined);
const bodyOf = (c: Call | undefined) =>
  JSON.parse(typeof c?.init.body === 'string' ? c.init.body : '{}') as Record<string, unknown>;

describe('BillingPage: ways forward and cards', () => {
  let alert: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    vi.spyOn(window, 'confirm').mockImplementation(() => true);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('a canceled user subscribes again with the card on file; a decline shows its message', async () => {
    const state = { status: 'CANCELED', cards: [card('pm_a', '4242', true)] };
    let declined = true;
    const calls = stubBilling(state, (url, init) => {
      if (!url.endsWith('/billing/subscription') || init.method !== 'POST') return undefined;
      if (declined) {
        declined = false;
        return json(402, { statusCode: 402, code: 'card_declined', message: 'Your card was declined.' });
      }
      state.status = 'ACTIVE';
      return json(201, {
        success: true,
        message: 'Subscription started successfully! Your card has been charged.',
        subscriptionId: 'sub_2',
        cancel_at_period_end: false,
        plan_id: 'pro_monthly',
      });
    });
    renderApp('/billing');
    expect(await screen.findByTestId('canceled-info')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Upgrade to Pro' })).not.toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Subscribe to Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Pro' });
    expect(within(dialog).getByText(/free trial has been used/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('VISA •••• 4242')).toBeChecked();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Subscribe and Pay Now' }));
    expect(await within(dialog).findByTestId('subscribe-error')).toHaveTextContent('Your card was declined.');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Subscribe and Pay Now' }));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('Subscription started successfully! Your card has been charged.'),
    );
    expect(bodyOf(posted(calls, '/billing/subscription')[1])).toEqual({ planType: 'pro_monthly' });
    expect(await screen.findByRole('button', { name: 'Cancel Subscription' })).toBeInTheDocument();
  });

  it('offers Cancel only once the subscription is known: an early click cannot say there is none', async () => {
    const state = { status: 'TRIAL', cards: [card('pm_a', '4242', true)] };
    // The details answer arrives when the test says: the page is rendered meanwhile.
    let release: (body: string) => void = () => undefined;
    const details = new Promise<string>((resolve) => (release = resolve));
    const calls = stubBilling(state, (url, init) => {
      if (url.endsWith('/billing/subscription/cancel'))
        return json(200, {
          success: true,
          message: 'canceled',
          subscriptionId: 'sub_1',
          cancel_at_period_end: true,
          plan_id: 'pro_monthly',
        });
      if (!url.endsWith('/billing/subscription') || (init.method ?? 'GET') !== 'GET') return undefined;
      const body = new ReadableStream<Uint8Array>({
        start: async (controller) => {
          controller.enqueue(new TextEncoder().encode(await details));
          controller.close();
        },
      });
      return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    renderApp('/billing');
    const cancel = await screen.findByRole('button', { name: 'Cancel Subscription' });
    expect(cancel).toBeDisabled();
    fireEvent.click(cancel);
    expect(alert).not.toHaveBeenCalled();

    release(
      JSON.stringify({
        customer_id: 'cus_1',
        subscriptions: [
          {
            id: 'sub_1',
            status: 'trialing',
            plan_id: 'pro_monthly',
            cancel_at_period_end: false,
            trial_end: null,
            current_period_end: null,
          },
        ],
        payment_methods: state.cards,
      }),
    );
    await waitFor(() => expect(cancel).toBeEnabled());
    fireEvent.click(cancel);
    await waitFor(() => expect(posted(calls, '/billing/subscription/cancel')).toHaveLength(1));
    await waitFor(() => expect(alert).toHaveBeenCalled());
    expect(alert).not.toHaveBeenCalledWith(expect.stringMatching(/no .*subscription/i));
  });

  it('replaces the default card through the test-card field, makes another default, refuses removing the default', async () => {
    const state = { status: 'TRIAL', cards: [card('pm_a', '4242', true), card('pm_b', '4444', false)] };
    const calls = stubBilling(state, (url, init) => {
      if (url.endsWith('/billing/test-payment-methods'))
        return json(201, { paymentMethodId: 'pm_card_visa', brand: 'visa', last4: '4242' });
      if (url.endsWith('/billing/payment-methods') && init.method === 'POST')
        return json(201, { customer_id: 'cus_1', subscriptions: [], payment_methods: [] });
      if (url.endsWith('/payment-methods/pm_b/default'))
        return json(200, { customer_id: 'cus_1', subscriptions: [], payment_methods: [] });
      if (url.endsWith('/payment-methods/pm_a') && init.method === 'DELETE')
        return json(409, {
          statusCode: 409,
          code: 'DEFAULT_CARD_IN_USE',
          message: 'This card pays your subscription. Make another card the default before removing it.',
        });
      return undefined;
    });
    renderApp('/billing');
    await screen.findByTestId('card-pm_a');

    fireEvent.click(screen.getByRole('button', { name: 'Update Payment Method' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Payment Method' });
    expect(within(dialog).getByText(/replaces VISA •••• 4242/)).toBeInTheDocument();
    // The fields come once the payment system's configuration has loaded (a loading line before).
    fireEvent.change(await within(dialog).findByLabelText('Card number'), {
      target: { value: '4242424242424242' },
    });
    fireEvent.change(within(dialog).getByLabelText('Expiry (MM / YY)'), { target: { value: '1230' } });
    fireEvent.change(within(dialog).getByLabelText('CVC'), { target: { value: '123' } });
    const replace = within(dialog).getByRole('button', { name: 'Replace Card' });
    await waitFor(() => expect(replace).toBeEnabled());
    fireEvent.click(replace);
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Payment method updated successfully!'));
    expect(bodyOf(posted(calls, '/billing/payment-methods')[0])).toEqual({
      paymentMethodId: 'pm_card_visa',
      replaces: 'pm_a',
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Make VISA •••• 4444 the default' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Default payment method updated.'));

    fireEvent.click(screen.getByRole('button', { name: 'Remove VISA •••• 4242' }));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith(
        'This card pays your subscription. Make another card the default before removing it.',
      ),
    );
  });

  it('a declining test card is shown in the add dialog and nothing is saved', async () => {
    const state = { status: 'ACTIVE', cards: [card('pm_a', '4242', true)] };
    const calls = stubBilling(state, (url) =>
      url.endsWith('/billing/test-payment-methods')
        ? json(402, { statusCode: 402, code: 'card_declined', message: 'Your card was declined.' })
        : undefined,
    );
    renderApp('/billing');
    fireEvent.click(await screen.findByRole('button', { name: '+ Add Payment Method' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Payment Method' });
    // The fields come once the payment system's configuration has loaded (a loading line before).
    fireEvent.change(await within(dialog).findByLabelText('Card number'), {
      target: { value: '4000000000000002' },
    });
    fireEvent.change(within(dialog).getByLabelText('Expiry (MM / YY)'), { target: { value: '1230' } });
    fireEvent.change(within(dialog).getByLabelText('CVC'), { target: { value: '123' } });
    const add = within(dialog).getByRole('button', { name: 'Add Card' });
    await waitFor(() => expect(add).toBeEnabled());
    fireEvent.click(add);
    expect(await within(dialog).findByTestId('card-dialog-error')).toHaveTextContent(
      'Your card was declined.',
    );
    expect(posted(calls, '/billing/payment-methods')).toEqual([]);
  });

  it('a past-due user sees why and pays the open invoice', async () => {
    const state = { status: 'PAST_DUE', cards: [card('pm_a', '4242', true)] };
    const calls = stubBilling(state, (url) => {
      if (!url.endsWith('/subscription/retry-payment')) return undefined;
      state.status = 'ACTIVE';
      return json(200, {
        success: true,
        message: 'Payment successful! Your subscription is active again.',
        subscriptionId: 'sub_1',
        cancel_at_period_end: false,
        plan_id: 'pro_monthly',
      });
    });
    renderApp('/billing');
    expect(await screen.findByTestId('past-due-warning')).toHaveTextContent('Your last payment failed.');
    expect(screen.getByRole('button', { name: 'Update Payment Method' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry Payment' }));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('Payment successful! Your subscription is active again.'),
    );
    expect(posted(calls, '/subscription/retry-payment')).toHaveLength(1);
  });
});
