/**
 * The database is unreachable (restarting, crashed, a network split) rather than refusing this
 * operation: the driver's connection errors and mongoose's "buffering timed out". Such a failure
 * says nothing about the request or the event, only about the moment, so a request gets a
 * retryable 503 and a consumer waits instead of giving the event up. Matched by name, because
 * the driver's classes can exist in more than one copy in node_modules.
 */
const CONNECTION_ERRORS = new Set([
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongoPoolClearedError',
  'PoolClearedError',
  'PoolClearedOnNetworkError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
]);

export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { name?: unknown; message?: unknown } | null;
  const name = typeof e?.name === 'string' ? e.name : '';
  if (CONNECTION_ERRORS.has(name)) return true;
  return name === 'MongooseError' && typeof e?.message === 'string' && /buffering timed out/.test(e.message);
}
