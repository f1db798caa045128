import { randomUUID } from 'node:crypto';
import { type DynamicModule, Global, type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import { type Request, type Response, type NextFunction } from 'express';
import { type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { SpanKind, SpanStatusCode, startSpan } from '../tracing/tracing';
import { REQUEST_ID_HEADER, acceptRequestId, requestContext } from './request-context';

export const LOGGER = Symbol('LOGGER');

let rootLogger: Logger | undefined;

/** One access-log line per request, with the request id set on the response and in every log line. */
function requestLoggingMiddleware(logger: Logger) {
  const http = pinoHttp({
    logger,
    genReqId: (req, res) => {
      const id = acceptRequestId(req.headers[REQUEST_ID_HEADER]) ?? randomUUID();
      res.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
    autoLogging: { ignore: (req) => (req.url ?? '').startsWith('/health/') || req.url === '/metrics' },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        url: req.url,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    http(req, res);
    // A server span per request, child of the caller's W3C traceparent when one came along.
    const { span, traceparent } = startSpan(
      `HTTP ${req.method}`,
      SpanKind.SERVER,
      typeof req.headers['traceparent'] === 'string' ? req.headers['traceparent'] : undefined,
    );
    res.once('finish', () => {
      span.setAttribute('http.response.status_code', res.statusCode);
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    requestContext.run({ requestId: res.getHeader(REQUEST_ID_HEADER) as string, traceparent }, next);
  };
}

@Global()
@Module({})
export class LoggingModule implements NestModule {
  static forRoot(logger: Logger): DynamicModule {
    rootLogger = logger;
    return { module: LoggingModule, providers: [{ provide: LOGGER, useValue: logger }], exports: [LOGGER] };
  }

  configure(consumer: MiddlewareConsumer): void {
    if (rootLogger) consumer.apply(requestLoggingMiddleware(rootLogger)).forRoutes('*');
  }
}
