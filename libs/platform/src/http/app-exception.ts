import { HttpException, type HttpStatus } from '@nestjs/common';

export interface ErrorBody {
  statusCode: number;
  code: string;
  message: string;
  details?: unknown;
}

/**
 * Base of each bounded context's exception type: an HTTP status, a stable machine code and the
 * user-facing message from the spec's error catalogue.
 */
export class AppException extends HttpException {
  constructor(
    status: HttpStatus,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(
      {
        statusCode: status,
        code,
        message,
        ...(details === undefined ? {} : { details }),
      } satisfies ErrorBody,
      status,
    );
  }
}
