import { defineRoute } from '../http/route';
import { messageResultSchema } from './auth-dto';
import {
  PERSONAL_TOKEN_MESSAGES as M,
  createPersonalTokenBodySchema,
  createdPersonalTokenSchema,
  personalTokenIdParamsSchema,
  personalTokenListSchema,
} from './personal-token-dto';

const tag = 'identity';
const base = '/api/v1/personal-tokens';
const sessionOnly = { 401: 'Not signed in or session revoked', 403: M.sessionOnly } as const;

export const listPersonalTokensRoute = defineRoute({
  id: 'listPersonalTokens',
  method: 'GET',
  path: base,
  summary: "The caller's personal access tokens (never the secrets), newest first",
  tag,
  access: 'user',
  response: personalTokenListSchema,
  errors: sessionOnly,
});

export const createPersonalTokenRoute = defineRoute({
  id: 'createPersonalToken',
  method: 'POST',
  path: base,
  summary: 'Create a personal access token; the secret is in this answer only',
  tag,
  access: 'user',
  body: createPersonalTokenBodySchema,
  response: createdPersonalTokenSchema,
  successStatus: 201,
  errors: { 400: 'Invalid name, scopes or expiry', ...sessionOnly, 409: M.tooMany },
});

export const revokePersonalTokenRoute = defineRoute({
  id: 'revokePersonalToken',
  method: 'DELETE',
  path: `${base}/:id`,
  summary: 'Revoke a personal access token: it stops working at once, everywhere',
  tag,
  access: 'user',
  params: personalTokenIdParamsSchema,
  response: messageResultSchema,
  errors: { 400: 'Not a personal token id', ...sessionOnly, 404: M.notFound },
});
