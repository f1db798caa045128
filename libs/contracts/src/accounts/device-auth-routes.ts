import { type ApiRoute, defineRoute } from '../http/route';
import { messageResultSchema } from './auth-dto';
import {
  DEVICE_MESSAGES as M,
  deviceCodeRequestSchema,
  deviceCodeResponseSchema,
  deviceRequestSchema,
  deviceTokenRequestSchema,
  deviceTokenResponseSchema,
  deviceUserCodeBodySchema,
} from './device-auth-dto';

const tag = 'identity';
const base = '/api/v1/auth/device';
const limited = 'Too many attempts; see the Retry-After header';
const sessionOnly = { 401: 'Not signed in or session revoked', 403: M.sessionOnly } as const;
const codeErrors = {
  400: `${M.badCode} / DEVICE_CODE_EXPIRED: ${M.expired}`,
  ...sessionOnly,
  404: M.notFound,
  409: M.answered,
  429: limited,
} as const;

export const requestDeviceCodeRoute = defineRoute({
  id: 'requestDeviceCode',
  method: 'POST',
  path: `${base}/code`,
  summary:
    'Start a device sign-in (RFC 8628 §3.1): a device code to poll with, a user code to approve in the app',
  tag,
  access: 'public',
  body: deviceCodeRequestSchema,
  response: deviceCodeResponseSchema,
  errors: { 400: 'Unknown client_id, or an unknown scope', 429: limited },
});

export const pollDeviceTokenRoute = defineRoute({
  id: 'pollDeviceToken',
  method: 'POST',
  path: `${base}/token`,
  summary:
    'Poll a device sign-in (RFC 8628 §3.4): a new personal access token once approved, else the RFC error in `code`',
  tag,
  access: 'public',
  body: deviceTokenRequestSchema,
  response: deviceTokenResponseSchema,
  errors: {
    400: 'authorization_pending, slow_down (details.interval: the new interval), access_denied, expired_token, invalid_grant',
    403: 'FEATURE_NOT_AVAILABLE: the approving account cannot hold a scope asked for any more',
    409: 'The approving account already has the most personal access tokens',
    429: limited,
  },
});

export const getDeviceRequestRoute = defineRoute({
  id: 'getDeviceRequest',
  method: 'POST',
  path: `${base}/lookup`,
  summary:
    'What a user code asks for (client, host name, scopes), before approving it; the code stays out of URLs',
  tag,
  access: 'user',
  body: deviceUserCodeBodySchema,
  response: deviceRequestSchema,
  errors: codeErrors,
});

export const approveDeviceRoute = defineRoute({
  id: 'approveDevice',
  method: 'POST',
  path: `${base}/approve`,
  summary: "Approve a device sign-in: the device's next poll gets a new personal access token of the caller",
  tag,
  access: 'user',
  body: deviceUserCodeBodySchema,
  response: messageResultSchema,
  errors: codeErrors,
});

export const denyDeviceRoute = defineRoute({
  id: 'denyDevice',
  method: 'POST',
  path: `${base}/deny`,
  summary: 'Deny a device sign-in: its polls answer access_denied, no key is made',
  tag,
  access: 'user',
  body: deviceUserCodeBodySchema,
  response: messageResultSchema,
  errors: codeErrors,
});

export const deviceAuthRoutes: readonly ApiRoute[] = [
  requestDeviceCodeRoute,
  pollDeviceTokenRoute,
  getDeviceRequestRoute,
  approveDeviceRoute,
  denyDeviceRoute,
] as readonly ApiRoute[];
