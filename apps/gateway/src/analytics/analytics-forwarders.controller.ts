import { forwardersFor } from '../proxy/route-forwarders';
import { viewBeaconForwarding } from './view-beacon.forwarding';

/**
 * The analytics statistics calls and the view beacon, generated from their contracts
 * (libs/contracts/src/analytics) and forwarded to the analytics service, which checks the plan's
 * analytics level again.
 */
export const AnalyticsForwarders = forwardersFor({
  service: 'analytics',
  name: 'AnalyticsForwarders',
  byRoute: { viewBeacon: viewBeaconForwarding },
});
