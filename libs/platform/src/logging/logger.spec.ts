import { Writable } from 'node:stream';
import pino from 'pino';
import { REDACT_PATHS, createLogger, scrubLine } from './logger';
import { requestContext } from './request-context';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      cb();
    },
  });
  const logger = pino(
    {
      redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
      hooks: { streamWrite: scrubLine },
      mixin: () => ({ requestId: requestContext.getStore()?.requestId }),
    },
    stream,
  );
  return { lines, logger };
}

const key = `cvpat_${'k3y'.repeat(14)}Z`;

describe('logger redaction', () => {
  it.each([
    'password',
    'currentPassword',
    'confirmPassword',
    'newPassword',
    'token',
    'accessToken',
    'refreshToken',
    'cardNumber',
    'cvc',
  ])('never writes %s, top-level or nested', (field) => {
    const { lines, logger } = capture();
    logger.info(
      { [field]: 'S3CRET', body: { [field]: 'S3CRET' }, req: { body: { [field]: 'S3CRET' } } },
      'x',
    );
    expect(JSON.stringify(lines[0])).not.toContain('S3CRET');
  });

  it('hides verification codes in request bodies, and shows error codes', () => {
    const { lines, logger } = capture();
    logger.warn(
      {
        req: { body: { email: 'a@example.com', code: '123456' } },
        body: { code: '654321' },
        err: { type: 'MongoServerError', code: 11000, message: 'duplicate key' },
        error: { statusCode: 503, code: 'DATABASE_UNAVAILABLE' },
        code: 'ECONNREFUSED',
      },
      'x',
    );
    const out = JSON.stringify(lines[0]);
    expect(out).not.toContain('123456');
    expect(out).not.toContain('654321');
    expect(lines[0]?.['err']).toMatchObject({ code: 11000 });
    expect(lines[0]?.['error']).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
    expect(lines[0]?.['code']).toBe('ECONNREFUSED');
  });

  it('hides credential headers wherever headers are logged', () => {
    const { lines, logger } = capture();
    logger.info({
      req: { headers: { authorization: 'Bearer abc', cookie: 'rt=xyz', accept: 'json' } },
      res: { headers: { 'set-cookie': 'cv_rt=planted' } },
      upstream: { headers: { authorization: 'Basic dXNlcg==', 'x-api-key': 'k-123' } },
      headers: { 'stripe-signature': 't=1,v1=sig' },
    });
    const out = JSON.stringify(lines[0]);
    for (const secret of ['Bearer abc', 'rt=xyz', 'planted', 'dXNlcg', 'k-123', 'v1=sig'])
      expect(out).not.toContain(secret);
    expect(out).toContain('json');
  });

  it('scrubs keys by their shape from messages, errors and any field', () => {
    const { lines, logger } = capture();
    logger.error(
      { err: new Error(`upstream refused ${key}`), url: `/x?t=${encodeURIComponent(key)}` },
      `saw ${key}`,
    );
    const out = JSON.stringify(lines[0]);
    expect(out).not.toContain(key.slice(6));
    expect(lines[0]?.['msg']).toBe('saw [REDACTED]');
  });

  it('scrubs the lines of child loggers and of the service logger too', () => {
    const chunks: string[] = [];
    const logger = createLogger('spec', 'info', {
      write: (chunk: string) => void chunks.push(chunk),
    });
    logger.child({ component: 'c' }).info({ header: `Bearer ${key}`, code: 'E_OK' }, 'child');
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).not.toContain(key.slice(6));
    expect(JSON.parse(chunks[0] ?? '{}')).toMatchObject({ header: 'Bearer [REDACTED]', code: 'E_OK' });
  });

  it('stamps the request id of the current request on every line', () => {
    const { lines, logger } = capture();
    requestContext.run({ requestId: 'req-42' }, () => logger.info('inside'));
    logger.info('outside');
    expect(lines[0]?.['requestId']).toBe('req-42');
    expect(lines[1]?.['requestId']).toBeUndefined();
  });
});
