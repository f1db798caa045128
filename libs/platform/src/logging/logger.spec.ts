import { Writable } from 'node:stream';
import pino from 'pino';
import { REDACT_PATHS } from './logger';
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
      mixin: () => ({ requestId: requestContext.getStore()?.requestId }),
    },
    stream,
  );
  return { lines, logger };
}

describe('logger redaction', () => {
  it.each([
    'password',
    'confirmPassword',
    'newPassword',
    'code',
    'token',
    'refreshToken',
    'cardNumber',
    'cvc',
  ])('never writes %s, top-level or nested', (key) => {
    const { lines, logger } = capture();
    logger.info({ [key]: 'S3CRET', body: { [key]: 'S3CRET' }, req: { body: { [key]: 'S3CRET' } } }, 'x');
    expect(JSON.stringify(lines[0])).not.toContain('S3CRET');
  });

  it('hides authorization and cookie headers', () => {
    const { lines, logger } = capture();
    logger.info({ req: { headers: { authorization: 'Bearer abc', cookie: 'rt=xyz', accept: 'json' } } });
    const out = JSON.stringify(lines[0]);
    expect(out).not.toContain('Bearer abc');
    expect(out).not.toContain('rt=xyz');
    expect(out).toContain('json');
  });

  it('stamps the request id of the current request on every line', () => {
    const { lines, logger } = capture();
    requestContext.run({ requestId: 'req-42' }, () => logger.info('inside'));
    logger.info('outside');
    expect(lines[0]?.['requestId']).toBe('req-42');
    expect(lines[1]?.['requestId']).toBeUndefined();
  });
});
