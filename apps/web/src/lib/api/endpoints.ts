import {
  analyticsRoute,
  artifactRoute,
  artifactSettingsRoute,
  billingApi,
  collectionRoute,
  meRoute,
  onboardingRoute,
  passwordResetConfirmRoute,
  passwordResetRequestRoute,
  portabilityRoute,
  refreshRoute,
  resendCodeRoute,
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
  // The personal-token routes (#19) are imported by their lazy pages straight from the contracts:
  // this object is in the entry chunk, and their schemas would count against the / and /view budgets.
} as const;
