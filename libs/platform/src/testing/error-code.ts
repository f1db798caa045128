import { HttpException } from '@nestjs/common';

/**
 * The `code` of the HTTP exception a call rejects with ('resolved' if it does not), for unit specs
 * that call services directly and assert which user-facing error they chose.
 */
export async function errorCode(promise: Promise<unknown>): Promise<string> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (err === null) return 'resolved';
  if (!(err instanceof HttpException))
    throw new Error('rejected with something other than an HTTP exception', { cause: err });
  return (err.getResponse() as { code?: string }).code ?? String(err.getStatus());
}
