// The billing module's public surface (BillingPage is reached only by the router).
export { type PaymentsConfigState, usePaymentsConfig } from './api/usePaymentsConfig';
export { StatusBadge } from './components/StatusBadge';
export { statusDisplay, subscriptionLine, trialText } from './subscription-display';
