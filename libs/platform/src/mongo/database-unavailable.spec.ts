import { isDatabaseUnavailable } from './database-unavailable';

/** An error as Node raises it on a socket, with the stack of the code that wrote to it. */
function socketError(code: string, frames: string[]): Error {
  const err = Object.assign(new Error('This socket has been ended by the other party'), { code });
  err.stack = [`Error: ${err.message}`, ...frames.map((f) => `    at ${f}`)].join('\n');
  return err;
}

const DRIVER = '/app/node_modules/mongodb/lib/cmap/connection.js:392:25';

describe('isDatabaseUnavailable', () => {
  it.each(['MongoNetworkError', 'MongoServerSelectionError', 'MongoPoolClearedError'])(
    'knows the driver connection error %s',
    (name) => {
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { name }))).toBe(true);
    },
  );

  it("knows mongoose's buffering timeout, not its other errors", () => {
    const err = (message: string) => Object.assign(new Error(message), { name: 'MongooseError' });
    expect(
      isDatabaseUnavailable(err('Operation `artifacts.insertOne()` buffering timed out after 10000ms')),
    ).toBe(true);
    expect(isDatabaseUnavailable(err('Model.find() no longer accepts a callback'))).toBe(false);
  });

  it("knows a raw socket error from the driver's connection (a write as the server went away)", () => {
    expect(isDatabaseUnavailable(socketError('EPIPE', [`Connection.writeCommand (${DRIVER})`]))).toBe(true);
    expect(isDatabaseUnavailable(socketError('ECONNRESET', [`Connection.sendWire (${DRIVER})`]))).toBe(true);
  });

  it("does not blame the database for another client's socket, or for other errors", () => {
    expect(
      isDatabaseUnavailable(
        socketError('EPIPE', ['Socket.write (/app/node_modules/ioredis/built/Redis.js:1:1)']),
      ),
    ).toBe(false);
    expect(isDatabaseUnavailable(socketError('ENOENT', [`Connection.writeCommand (${DRIVER})`]))).toBe(false);
    expect(
      isDatabaseUnavailable(Object.assign(new Error('E11000 duplicate key'), { name: 'MongoServerError' })),
    ).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
