/** User-facing texts of the identity context, exactly as the spec's error catalogue words them. */
export const AUTH_MESSAGES = {
  fillAllFields: 'Please fill in all fields.',
  invalidEmail: 'Please enter a valid email address.',
  passwordTooShort: 'Password must be at least 8 characters long.',
  passwordsDoNotMatch: 'Passwords do not match.',
  invalidPlanType: 'Invalid plan type',
  duplicateEmail: 'An account with this email already exists. Redirecting to password reset...',
  accountCreated: 'Account created successfully. Please sign in.',
  credentialsRequired: 'Please enter your email and password.',
  invalidCredentials: 'Invalid email or password',
  verificationCodeRequired:
    'A verification code has been sent to your email. Please check your inbox and enter the code below.',
  invalidCode: 'Invalid verification code. Please try again or request a new code.',
  signedIn: 'Signed in successfully.',
  emailRequiredForResend: 'Please enter your email first.',
  codeResent: 'A new verification code has been sent to your email.',
  resendCooldown: 'Please wait before requesting another code.',
  signedOut: 'Signed out.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  resetUnknownAccount: 'No account found with that email address.',
  resetSent: 'Password reset instructions have been sent to your email address.',
  resetDone: 'Password reset successfully',
  /** What the reset answers: the catalogue's text, and what else it did (docs/reference/identity.md). */
  resetDoneEverywhere:
    'Password reset successfully. Every session has been signed out and your personal access tokens have been revoked: create new ones for your scripts and the browser extension.',
  resetFailed: 'Failed to reset password',
  resetInvalidCode: 'Invalid or expired reset code. Please request a new code.',
  emailRequired: 'Please enter your email address.',
  mailUnavailable: 'We could not send the e-mail right now. Please try again.',
  tooManyAttempts: (seconds: number) => `Too many attempts. Please try again in ${seconds} seconds.`,
} as const;
