// The billing module's public surface (BillingPage is reached only by the router).
export { type PaymentsConfigState, usePaymentsConfig } from './api/usePaymentsConfig';
export { StatusBadge } from './components/StatusBadge';
export { statusDisplay, subscriptionLine, trialText } from './subscription-display';
/** Opens /billing with the Change Plan dialog open (for a subscriber; others see Upgrade to Pro). */
export const CHANGE_PLAN_PATH = '/billing?change-plan=1';
