import { createRequire } from 'node:module';
import { type Context, ROOT_CONTEXT, type SpanContext, type TextMapGetter, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { MongoDBInstrumentation } from '@opentelemetry/instrumentation-mongodb';
import { MongooseInstrumentation } from '@opentelemetry/instrumentation-mongoose';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NoopSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { requestContext } from '../logging/request-context';

/** Paths whose server spans are noise: probes every few seconds and Prometheus scrapes. */
const UNTRACED = /^\/(health\/|metrics$)/;

const w3c = new W3CTraceContextPropagator();
const carrier: TextMapGetter<Record<string, string>> = { get: (c, k) => c[k], keys: (c) => Object.keys(c) };

/**
 * AsyncLocalStorage context, with one addition: where our code set the trace of a unit of work
 * explicitly (requestContext: an HTTP request, or a consumer continuing an event's trace from its
 * envelope) and the active span belongs to another trace, the explicit one wins. That is the
 * consumer's case: kafkajs' instrumentation makes the relay's own send the active parent, while
 * the event carries the trace of the request that caused it — and that is the trace the
 * consumer's database writes belong to.
 */
class RequestTraceContextManager extends AsyncLocalStorageContextManager {
  /**
   * The parsed traceparent per unit of work. active() runs on every span start and every
   * instrumented client call (each Redis command, each query): parsing the header there each
   * time cut the gateway's read throughput to a fraction (measured with tools/bench/artifacts.mjs).
   */
  private readonly parsed = new WeakMap<object, { traceparent: string; span: SpanContext | undefined }>();

  override active(): Context {
    const context = super.active();
    const store = requestContext.getStore();
    const traceparent = store?.traceparent;
    if (!store || !traceparent) return context;
    let cached = this.parsed.get(store);
    if (cached?.traceparent !== traceparent) {
      const span = trace.getSpanContext(w3c.extract(ROOT_CONTEXT, { traceparent }, carrier));
      cached = { traceparent, span };
      this.parsed.set(store, cached);
    }
    const explicit = cached.span;
    if (!explicit || trace.getSpanContext(context)?.traceId === explicit.traceId) return context;
    return trace.setSpanContext(context, explicit);
  }
}

/** True once a tracer provider is registered for the process (by startTelemetry or anyone else). */
export function telemetryStarted(): boolean {
  // Without a provider, spans are non-recording with the all-zero (invalid) context.
  const probe = trace.getTracer('core-vault').startSpan('probe');
  probe.end();
  return trace.isSpanContextValid(probe.spanContext());
}

/**
 * OpenTelemetry for one service: W3C trace context, an AsyncLocalStorage context manager (so a
 * span started in a request is the parent of everything that request does), and the http,
 * mongoose, mongodb and ioredis instrumentations. Spans always get real ids so the trace context
 * flows through HTTP headers, Kafka headers and job data; they are exported only when an OTLP
 * endpoint is configured.
 *
 * A tracer provider and the instrumentations, registered by hand (OpenTelemetry's "manual setup")
 * rather than through @opentelemetry/sdk-node: the Node SDK loads every exporter it could be
 * configured with (metrics, logs, gRPC, Zipkin), and with it plus the OTLP exporter each process
 * held about 11 MiB more, resident for nothing — metrics are Prometheus and logs pino here. The
 * OTLP exporter itself loads only where an endpoint is set.
 *
 * The instrumentations patch a library when it is first required, so this must run before
 * Express, kafkajs, mongoose and ioredis are loaded: every main.ts imports
 * `@core-vault/platform/tracing` (register.ts) first.
 */
export function startTelemetry(service: string, otlpEndpoint?: string): NodeTracerProvider {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': service }),
    // Without a processor spans would still get ids; the no-op one says so explicitly.
    spanProcessors: [otlpEndpoint ? otlpProcessor(otlpEndpoint) : new NoopSpanProcessor()],
  });
  provider.register({ contextManager: new RequestTraceContextManager(), propagator: w3c });
  // No kafkajs instrumentation: it opens a span per consumed message, which cut the analytics
  // view pipeline from 70,066 to 39,819 events/s (tools/bench/analytics.mjs, same hour), and the
  // trace already crosses Kafka in the event envelope's traceparent, which consumers continue.
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => UNTRACED.test(req.url ?? '') }),
      new MongooseInstrumentation(),
      new MongoDBInstrumentation(),
      new IORedisInstrumentation(),
    ],
  });
  return provider;
}

/** Batches of spans to the collector's OTLP/HTTP endpoint (the exporter loads only here). */
function otlpProcessor(endpoint: string): SpanProcessor {
  const { OTLPTraceExporter } = createRequire(__filename)(
    '@opentelemetry/exporter-trace-otlp-http',
  ) as typeof import('@opentelemetry/exporter-trace-otlp-http');
  return new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint.replace(/\/$/, '')}/v1/traces` }));
}
