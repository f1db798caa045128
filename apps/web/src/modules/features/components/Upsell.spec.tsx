import { fireEvent, screen } from '@testing-library/react';
import { json, renderApp, sessionUser, stubFetch } from '../../../test-support';

describe('Upgrade Now', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('takes a subscriber to the change-plan dialog on /billing, not to registration', async () => {
    stubFetch((url) => {
      if (url.endsWith('/api/v1/auth/refresh'))
        return json(200, { success: true, user: sessionUser({ subscriptionStatus: 'ACTIVE' }), token: 't' });
      if (url.includes('/api/v1/billing/')) return json(200, billingAnswer(url));
      return undefined;
    });
    const router = renderApp('/domains');
    expect(
      await screen.findByRole('heading', {
        name: 'Custom Domains is available with Business plan and higher',
      }),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Upgrade Now' }));
    expect(await screen.findByRole('dialog', { name: 'Change Plan' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/billing');
  });
});

/** Enough of each billing answer for the page to render. */
function billingAnswer(url: string): unknown {
  if (url.includes('/invoices')) return { invoices: [] };
  if (url.includes('/subscription')) return { subscriptions: [], payment_methods: [] };
  return {};
}
