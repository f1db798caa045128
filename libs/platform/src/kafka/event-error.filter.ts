import { type ArgumentsHost, Catch, type RpcExceptionFilter } from '@nestjs/common';
import { type Observable, throwError } from 'rxjs';

/**
 * Nest turns a handler's error into a generic `{ status: 'error' }` object; the consumer needs the
 * error itself (a database outage waits instead of using attempts up; its message goes in the
 * dead-letter headers), so every platform event handler rethrows it unchanged.
 */
@Catch()
export class EventErrorPassthrough implements RpcExceptionFilter<unknown> {
  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    return throwError(() => exception);
  }
}
