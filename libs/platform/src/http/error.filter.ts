import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus } from '@nestjs/common';
import { type Request, type Response } from 'express';
import { type Logger } from 'pino';
import { isDatabaseUnavailable } from '../mongo/database-unavailable';
import { AppException, type ErrorBody } from './app-exception';
import { JSON_TOO_DEEP, REQUEST_LIMITS } from './request-limits';

const UNEXPECTED = 'An unexpected error occurred. Please try again.';

/** Body-parser failures carry a `type`; they are the client's fault and get a clear 4xx. */
function bodyParserError(err: unknown): ErrorBody | undefined {
  const e = err as { type?: string; status?: number; limit?: number; encoding?: string };
  switch (e?.type) {
    case 'entity.parse.failed':
      return { statusCode: 400, code: 'MALFORMED_JSON', message: 'The request body is not valid JSON.' };
    case JSON_TOO_DEEP:
      return {
        statusCode: 400,
        code: 'JSON_TOO_DEEP',
        message: `The request body is nested too deeply (at most ${REQUEST_LIMITS.jsonMaxDepth} levels).`,
      };
    case 'entity.too.large':
      return {
        statusCode: 413,
        code: 'BODY_TOO_LARGE',
        message: `The request body is too large (limit ${e.limit} bytes).`,
      };
    case 'encoding.unsupported':
      return {
        statusCode: 415,
        code: 'UNSUPPORTED_ENCODING',
        message: `Unsupported Content-Encoding${e.encoding ? ` "${e.encoding.slice(0, 32)}"` : ''}; send gzip, deflate, br or no encoding.`,
      };
    case 'charset.unsupported':
      return { statusCode: 415, code: 'UNSUPPORTED_ENCODING', message: 'Unsupported request body encoding.' };
    default:
      // Any other refusal of body-parser (a body shorter than its Content-Length…) is the client's too.
      return typeof e?.type === 'string' && e.status !== undefined && e.status >= 400 && e.status < 500
        ? { statusCode: e.status, code: 'UNREADABLE_BODY', message: 'The request body could not be read.' }
        : undefined;
  }
}

/**
 * A body that claims a Content-Encoding it does not have: body-parser passes zlib's error on as a
 * typeless 400 (zlib errors carry an errno). The client's mistake, so it is named as such.
 */
function badlyEncodedBody(err: unknown, req: Request | undefined): ErrorBody | undefined {
  const e = err as { type?: string; status?: number; errno?: unknown } | null;
  const encoding = req?.headers['content-encoding'];
  if (!e || e.type !== undefined || e.status !== 400 || typeof e.errno !== 'number' || !encoding)
    return undefined;
  return {
    statusCode: 400,
    code: 'MALFORMED_BODY_ENCODING',
    message: `The request body is not valid ${encoding.slice(0, 32)} data, as its Content-Encoding says.`,
  };
}

/** Nest 11 rethrows body-parser's SyntaxError as a plain 400 without keeping its type. */
function malformedJson(err: unknown): ErrorBody | undefined {
  if (!(err instanceof HttpException) || err.getStatus() !== 400) return undefined;
  // An AppException already says what is wrong (its message may well mention JSON).
  if (err instanceof AppException) return undefined;
  const cause = (err as { cause?: unknown }).cause;
  if (cause instanceof SyntaxError || /\bJSON\b/.test(err.message)) {
    return { statusCode: 400, code: 'MALFORMED_JSON', message: 'The request body is not valid JSON.' };
  }
  return undefined;
}

/** Clients and load balancers retry a 503 after this long instead of reporting a bug. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

function databaseUnavailable(err: unknown): ErrorBody | undefined {
  if (!isDatabaseUnavailable(err)) return undefined;
  return {
    statusCode: 503,
    code: 'DATABASE_UNAVAILABLE',
    message: 'The service is briefly unavailable. Please try again in a few seconds.',
  };
}

/**
 * The wait an AppException names for its 429 or 503 (`details.retryAfterSeconds`): clients read it
 * from the Retry-After header, so the filter that writes the body writes the header too.
 */
function retryAfterOf(err: unknown): number | undefined {
  if (!(err instanceof AppException)) return undefined;
  const status = err.getStatus();
  if (status !== 429 && status !== 503) return undefined;
  const details = err.details;
  if (typeof details !== 'object' || details === null || !('retryAfterSeconds' in details)) return undefined;
  const seconds = details.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0
    ? Math.ceil(seconds)
    : undefined;
}

function httpErrorBody(err: HttpException): ErrorBody {
  const status = err.getStatus();
  const response = err.getResponse();
  if (typeof response === 'object' && response !== null && 'code' in response) return response as ErrorBody;
  const raw = typeof response === 'string' ? response : (response as { message?: unknown }).message;
  // class-validator style bodies carry a list of messages; the first is the one to show.
  const first: unknown = Array.isArray(raw) ? raw[0] : raw;
  const message = typeof first === 'string' ? first : err.message;
  return { statusCode: status, code: HttpStatus[status] ?? 'ERROR', message };
}

/** Every error leaves as `{ statusCode, code, message }`; only real server faults are 5xx and logged. */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(err: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const req = host.switchToHttp().getRequest<Request | undefined>();
    // Nest wraps the JSON parser's error in a BadRequestException; the original is its cause.
    const body =
      bodyParserError(err) ??
      bodyParserError((err as { cause?: unknown } | null)?.cause) ??
      badlyEncodedBody(err, req) ??
      malformedJson(err) ??
      databaseUnavailable(err) ??
      (err instanceof HttpException
        ? httpErrorBody(err)
        : { statusCode: 500, code: 'INTERNAL_ERROR', message: UNEXPECTED });
    if (body.code === 'DATABASE_UNAVAILABLE') this.logger.warn({ err }, 'database unavailable');
    else if (body.statusCode >= 500) this.logger.error({ err }, 'request failed');
    if (res.headersSent) return;
    const retryAfter =
      body.code === 'DATABASE_UNAVAILABLE' ? DATABASE_RETRY_AFTER_SECONDS : retryAfterOf(err);
    if (retryAfter !== undefined) res.setHeader('retry-after', String(retryAfter));
    res.status(body.statusCode).json(body);
  }
}
