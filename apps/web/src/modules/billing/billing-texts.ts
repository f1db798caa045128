import { BILLING_MESSAGES } from '@core-vault/contracts';

/** The billing screen's texts (spec accounts §5, §8). */
export const BILLING_TEXTS = {
  confirmCancel:
    'Are you sure you want to cancel your subscription? It will remain active until the end of your current billing period.',
  exported: 'Your data has been exported successfully!',
  exportedIncomplete:
    'Your data has been exported, but part of it could not be included: the notes at the end of the file say what is missing. Please try again later.',
  exportFailed: BILLING_MESSAGES.exportFailed,
  noHistory: 'No billing history available yet.',
  noPaymentMethods: 'No payment methods on file. Add a payment method to manage your subscription.',
  portalFailed: BILLING_MESSAGES.portalFailed,
  canceled: BILLING_MESSAGES.canceled,
  cancelFailed: BILLING_MESSAGES.cancelFailed,
  resumed: BILLING_MESSAGES.resumed,
  resumeFailed: BILLING_MESSAGES.resumeFailed,
  noSubscriptionToCancel: BILLING_MESSAGES.noSubscriptionToCancel,
  noSubscriptionToResume: BILLING_MESSAGES.noSubscriptionToResume,
  // #17: cards and the ways back to a paid subscription (new texts in the catalogue's style).
  cardAdded: BILLING_MESSAGES.cardAdded,
  cardReplaced: BILLING_MESSAGES.cardReplaced,
  cardRemoved: BILLING_MESSAGES.cardRemoved,
  defaultCardChanged: BILLING_MESSAGES.defaultCardChanged,
  cardUpdateFailed: BILLING_MESSAGES.cardUpdateFailed,
  confirmRemoveCard: 'Remove this card from your account?',
  subscribeFailed: BILLING_MESSAGES.subscribeFailed,
  paymentRetryFailed: BILLING_MESSAGES.paymentRetryFailed,
  noSecondTrial:
    'Your free trial has been used, so your card is charged today for the first billing period. Cancel anytime.',
  pastDue:
    'Your last payment failed. Update your payment method, then pay the open invoice to keep your subscription.',
  canceledAccount: 'Your subscription has ended. Subscribe again to get your Pro features back.',
} as const;

/** A card as the screen names it: "VISA •••• 4242". */
export const cardLabel = (card: { brand: string; last4: string }) =>
  `${card.brand.toUpperCase()} •••• ${card.last4}`;

/**
 * Features on the plan card: three for every subscriber, four that depend on the plan, each read
 * from the permission table (Pro holds Advanced Analytics and Priority Support, docs/reference/billing.md).
 */
export const PLAN_FEATURE_ROWS = [
  { label: 'Artifact Upload', feature: null },
  { label: 'Public Sharing', feature: null },
  { label: 'Basic Analytics', feature: null },
  { label: 'Advanced Analytics', feature: 'analytics_advanced' },
  { label: 'Custom Domains', feature: 'custom_domains' },
  { label: 'API Access', feature: 'api_access' },
  { label: 'Priority Support', feature: 'priority_support' },
] as const;

/** The export's file name: the export prefix and today's date. */
export const exportFileName = (day: string) => `core-vault-export-${day}.json`;

/** Paid invoices green, any other status red. */
export const invoiceTone = (status: string) => (status === 'paid' ? 'green' : 'red');

export function formatAmount(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency: currency.toUpperCase() }).format(
      amount,
    );
  } catch {
    return `${amount.toFixed(2)} ${currency.toUpperCase()}`;
  }
}
