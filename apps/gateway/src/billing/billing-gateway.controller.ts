import { forwardersFor } from '../proxy/route-forwarders';

/**
 * The billing context's public routes, generated from its contracts
 * (libs/contracts/src/billing/billing-routes.ts), with the caller's token (billing checks
 * ownership from it). Stripe webhooks are public (Stripe authenticates with the signature) and go
 * byte for byte with their signature header: billing verifies it over the raw bytes.
 */
export const BillingGatewayController = forwardersFor({
  service: 'billing',
  name: 'BillingGatewayController',
  byRoute: {
    stripeWebhook: { options: { raw: true, extraHeaders: ['stripe-signature'] } },
    // The data export is streamed by billing as it gathers it: passed on as it comes.
    exportData: { options: { stream: true } },
  },
});
