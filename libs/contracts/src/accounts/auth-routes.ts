import { type ApiRoute, defineRoute } from '../http/route';
import { accountDeletionRoutes } from './account-deletion-routes';
import { accountRoutes } from './account-routes';
import {
  emailBodySchema,
  messageResultSchema,
  refreshResultSchema,
  resetConfirmBodySchema,
  signInBodySchema,
  signInResultSchema,
  signUpBodySchema,
  signUpResultSchema,
} from './auth-dto';
import { deviceAuthRoutes } from './device-auth-routes';
import {
  createPersonalTokenRoute,
  listPersonalTokensRoute,
  revokePersonalTokenRoute,
} from './personal-token-routes';
import { sessionRoutes } from './session-routes';
import { sessionUserSchema } from './session-user';

const tag = 'identity';
const limited = 'Too many attempts; see the Retry-After header';
const unavailable = 'Temporarily unavailable (rate limits cannot be checked); try again later';

export const signUpRoute = defineRoute({
  id: 'signUp',
  method: 'POST',
  path: '/api/v1/auth/sign-up',
  summary: 'Create an account (NO_SUBSCRIPTION until a trial starts)',
  tag,
  access: 'public',
  body: signUpBodySchema,
  response: signUpResultSchema,
  successStatus: 201,
  errors: { 400: 'A registration rule is broken (spec order)', 409: 'DUPLICATE_EMAIL', 429: limited },
});

export const signInRoute = defineRoute({
  id: 'signIn',
  method: 'POST',
  path: '/api/v1/auth/sign-in',
  summary: 'Sign in: password first, then the e-mailed 6-digit code (in `password` or `code`)',
  tag,
  access: 'public',
  body: signInBodySchema,
  response: signInResultSchema,
  errors: {
    400: 'Email or password missing',
    401: 'Invalid email or password, or invalid verification code',
    429: limited,
    503: unavailable,
  },
});

export const resendCodeRoute = defineRoute({
  id: 'resendCode',
  method: 'POST',
  path: '/api/v1/auth/resend-code',
  summary: 'Send a new sign-in code for the pending sign-in of this e-mail',
  tag,
  access: 'public',
  body: emailBodySchema,
  response: messageResultSchema,
  errors: { 400: 'Please enter your email first.', 429: 'Cooldown or rate limit; see Retry-After' },
});

export const refreshRoute = defineRoute({
  id: 'refreshSession',
  method: 'POST',
  path: '/api/v1/auth/refresh',
  summary: 'New access token from the httpOnly refresh cookie (rotates the cookie)',
  tag,
  access: 'public',
  response: refreshResultSchema,
  errors: {
    401: 'No valid session (cookie missing, expired, revoked or reused)',
    // The gateway limits refreshes per session (refresh-token family), then per client IP.
    429: limited,
    503: unavailable,
  },
});

export const signOutRoute = defineRoute({
  id: 'signOut',
  method: 'POST',
  path: '/api/v1/auth/sign-out',
  summary: 'Revoke the session server-side and clear the refresh cookie (always succeeds)',
  tag,
  access: 'public',
  response: messageResultSchema,
});

export const passwordResetRequestRoute = defineRoute({
  id: 'requestPasswordReset',
  method: 'POST',
  path: '/api/v1/auth/password-reset/request',
  summary: 'E-mail a password reset code',
  tag,
  access: 'public',
  body: emailBodySchema,
  response: messageResultSchema,
  errors: { 400: 'Email missing', 404: 'No account found with that email address.', 429: limited },
});

export const passwordResetConfirmRoute = defineRoute({
  id: 'confirmPasswordReset',
  method: 'POST',
  path: '/api/v1/auth/password-reset/confirm',
  summary:
    'Set a new password with the e-mailed code; every session and every personal access token of the user is revoked',
  tag,
  access: 'public',
  body: resetConfirmBodySchema,
  response: messageResultSchema,
  errors: { 400: 'Failed to reset password (invalid code or password rule)', 429: limited },
});

export const meRoute = defineRoute({
  id: 'getMe',
  method: 'GET',
  path: '/api/v1/me',
  summary: 'The signed-in user (session object)',
  tag,
  access: 'user',
  response: sessionUserSchema,
  errors: { 401: 'Not signed in or session revoked' },
});

/** Public calls of the identity context. */
export const authRoutes: readonly ApiRoute[] = [
  signUpRoute,
  signInRoute,
  resendCodeRoute,
  refreshRoute,
  signOutRoute,
  passwordResetRequestRoute,
  passwordResetConfirmRoute,
  meRoute,
  listPersonalTokensRoute,
  createPersonalTokenRoute,
  revokePersonalTokenRoute,
  ...sessionRoutes,
  ...accountRoutes,
  ...accountDeletionRoutes,
  ...deviceAuthRoutes,
] as readonly ApiRoute[];
