import { type Context, ROOT_CONTEXT, type SpanContext, type TextMapGetter, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { MongoDBInstrumentation } from '@opentelemetry/instrumentation-mongodb';
import { MongooseInstrumentation } from '@opentelemetry/instrumentation-mongoose';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { BatchSpanProcessor, NoopSpanProcessor } from '@opentelemetry/sdk-trace-base';
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
 * OpenTelemetry's Node SDK for one service: W3C trace context, an AsyncLocalStorage context
 * manager (so a span started in a request is the parent of everything that request does), and
 * the http, mongoose, mongodb and ioredis instrumentations. Spans always get real ids so
 * the trace context flows through HTTP headers, Kafka headers and job data; they are exported
 * only when an OTLP endpoint is configured.
 *
 * The instrumentations patch a library when it is first required, so this must run before
 * Express, kafkajs, mongoose and ioredis are loaded: every main.ts imports
 * `@core-vault/platform/tracing` (register.ts) first.
 */
export function startTelemetry(service: string, otlpEndpoint?: string): NodeSDK {
  // Metrics are Prometheus (/metrics) and logs pino (stdout): the SDK would otherwise default
  // both to OTLP exporters of its own.
  process.env['OTEL_METRICS_EXPORTER'] ??= 'none';
  process.env['OTEL_LOGS_EXPORTER'] ??= 'none';
  const sdk = new NodeSDK({
    resource: resourceFromAttributes({ 'service.name': service }),
    autoDetectResources: false,
    contextManager: new RequestTraceContextManager(),
    textMapPropagator: w3c,
    // Without a processor the SDK registers no provider at all (and spans get no ids).
    spanProcessors: [
      otlpEndpoint
        ? new BatchSpanProcessor(
            new OTLPTraceExporter({ url: `${otlpEndpoint.replace(/\/$/, '')}/v1/traces` }),
          )
        : new NoopSpanProcessor(),
    ],
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => UNTRACED.test(req.url ?? '') }),
      new MongooseInstrumentation(),
      new MongoDBInstrumentation(),
      new IORedisInstrumentation(),
    ],
  });
  // No kafkajs instrumentation: it opens a span per consumed message, which cut the analytics
  // view pipeline from 70,066 to 39,819 events/s (tools/bench/analytics.mjs, same hour), and the
  // trace already crosses Kafka in the event envelope's traceparent, which consumers continue.
  sdk.start();
  return sdk;
}
