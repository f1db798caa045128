import {
  analyticsRoute,
  artifactRoute,
  artifactSettingsRoute,
  billingApi,
  collectionRoute,
  createPersonalTokenRoute,
  listPersonalTokensRoute,
  meRoute,
  onboardingRoute,
  passwordResetConfirmRoute,
  passwordResetRequestRoute,
  portabilityRoute,
  refreshRoute,
  resendCodeRoute,
  revokePersonalTokenRoute,
  signInRoute,
  signOutRoute,
  signUpRoute,
} from '@core-vault/contracts';

/**
 * The gateway calls the SPA makes, straight from the route contracts (the same objects `apiRoutes`
 * lists and the gateway's OpenAPI document is built from): no hand-copied paths or types.
 */
export const endpoints = {
  auth: {
    signUp: signUpRoute,
    signIn: signInRoute,
    resendCode: resendCodeRoute,
    refresh: refreshRoute,
    signOut: signOutRoute,
    requestReset: passwordResetRequestRoute,
    confirmReset: passwordResetConfirmRoute,
    me: meRoute,
  },
  billing: billingApi,
  artifacts: artifactRoute,
  artifactSettings: artifactSettingsRoute,
  collections: collectionRoute,
  analytics: analyticsRoute,
  onboarding: onboardingRoute,
  /** Export and import of the caller's artifacts with their history (#18). */
  portability: portabilityRoute,
  /** The caller's API keys, managed from /account and /extension/connect (#19). */
  personalTokens: {
    list: listPersonalTokensRoute,
    create: createPersonalTokenRoute,
    revoke: revokePersonalTokenRoute,
  },
} as const;
