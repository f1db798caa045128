import { type IncomingMessage, type ServerResponse } from 'node:http';
import { type ArgumentsHost } from '@nestjs/common';
import pino from 'pino';
import { PERSONAL_TOKEN_MESSAGES } from '@core-vault/contracts';
import { AppException } from './app-exception';
import { ErrorFilter } from './error.filter';
import { type BodyLimits, bodyLimitFor, jsonBodyOptions, matchesRoute, requestGuard } from './request-guards';

const limits: BodyLimits = { defaultBytes: 100, routes: { '/webhooks/stripe': 1_000 } };

function request(method: string, url: string, headers: Record<string, string> = {}) {
  return { method, url, originalUrl: url, headers } as unknown as IncomingMessage & { rawBody?: Buffer };
}

function fakeResponse() {
  const headers: Record<string, string> = {};
  const res = {
    headersSent: false,
    statusCode: 0,
    body: undefined as unknown,
    setHeader: (name: string, value: string) => void (headers[name] = value),
    status(code: number) {
      res.statusCode = code;
      return res;
    },
    json(body: unknown) {
      res.body = body;
      return res;
    },
  };
  return { res, headers };
}

/** What the guard passes on: nothing (go on) or an error. */
function guard(req: IncomingMessage) {
  const { res, headers } = fakeResponse();
  let passed: unknown = 'not called';
  requestGuard(limits)(req, res as unknown as ServerResponse, (err?: unknown) => (passed = err));
  return { passed, headers };
}

/** ErrorFilter's answer to an error, for the request that caused it. */
function answer(err: unknown, req: IncomingMessage = request('POST', '/x')) {
  const { res } = fakeResponse();
  const host = {
    switchToHttp: () => ({ getResponse: () => res, getRequest: () => req }),
  } as unknown as ArgumentsHost;
  new ErrorFilter(pino({ level: 'silent' })).catch(err, host);
  return { status: res.statusCode, body: res.body as { code: string; message: string } };
}

function verifyError(req: IncomingMessage, body: Buffer): unknown {
  try {
    jsonBodyOptions(limits, true).verify(req, {} as ServerResponse, body);
    return undefined;
  } catch (err) {
    return err;
  }
}

describe('requestGuard', () => {
  it('lets ordinary requests through', () => {
    expect(guard(request('GET', '/api/v1/me')).passed).toBeUndefined();
    expect(guard(request('POST', '/api/v1/x', { 'content-length': '50' })).passed).toBeUndefined();
    expect(guard(request('GET', '/api/v1/me', { 'content-length': '0' })).passed).toBeUndefined();
  });

  it.each(['TRACE', 'CONNECT', 'PROPFIND', 'TRACK'])('answers %s with 405 and an Allow header', (method) => {
    const { passed, headers } = guard(request(method, '/api/v1/billing/anything'));
    expect(passed).toBeInstanceOf(AppException);
    expect(answer(passed)).toEqual({
      status: 405,
      body: { statusCode: 405, code: 'METHOD_NOT_ALLOWED', message: `The ${method} method is not allowed.` },
    });
    expect(headers['allow']).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
  });

  it.each([
    ['GET', { 'content-length': '7' }],
    ['HEAD', { 'transfer-encoding': 'chunked' }],
    ['DELETE', { 'content-length': '2' }],
  ])('refuses a %s that carries a body with 400', (method, headers) => {
    expect(answer(guard(request(method, '/api/v1/artifacts', headers)).passed)).toEqual({
      status: 400,
      body: {
        statusCode: 400,
        code: 'BODY_NOT_ALLOWED',
        message: `A ${method} request cannot carry a body.`,
      },
    });
  });

  it.each([
    ['a key as ?t=', `/api/v1/artifacts?t=cvpat_${'a'.repeat(43)}`, 'GET'],
    ['an older key, percent-encoded', `/api/v1/artifacts?limit=2&key=cvp%5F${'b'.repeat(43)}`, 'GET'],
    ['an access token as ?access_token=', '/api/v1/me?access_token=anything', 'GET'],
    ['a session JWT', `/api/v1/me?jwt=eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJ1XzEifQ.${'s'.repeat(40)}`, 'GET'],
    // First, before the method and body checks: nothing else reads such a request.
    ['a key on a TRACE with a body', `/x?t=cvpat_${'c'.repeat(43)}`, 'TRACE'],
  ])('refuses %s in the query string with 400 TOKEN_IN_URL', (_what, url, method) => {
    expect(answer(guard(request(method, url, { 'content-length': '9' })).passed)).toEqual({
      status: 400,
      body: { statusCode: 400, code: 'TOKEN_IN_URL', message: PERSONAL_TOKEN_MESSAGES.inAddress },
    });
  });

  it('logs the refusal with the URL masked and the code readable', () => {
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    const { res } = fakeResponse();
    const key = `cvpat_${'d'.repeat(43)}`;
    requestGuard(limits, logger)(
      request('GET', `/api/v1/artifacts?t=${key}&limit=2`),
      res as unknown as ServerResponse,
      () => {},
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('d'.repeat(43));
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({
      req: { method: 'GET', url: '/api/v1/artifacts?t=[REDACTED]&limit=2' },
      code: 'TOKEN_IN_URL',
    });
  });

  it('keeps the query parameters that carry no token', () => {
    for (const url of [
      '/api/v1/artifacts?sort=title&cursor=eyJrIjoiYSIsImlkIjoiYiJ9&limit=20',
      '/api/v1/artifacts/search?q=api%20keys&type=HTML&from=2026-01-01',
      '/view/a1?v=3',
      '/sitemap.xml?page=2',
      '/api/v1/onboarding/admin/queue?format=html',
    ])
      expect(guard(request('GET', url)).passed).toBeUndefined();
  });

  it("refuses a declared length beyond the route's limit with 413 before reading it", () => {
    expect(answer(guard(request('POST', '/api/v1/x', { 'content-length': '101' })).passed)).toMatchObject({
      status: 413,
      body: { code: 'BODY_TOO_LARGE', message: 'The request body is too large (limit 100 bytes).' },
    });
    expect(guard(request('POST', '/webhooks/stripe', { 'content-length': '1000' })).passed).toBeUndefined();
    expect(
      answer(guard(request('POST', '/webhooks/stripe?x', { 'content-length': '1001' })).passed),
    ).toMatchObject({ status: 413, body: { message: 'The request body is too large (limit 1000 bytes).' } });
  });
});

describe('jsonBodyOptions', () => {
  it('reads up to the largest route limit, then holds each route to its own', () => {
    expect(jsonBodyOptions(limits, false).limit).toBe(1_000);
    expect(answer(verifyError(request('POST', '/api/v1/x'), Buffer.alloc(101, 0x20)))).toMatchObject({
      status: 413,
      body: { code: 'BODY_TOO_LARGE' },
    });
    expect(verifyError(request('POST', '/webhooks/stripe'), Buffer.alloc(900, 0x20))).toBeUndefined();
  });

  it('refuses JSON nested deeper than 64 levels with a 400 that says so', () => {
    const deep = Buffer.from(`${'['.repeat(65)}${']'.repeat(65)}`);
    expect(answer(verifyError(request('POST', '/webhooks/stripe'), deep))).toEqual({
      status: 400,
      body: {
        statusCode: 400,
        code: 'JSON_TOO_DEEP',
        message: 'The request body is nested too deeply (at most 64 levels).',
      },
    });
  });

  it('parses text/plain as JSON on the listed paths only (the view beacon: navigator.sendBeacon)', () => {
    const { type } = jsonBodyOptions(limits, false, ['/api/v1/analytics/beacon']);
    const text = { 'content-type': 'text/plain;charset=UTF-8' };
    expect(type(request('POST', '/api/v1/analytics/beacon', text))).toBe(true);
    expect(type(request('POST', '/api/v1/analytics/beacon?x=1', text))).toBe(true);
    expect(type(request('POST', '/api/v1/artifacts', text))).toBe(false);
    expect(
      type(request('POST', '/api/v1/artifacts', { 'content-type': 'application/json; charset=utf-8' })),
    ).toBe(true);
    expect(type(request('POST', '/api/v1/analytics/beacon', { 'content-type': 'text/html' }))).toBe(false);
    expect(type(request('POST', '/api/v1/analytics/beacon'))).toBe(false);
    expect(jsonBodyOptions(limits, false).type(request('POST', '/api/v1/analytics/beacon', text))).toBe(
      false,
    );
  });

  it('keeps the raw bytes when asked (webhook signatures)', () => {
    const req = request('POST', '/webhooks/stripe');
    const body = Buffer.from('{"a":1}');
    jsonBodyOptions(limits, true).verify(req, {} as ServerResponse, body);
    expect(req.rawBody).toBe(body);
  });
});

describe('ErrorFilter on body encodings', () => {
  it('names a body that is not what its Content-Encoding says (zlib errors carry an errno)', () => {
    const zlibError = Object.assign(new Error('incorrect header check'), {
      errno: -3,
      status: 400,
      expose: true,
    });
    const req = request('POST', '/x', { 'content-encoding': 'gzip' });
    expect(answer(zlibError, req)).toEqual({
      status: 400,
      body: {
        statusCode: 400,
        code: 'MALFORMED_BODY_ENCODING',
        message: 'The request body is not valid gzip data, as its Content-Encoding says.',
      },
    });
    // Without a declared encoding the same error is nothing the client said: left as it was.
    expect(answer(zlibError).status).toBe(500);
  });

  it("answers body-parser's other refusals with their 4xx, not a 500", () => {
    const err = Object.assign(new Error('request size did not match content length'), {
      type: 'request.size.invalid',
      status: 400,
    });
    expect(answer(err)).toEqual({
      status: 400,
      body: { statusCode: 400, code: 'UNREADABLE_BODY', message: 'The request body could not be read.' },
    });
  });

  it('answers an unsupported encoding with 415 naming it', () => {
    const err = Object.assign(new Error('unsupported'), {
      type: 'encoding.unsupported',
      encoding: 'zstd',
      status: 415,
    });
    expect(answer(err)).toEqual({
      status: 415,
      body: {
        statusCode: 415,
        code: 'UNSUPPORTED_ENCODING',
        message: 'Unsupported Content-Encoding "zstd"; send gzip, deflate, br or no encoding.',
      },
    });
  });
});

describe('route limits with parameters', () => {
  const withParams: BodyLimits = {
    defaultBytes: 100,
    routes: { '/webhooks/stripe': 1_000, '/api/v1/artifacts/:id/storage/:scope/:key': 5_000 },
  };

  it('hold every path of the route to its limit, and no other path', () => {
    expect(bodyLimitFor(withParams, request('PUT', '/api/v1/artifacts/a1/storage/shared/k?x=1'))).toBe(5_000);
    expect(bodyLimitFor(withParams, request('PUT', '/api/v1/artifacts/a1/storage/shared'))).toBe(100);
    expect(bodyLimitFor(withParams, request('PUT', '/api/v1/artifacts/a1/storage/shared/k/x'))).toBe(100);
    expect(bodyLimitFor(withParams, request('PUT', '/api/v1/artifacts//storage/shared/k'))).toBe(100);
    expect(bodyLimitFor(withParams, request('POST', '/webhooks/stripe'))).toBe(1_000);
  });

  it('match segment by segment', () => {
    expect(matchesRoute('/a/:id/b', '/a/1/b')).toBe(true);
    expect(matchesRoute('/a/:id/b', '/a/1/c')).toBe(false);
    expect(matchesRoute('/a/:id/b', '/a/1/b/c')).toBe(false);
  });
});

describe('upload limits', () => {
  const withUpload: BodyLimits = { ...limits, uploads: { '/api/v1/import': 50_000 } };

  it('hold an upload path to its own limit, declared lengths beyond it refused up front', () => {
    expect(bodyLimitFor(withUpload, request('POST', '/api/v1/import?source=claude'))).toBe(50_000);
    const next = jest.fn();
    requestGuard(withUpload)(
      request('POST', '/api/v1/import', { 'content-length': '50001' }),
      {} as ServerResponse,
      next,
    );
    expect(next).toHaveBeenCalledWith(expect.objectContaining({ status: 413, limit: 50_000 }));
  });

  it('never parse an upload as JSON, and never raise the JSON parser to its limit', () => {
    const options = jsonBodyOptions(withUpload, false);
    expect(options.limit).toBe(1_000);
    const json = { 'content-type': 'application/json' };
    expect(options.type(request('POST', '/api/v1/import', json))).toBe(false);
    expect(options.type(request('POST', '/api/v1/other', json))).toBe(true);
  });
});
