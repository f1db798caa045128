import { z } from 'zod';
import { type ApiRoute, defineRoute } from '../http/route';
import { messageResultSchema } from './auth-dto';

/** Sign-in session ids as identity issues them (`ses_` + base64url). */
export const sessionIdParamsSchema = z.strictObject({
  id: z.string().regex(/^ses_[A-Za-z0-9_-]{1,64}$/, 'Not a session id.'),
});
export type SessionIdParams = z.infer<typeof sessionIdParamsSchema>;

/** One signed-in browser as its owner sees it on /account (never a token). */
export const activeSessionSchema = z.object({
  id: z.string(),
  /** e.g. "Chrome", "Safari"; "Unknown browser" when the User-Agent says nothing usable. */
  browser: z.string(),
  /** e.g. "macOS", "Android"; "Unknown device" likewise. */
  device: z.string(),
  createdAt: z.string(),
  /** The last refresh (or the sign-in, if none yet). */
  lastUsedAt: z.string(),
  /** The session the request itself comes from. */
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

export const activeSessionListSchema = z.object({ sessions: z.array(activeSessionSchema) });
export type ActiveSessionList = z.infer<typeof activeSessionListSchema>;

export const SESSION_MESSAGES = {
  ended: 'Session ended.',
  othersEnded: 'Signed out of all other sessions.',
  notFound: 'Session not found.',
  sessionOnly: 'Sessions can only be managed from a signed-in browser session.',
} as const;

const tag = 'identity';
const base = '/api/v1/sessions';
const sessionOnly = { 401: 'Not signed in or session revoked', 403: SESSION_MESSAGES.sessionOnly } as const;

export const listSessionsRoute = defineRoute({
  id: 'listSessions',
  method: 'GET',
  path: base,
  summary: "The caller's active sign-in sessions (browser, device, last use), this one marked",
  tag,
  access: 'user',
  response: activeSessionListSchema,
  errors: sessionOnly,
});

export const signOutOtherSessionsRoute = defineRoute({
  id: 'signOutOtherSessions',
  method: 'POST',
  path: `${base}/sign-out-others`,
  summary: 'End every session of the caller except this one; their access tokens stop at once',
  tag,
  access: 'user',
  response: messageResultSchema,
  errors: sessionOnly,
});

export const endSessionRoute = defineRoute({
  id: 'endSession',
  method: 'DELETE',
  path: `${base}/:id`,
  summary: "End one of the caller's sessions: its refresh token and access tokens stop at once",
  tag,
  access: 'user',
  params: sessionIdParamsSchema,
  response: messageResultSchema,
  errors: { 400: 'Not a session id', ...sessionOnly, 404: SESSION_MESSAGES.notFound },
});

/** Session management of the identity context (listed in authRoutes). */
export const sessionRoutes: readonly ApiRoute[] = [
  listSessionsRoute,
  signOutOtherSessionsRoute,
  endSessionRoute,
] as readonly ApiRoute[];
