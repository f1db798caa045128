import pino, { type Logger } from 'pino';
import { traceIdOf } from '../tracing/tracing';
import { requestContext } from './request-context';

/**
 * Paths never written to logs. Card data, credentials, tokens and codes are replaced wherever
 * they appear in a logged object (request bodies included).
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
  ...[
    'password',
    'confirmPassword',
    'newPassword',
    'code',
    'token',
    'accessToken',
    'refreshToken',
    'secret',
    'apiKey',
    'cardNumber',
    'cvc',
    'card',
    'paymentMethodId',
  ].flatMap((k) => [k, `*.${k}`, `*.*.${k}`]),
];

export function createLogger(service: string, level = 'info'): Logger {
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    messageKey: 'msg',
    redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
    formatters: { level: (label) => ({ level: label }) },
    mixin: () => {
      const ctx = requestContext.getStore();
      if (!ctx) return {};
      const traceId = traceIdOf(ctx.traceparent);
      return traceId ? { requestId: ctx.requestId, traceId } : { requestId: ctx.requestId };
    },
  });
}
