import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { type Response } from 'express';
import { type Observable, catchError, throwError } from 'rxjs';
import { IdentityException } from './identity.exception';

/** Puts a 429's wait into the Retry-After header (the error filter writes only the body). */
@Injectable()
export class RetryAfterInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((err: unknown) => {
        if (err instanceof IdentityException && err.retryAfterSeconds !== undefined) {
          context
            .switchToHttp()
            .getResponse<Response>()
            .setHeader('Retry-After', String(err.retryAfterSeconds));
        }
        return throwError(() => err);
      }),
    );
  }
}
