import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus } from '@nestjs/common';
import { type Response } from 'express';
import { type Logger } from 'pino';
import { AppException, type ErrorBody } from './app-exception';

const UNEXPECTED = 'An unexpected error occurred. Please try again.';

/** Body-parser failures carry a `type`; they are the client's fault and get a clear 4xx. */
function bodyParserError(err: unknown): ErrorBody | undefined {
  const e = err as { type?: string; status?: number; limit?: number };
  switch (e?.type) {
    case 'entity.parse.failed':
      return { statusCode: 400, code: 'MALFORMED_JSON', message: 'The request body is not valid JSON.' };
    case 'entity.too.large':
      return {
        statusCode: 413,
        code: 'BODY_TOO_LARGE',
        message: `The request body is too large (limit ${e.limit} bytes).`,
      };
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return { statusCode: 415, code: 'UNSUPPORTED_ENCODING', message: 'Unsupported request body encoding.' };
    default:
      return undefined;
  }
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
    // Nest wraps the JSON parser's error in a BadRequestException; the original is its cause.
    const body =
      bodyParserError(err) ??
      bodyParserError((err as { cause?: unknown } | null)?.cause) ??
      malformedJson(err) ??
      (err instanceof HttpException
        ? httpErrorBody(err)
        : { statusCode: 500, code: 'INTERNAL_ERROR', message: UNEXPECTED });
    if (body.statusCode >= 500) this.logger.error({ err }, 'request failed');
    if (!res.headersSent) res.status(body.statusCode).json(body);
  }
}
