import { UseGuards } from '@nestjs/common';
import { forwardersFor } from '../proxy/route-forwarders';
import { RateLimit, RateLimitGuard } from '../security/rate-limit.guard';
import { type LimitedAction } from '../security/rate-limit.policy';

const limited = (action: LimitedAction) => ({ decorators: [UseGuards(RateLimitGuard), RateLimit(action)] });

/**
 * The identity context's public routes, generated from its contracts
 * (libs/contracts/src/accounts), forwarded with cookies: identity alone reads and sets the
 * refresh cookie. The session calls are rate-limited here, per client IP and per address; refresh
 * per session first (security/rate-limit.policy.ts).
 */
export const IdentityGatewayController = forwardersFor({
  service: 'identity',
  name: 'IdentityGatewayController',
  options: { cookies: true },
  byRoute: {
    signUp: limited('sign-up'),
    signIn: limited('sign-in'),
    resendCode: limited('resend-code'),
    refreshSession: limited('refresh'),
    requestPasswordReset: limited('reset-request'),
    confirmPasswordReset: limited('reset-confirm'),
    requestEmailChange: limited('account-password'),
    changePassword: limited('account-password'),
    confirmEmailChange: limited('account-code'),
    requestAccountDeletion: limited('account-code'),
    confirmAccountDeletion: limited('account-code'),
    requestDeviceCode: limited('device-code'),
    pollDeviceToken: limited('device-token'),
    getDeviceRequest: limited('device-verify'),
    approveDevice: limited('device-verify'),
    denyDevice: limited('device-verify'),
  },
});
