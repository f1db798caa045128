import { type ArgumentsHost, BadRequestException } from '@nestjs/common';
import { type Logger } from 'pino';
import { AppException } from './app-exception';
import { ErrorFilter } from './error.filter';

function respond(err: unknown) {
  const sent: { status?: number; body?: unknown; headers: Record<string, string> } = { headers: {} };
  const res = {
    headersSent: false,
    setHeader: (name: string, value: string) => void (sent.headers[name] = value),
    status(code: number) {
      sent.status = code;
      return this;
    },
    json: (body: unknown) => void (sent.body = body),
  };
  const host = {
    switchToHttp: () => ({ getResponse: () => res, getRequest: () => ({ headers: {} }) }),
  } as unknown as ArgumentsHost;
  const logged: string[] = [];
  const logger = {
    error: (_: unknown, msg: string) => logged.push(`error:${msg}`),
    warn: (_: unknown, msg: string) => logged.push(`warn:${msg}`),
  } as unknown as Logger;
  new ErrorFilter(logger).catch(err, host);
  return { ...sent, logged };
}

const named = (name: string, message = 'x') => Object.assign(new Error(message), { name });

describe('ErrorFilter', () => {
  it.each([
    'MongoNetworkError',
    'MongoServerSelectionError',
    'MongoPoolClearedError',
    'PoolClearedOnNetworkError',
    'MongoNotConnectedError',
  ])('answers %s with 503 and Retry-After, logged as a warning', (name) => {
    const r = respond(named(name, 'connection refused'));
    expect(r.status).toBe(503);
    expect(r.headers['retry-after']).toBe('5');
    expect(r.body).toMatchObject({ statusCode: 503, code: 'DATABASE_UNAVAILABLE' });
    expect(r.logged).toEqual(['warn:database unavailable']);
  });

  it("answers mongoose's buffering timeout with 503", () => {
    const r = respond(
      named('MongooseError', 'Operation `artifacts.insertOne()` buffering timed out after 10000ms'),
    );
    expect(r.status).toBe(503);
  });

  it('keeps other errors a logged 500 and client errors their 4xx', () => {
    const crash = respond(new TypeError('undefined is not a function'));
    expect(crash).toMatchObject({
      status: 500,
      body: { code: 'INTERNAL_ERROR' },
      logged: ['error:request failed'],
    });
    expect(crash.headers['retry-after']).toBeUndefined();
    expect(respond(named('MongooseError', 'Cast to ObjectId failed')).status).toBe(500);
    expect(respond(new BadRequestException('Title is required')).status).toBe(400);
  });

  it.each([429, 503])('sets Retry-After from the retryAfterSeconds of a %s AppException', (status) => {
    const r = respond(new AppException(status, 'SLOW_DOWN', 'Wait.', { retryAfterSeconds: 42 }));
    expect(r.status).toBe(status);
    expect(r.headers['retry-after']).toBe('42');
    expect(r.body).toEqual({
      statusCode: status,
      code: 'SLOW_DOWN',
      message: 'Wait.',
      details: { retryAfterSeconds: 42 },
    });
  });

  it('sets no Retry-After for other statuses, or without a usable wait', () => {
    const wait = { retryAfterSeconds: 42 };
    expect(respond(new AppException(409, 'CONFLICT', 'x', wait)).headers['retry-after']).toBeUndefined();
    for (const details of [undefined, {}, { retryAfterSeconds: '42' }, { retryAfterSeconds: 0 }, 42])
      expect(
        respond(new AppException(429, 'SLOW_DOWN', 'x', details)).headers['retry-after'],
      ).toBeUndefined();
  });

  it('rounds a fractional wait up (the header takes whole seconds)', () => {
    const r = respond(new AppException(429, 'SLOW_DOWN', 'x', { retryAfterSeconds: 1.2 }));
    expect(r.headers['retry-after']).toBe('2');
  });
});
