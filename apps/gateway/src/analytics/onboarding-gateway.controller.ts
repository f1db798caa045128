import { forwardersFor } from '../proxy/route-forwarders';

/** Onboarding's public routes, generated from its contracts (libs/contracts/src/onboarding). */
export const OnboardingGatewayController = forwardersFor({
  service: 'onboarding',
  name: 'OnboardingGatewayController',
});
