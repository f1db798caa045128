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

/** Socket errors Node raises on a connection the other side has closed or reset. */
const SOCKET_ERRORS = new Set(['EPIPE', 'ECONNRESET']);
/** The driver's connection layer, in a stack: where a raw socket error is the database's. */
const DRIVER_CONNECTION = /[\\/]mongodb[\\/]lib[\\/]cmap[\\/]/;

export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { name?: unknown; message?: unknown; code?: unknown; stack?: unknown } | null;
  const name = typeof e?.name === 'string' ? e.name : '';
  if (CONNECTION_ERRORS.has(name)) return true;
  // A command written just as the server went away reaches us unwrapped: Node's "This socket has
  // been ended by the other party" (EPIPE) from the driver's connection, not a MongoNetworkError.
  // Seen when the database was killed under load; it was answered 500 instead of a retryable 503.
  if (typeof e?.code === 'string' && SOCKET_ERRORS.has(e.code))
    return typeof e.stack === 'string' && DRIVER_CONNECTION.test(e.stack);
  return name === 'MongooseError' && typeof e?.message === 'string' && /buffering timed out/.test(e.message);
}
