import pino, { type Logger } from 'pino';
import { traceIdOf } from '../tracing/tracing';
import { requestContext } from './request-context';
import { REDACTED, redactSecrets } from './secrets';

/** Headers that carry credentials: never written, wherever a logged object holds headers. */
const SECRET_HEADERS = [
  'authorization',
  'proxy-authorization',
  'cookie',
  '["set-cookie"]',
  '["stripe-signature"]',
  '["x-api-key"]',
];
const HEADER_HOLDERS = ['req.headers', 'res.headers', 'headers', '*.headers', 'err.config.headers'];

/** Fields that hold a credential or card data, at any of the first three levels of a logged object. */
const SECRET_FIELDS = [
  'password',
  'currentPassword',
  'confirmPassword',
  'newPassword',
  'token',
  'accessToken',
  'refreshToken',
  'access_token',
  'refresh_token',
  'secret',
  'apiKey',
  'authorization',
  'cookie',
  'cardNumber',
  'cvc',
  'card',
  'paymentMethodId',
];

/**
 * E-mailed verification codes (sign-in, reset, e-mail change, account deletion) travel as `code`
 * in request bodies; only there is `code` a secret. Everywhere else `code` is an error code
 * (`ECONNREFUSED`, `DATABASE_UNAVAILABLE`, a Mongo error number) and must stay readable.
 */
const VERIFICATION_CODE_PATHS = [
  'req.body.code',
  'body.code',
  '*.body.code',
  'verificationCode',
  '*.verificationCode',
];

/** Paths never written to logs (pino's redact): what is secret by name, not by shape. */
export const REDACT_PATHS = [
  ...HEADER_HOLDERS.flatMap((holder) =>
    SECRET_HEADERS.map((h) => (h.startsWith('[') ? `${holder}${h}` : `${holder}.${h}`)),
  ),
  ...SECRET_FIELDS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`]),
  ...VERIFICATION_CODE_PATHS,
];

/**
 * The last line of defence, over every serialized line: keys, session tokens and refresh cookie
 * values found by their shape in anything a line holds — URLs, messages, error messages and
 * stacks, bodies — percent-encoded or not (docs/reference/privacy.md, "Logs"). One linear pass; a line
 * with none of the few marks a credential must contain is not scanned at all.
 */
export function scrubLine(line: string): string {
  return redactSecrets(line);
}

/** The service's logger (stdout unless a destination is given: specs capture it). */
export function createLogger(service: string, level = 'info', destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    messageKey: 'msg',
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    hooks: { streamWrite: scrubLine },
    formatters: { level: (label) => ({ level: label }) },
    mixin: () => {
      const ctx = requestContext.getStore();
      if (!ctx) return {};
      const traceId = traceIdOf(ctx.traceparent);
      return traceId ? { requestId: ctx.requestId, traceId } : { requestId: ctx.requestId };
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
