import { BILLING_MESSAGES } from '@core-vault/contracts';

/** The billing screen's texts (spec accounts §5, §8). */
export const BILLING_TEXTS = {
  confirmCancel:
    'Are you sure you want to cancel your subscription? It will remain active until the end of your current billing period.',
  exported: 'Your data has been exported successfully!',
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
} as const;

/** Features on the plan card: three for everyone, four unlocked by Business (spec accounts §6). */
export const PLAN_FEATURE_ROWS = [
  { label: 'Artifact Upload', business: false },
  { label: 'Public Sharing', business: false },
  { label: 'Basic Analytics', business: false },
  { label: 'Advanced Analytics', business: true },
  { label: 'Custom Domains', business: true },
  { label: 'API Access', business: true },
  { label: 'Priority Support', business: true },
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
