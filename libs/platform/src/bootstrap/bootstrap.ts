import { type Server } from 'node:http';
import { type DynamicModule, type INestApplication, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger as NestPinoLogger } from 'nestjs-pino';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { type z } from 'zod';
import { type baseConfigSchema, ConfigError, loadConfig } from '../config/config';
import { HealthRegistry } from '../health/health.registry';
import { ErrorFilter } from '../http/error.filter';
import { jsonBodyOptions, requestGuard } from '../http/request-guards';
import { byteSize } from '../http/request-limits';
import { createLogger } from '../logging/logger';
import { startEventServer } from '../kafka/event-server';
import { initTracing, shutdownTracing } from '../tracing/tracing';
import { type Logger } from 'pino';

type BaseConfig = z.infer<typeof baseConfigSchema>;

export interface ServiceDefinition<S extends z.ZodObject> {
  name: string;
  schema: S;
  module: (config: z.infer<S>, logger: Logger) => DynamicModule | Type;
  /** Largest JSON body accepted (express notation, e.g. '100kb'). */
  bodyLimit?: string;
  /** Limits of single routes by exact path, wider or tighter than `bodyLimit` (e.g. webhooks). */
  routeBodyLimits?: Record<string, string | number>;
  /**
   * File uploads by exact path with their byte limit: the body is never parsed as JSON there (the
   * route streams it), and the limit is not the JSON parser's, so no other route reads that much.
   */
  uploadBodyLimits?: Record<string, number>;
  /** Keep the exact request bytes on `req.rawBody` (signature checks of webhooks). */
  rawBody?: boolean;
  /** Exact paths whose text/plain bodies are parsed as JSON (the view beacon: navigator.sendBeacon). */
  textJsonPaths?: readonly string[];
  configure?: (app: NestExpressApplication, config: z.infer<S>) => void | Promise<void>;
}

/**
 * Entry point of every service: validate config (one line and exit 1 when wrong), boot Nest with
 * JSON logs, listen on the configured host, and shut down in order on SIGTERM/SIGINT.
 */
export async function runService<S extends z.ZodObject>(
  definition: ServiceDefinition<S>,
): Promise<INestApplication | undefined> {
  let config: z.infer<S> & BaseConfig;
  try {
    config = loadConfig(definition.name, definition.schema) as z.infer<S> & BaseConfig;
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  const logger = createLogger(definition.name, config.LOG_LEVEL);
  initTracing(definition.name, config.OTEL_EXPORTER_OTLP_ENDPOINT);
  try {
    // Nest's own lines wait in its buffer until nestjs-pino's Logger (LoggingModule) takes them.
    // A failure before that ends up in the catch below, logged by the pino logger itself: with
    // abortOnError off Nest rethrows instead of exiting, and without autoFlushLogs it does not
    // print the buffer through its plain-text console logger first.
    const app = await NestFactory.create<NestExpressApplication>(definition.module(config, logger), {
      bufferLogs: true,
      autoFlushLogs: false,
      abortOnError: false,
      bodyParser: false,
      // Kept by jsonBodyOptions' own verify step (Nest's would replace it).
      rawBody: false,
    });
    app.useLogger(app.get(NestPinoLogger));
    app.flushLogs();
    const limits = {
      defaultBytes: byteSize(definition.bodyLimit ?? '100kb'),
      routes: Object.fromEntries(
        Object.entries(definition.routeBodyLimits ?? {}).map(([path, limit]) => [path, byteSize(limit)]),
      ),
      uploads: definition.uploadBodyLimits ?? {},
    };
    // Methods, bodies where none belong and declared sizes first; then JSON with its depth limit.
    app.use(requestGuard(limits, logger));
    app.useBodyParser('json', jsonBodyOptions(limits, definition.rawBody ?? false, definition.textJsonPaths));
    app.useGlobalFilters(new ErrorFilter(logger));
    app.disable('x-powered-by');
    await definition.configure?.(app, config);
    installShutdown(app, config, logger);
    // Init (topics, producer, databases), then the event server's consumers, then HTTP: ready
    // means consuming, as before. On shutdown the consumers stop before connections close.
    await startEventServer(app);
    keepIdleConnections(app.getHttpServer());
    await app.listen(config.PORT, config.HOST);
    logger.info({ url: `http://${config.HOST}:${config.PORT}` }, `${definition.name} listening`);
    return app;
  } catch (err) {
    logger.fatal({ err }, `${definition.name} failed to start`);
    process.exit(1);
  }
}

function installShutdown(app: INestApplication, config: BaseConfig, logger: Logger): void {
  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutdown started');
    setTimeout(() => {
      logger.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS).unref();
    app.get(HealthRegistry).markShuttingDown();
    // 1. stop taking requests and let in-flight ones finish; 2. stop consumers (offsets committed)
    // and the outbox relay; 3. close MongoDB, Kafka and Redis connections.
    await stopHttp(app.getHttpServer() as Server);
    await app.close();
    await shutdownTracing();
    logger.info('shutdown complete');
    process.exit(0);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, (s) => void shutdown(s));
}

/**
 * How long an idle keep-alive connection stays open: longer than the 60 s a proxy in front keeps
 * its upstream connections (nginx ingress, cloud load balancers), and longer than any pause of a
 * client's event loop. Node's default, 5 s, loses that race: a client that reuses a connection the
 * service has just closed gets "other side closed" (a 502 behind a proxy). An e2e client parsing
 * a large export for over 5 s on a loaded machine hit exactly that on its next request.
 */
const KEEP_ALIVE_MS = 65_000;

function keepIdleConnections(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // Above the keep-alive timeout, so a connection's next request is not cut off by it.
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
}

function stopHttp(server: Server): Promise<void> {
  return new Promise((resolve) => {
    // Idle keep-alive sockets would hold close() open; drop them as soon as they go idle.
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    server.close(() => {
      clearInterval(sweep);
      resolve();
    });
    server.closeIdleConnections();
  });
}
