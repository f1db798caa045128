import { randomUUID } from 'node:crypto';
import { type IncomingMessage, type ServerResponse } from 'node:http';
import { type DynamicModule, Global, type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import { type NextFunction, type Request, type Response } from 'express';
import { LoggerModule } from 'nestjs-pino';
import { type Logger } from 'pino';
import { type Options } from 'pino-http';
import { SpanKind, SpanStatusCode, activeTraceparent, startSpan } from '../tracing/tracing';
import { REQUEST_ID_HEADER, acceptRequestId, requestContext } from './request-context';
import { redactUrl } from './secrets';

export const LOGGER = Symbol('LOGGER');

/**
 * The request id: the caller's when it is plain enough to log, otherwise a new one; set on the
 * response so whichever of the two middlewares runs first decides it and the other reuses it.
 */
function requestIdOf(req: IncomingMessage, res: ServerResponse): string {
  const chosen = res.getHeader(REQUEST_ID_HEADER);
  if (typeof chosen === 'string') return chosen;
  const id = acceptRequestId(req.headers[REQUEST_ID_HEADER]) ?? randomUUID();
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

/** nestjs-pino's access log: one line per request (not for probes and scrapes), statuses ≥ 500 as errors. */
function httpLogOptions(logger: Logger): Options {
  return {
    logger,
    genReqId: requestIdOf,
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
    autoLogging: { ignore: (req) => (req.url ?? '').startsWith('/health/') || req.url === '/metrics' },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        // Headers are never logged; a credential a client put in the address is masked, and so
        // are the values of parameters such as code, password or token (docs/reference/privacy.md, "Logs").
        url: redactUrl(req.url),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  };
}

/**
 * Puts the request id and the trace context in requestContext for every log line (the logger's
 * mixin) and for whatever the request hands on (HTTP calls, Kafka events, jobs). With the
 * OpenTelemetry SDK running, the trace is the http instrumentation's server span; without it
 * (tests that boot a module directly) a span of our own keeps the caller's trace going.
 */
function requestContextMiddleware(req: Request, res: Response, next: NextFunction): void {
  const requestId = requestIdOf(req, res);
  const traceparent = activeTraceparent();
  if (traceparent) {
    requestContext.run({ requestId, traceparent }, next);
    return;
  }
  const incoming = req.headers['traceparent'];
  const started = startSpan(
    `HTTP ${req.method}`,
    SpanKind.SERVER,
    typeof incoming === 'string' ? incoming : undefined,
  );
  res.once('finish', () => {
    started.span.setAttribute('http.response.status_code', res.statusCode);
    if (res.statusCode >= 500) started.span.setStatus({ code: SpanStatusCode.ERROR });
    started.span.end();
  });
  requestContext.run({ requestId, traceparent: started.traceparent }, next);
}

/** The service's pino logger under LOGGER, nestjs-pino's request logging and PinoLogger. */
@Global()
@Module({})
export class LoggingModule implements NestModule {
  static forRoot(logger: Logger): DynamicModule {
    return {
      module: LoggingModule,
      imports: [LoggerModule.forRoot({ pinoHttp: httpLogOptions(logger) })],
      providers: [{ provide: LOGGER, useValue: logger }],
      exports: [LOGGER, LoggerModule],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(requestContextMiddleware).forRoutes('*');
  }
}
