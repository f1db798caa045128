import { ACCESS_TOKEN_TTL_SECONDS } from '../accounts/auth-token';
import { PERSONAL_TOKEN_MESSAGES } from '../accounts/personal-token-dto';
import { ARTIFACT_LIMITS as L } from '../artifacts/artifact-limits';

/**
 * The front page of /api-docs (OpenAPI `info.description`, Markdown): what a client needs before
 * the first call. docs/reference/api.md says the same for people reading the repository, with curl examples.
 * The numbers come from the contracts where the contracts own them.
 */
export const API_DESCRIPTION = `
The Core Vault API stores, lists and shares AI-generated artifacts. Every call is JSON over HTTPS
under \`/api/v1\`; this page is generated from the same route contracts the gateway serves, so it
lists exactly what exists.

## Authentication

Send a token in the \`Authorization\` header:

\`\`\`
Authorization: Bearer cvpat_…
\`\`\`

- **Personal access tokens** (\`cvpat_\` + 43 characters) are made for scripts, the command line
  and the browser extension. Create one on **/account → "Personal access tokens"**: pick a name,
  its scopes and an expiry. The secret is shown once; the vault keeps only its hash. Revoking it
  takes effect at once. Keys issued before as \`cvp_…\` keep working.
- **Session access tokens** (what the web app holds after sign-in, \`POST /api/v1/auth/sign-in\`)
  work too, with every permission of the account's plan, but expire after ${ACCESS_TOKEN_TTL_SECONDS / 60} minutes.

Tokens are read from this header only, never from a query string or a body: a request with a key
or a token in its query string is refused before anything else (\`400 TOKEN_IN_URL\`; revoke that
key, as addresses end up in logs and browser history). Token management
(\`/api/v1/personal-tokens\`), the account, sessions and billing need a session: a personal access
token is refused there (\`403 INSUFFICIENT_SCOPE\`), so a leaked key can neither mint keys nor touch
the subscription. Use **Authorize** above with either kind of token to try calls from this page.

## Scopes

| Scope | Allows | Plans |
| --- | --- | --- |
| \`artifacts:read\` | \`GET\` calls on artifacts: list, search, read, versions, activity, export | every plan |
| \`artifacts:write\` | create (one, or up to ${L.batchMax} in one batch), preview, import, edit, delete, share, restore a version | every plan |
| \`collections:read\` | \`GET\` calls on collections and their artifacts | Business (\`api_access\`) |
| \`collections:write\` | create, rename and delete collections, add and remove artifacts | Business (\`api_access\`) |
| \`analytics:read\` | \`GET\` analytics of the key owner's artifacts | Business (\`api_access\`) |

\`GET /api/v1/me\` accepts a key with any scope (it says whose key it is). Plan features still apply
on top of scopes: creating artifacts needs a plan with \`basic_upload\`. A key with a Business scope
can only be created on a plan with \`api_access\` (\`403 FEATURE_NOT_AVAILABLE\`), and stops working on
those routes the moment its owner's plan loses it. Each operation below names the scope it needs.

## Pagination

Lists are paged by number: \`page\` (from 1, default 1) and \`limit\` (1–${L.pageSizeMax}, default
${L.pageSizeDefault}). \`GET /api/v1/artifacts\` also takes \`sort\` (\`newest\` (default), \`oldest\`,
\`title\`, \`type\`, \`views\`). The answer says where you are:

\`\`\`json
{ "artifacts": [ … ], "page": 2, "limit": 20, "total": 45, "hasMore": true }
\`\`\`

Ask for \`page + 1\` while \`hasMore\` is true. The same holds for \`GET /api/v1/artifacts/search\`
(with \`q\`) and \`GET /api/v1/collections/{id}/artifacts\`. List items are summaries without
\`content\`; read one artifact for its content. A version history is not paged (the newest
${L.versionsKept} are kept).

## Errors

Every refusal has the same JSON body, whatever the status:

\`\`\`json
{ "statusCode": 400, "code": "VALIDATION_FAILED", "message": "Title is too long. Maximum ${L.titleMaxChars} characters allowed." }
\`\`\`

\`code\` is stable, for programs; \`message\` is for people and may change. Some answers add
\`details\`. Common ones:

| Status | code | When |
| --- | --- | --- |
| 400 | \`VALIDATION_FAILED\`, \`MALFORMED_JSON\` | invalid input (the message names the field), unparseable JSON |
| 400 | \`TOKEN_IN_URL\` | a key or token in the query string: send it in the \`Authorization\` header, and revoke that key |
| 401 | \`UNAUTHENTICATED\` | no token |
| 401 | \`INVALID_TOKEN\` | a personal access token that is unknown, revoked or expired, or whose account was deleted: make a new one |
| 401 | \`SESSION_EXPIRED\` | a session token that expired or was signed out: sign in again |
| 403 | \`INSUFFICIENT_SCOPE\` | the personal access token lacks the scope, or the route takes sessions only |
| 403 | \`FEATURE_NOT_AVAILABLE\` | the account's plan does not include the feature |
| 404 | \`ARTIFACT_NOT_FOUND\` | no such artifact (or not yours) |
| 413 | \`BODY_TOO_LARGE\`, \`CONTENT_TOO_LARGE\` | request body or artifact content over the limit (${L.contentMaxChars.toLocaleString('en-US')} characters of content) |
| 429 | \`RATE_LIMITED\` | over a rate limit; wait for \`Retry-After\` seconds |
| 503 | \`SERVICE_UNAVAILABLE\` | a service is briefly unreachable; retry later |

\`\`\`json
{ "statusCode": 403, "code": "INSUFFICIENT_SCOPE", "message": "${PERSONAL_TOKEN_MESSAGES.missingScope}" }
\`\`\`

## Rate limits

- **Per personal access token**: 120 requests a minute (600 on the Business plan), counted per
  key, so one busy key does not slow another key or your browser session.
- **Per IP address** on the sign-in side: sign-up 20 an hour; sign-in 30 per 10 minutes (and 10
  per e-mail address); resend-code 10 per 10 minutes; password-reset request 10 an hour, confirm
  20 per 10 minutes; refresh 120 per 10 minutes.

Over a limit the answer is \`429\` with code \`RATE_LIMITED\` and a \`Retry-After\` header (seconds);
the client is refused for that long, so wait it out before retrying instead of retrying at once.

\`\`\`
HTTP/1.1 429 Too Many Requests
Retry-After: 37

{ "statusCode": 429, "code": "RATE_LIMITED", "message": "${PERSONAL_TOKEN_MESSAGES.rateLimited(37)}" }
\`\`\`
`.trim();
