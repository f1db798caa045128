import { forwardersFor } from '../proxy/route-forwarders';

/**
 * The analytics statistics calls, generated from their contracts (libs/contracts/src/analytics)
 * and forwarded to the analytics service, which checks the plan's analytics level again.
 */
export const AnalyticsForwarders = forwardersFor({ service: 'analytics', name: 'AnalyticsForwarders' });
