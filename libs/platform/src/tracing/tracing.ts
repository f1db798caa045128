import {
  ProxyTracerProvider,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type TextMapGetter,
  type TextMapSetter,
  trace,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { startTelemetry, telemetryStarted } from './telemetry';

export { SpanKind, SpanStatusCode };

const TRACEPARENT = /^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;
const propagator = new W3CTraceContextPropagator();
type Carrier = Record<string, string>;
const getter: TextMapGetter<Carrier> = { get: (c, k) => c[k], keys: (c) => Object.keys(c) };
const setter: TextMapSetter<Carrier> = {
  set: (c, k, v) => {
    c[k] = v;
  },
};

/**
 * Starts OpenTelemetry (telemetry.ts) unless main.ts's first import already did, as it does in
 * every service: started here, late, the library instrumentations may miss modules loaded before
 * (the context manager, the propagator and the request spans work all the same).
 */
export function initTracing(service: string, otlpEndpoint?: string): void {
  if (!telemetryStarted()) startTelemetry(service, otlpEndpoint);
}

/** Flushes and stops the process's tracer provider (the last spans of a shutdown are exported). */
export async function shutdownTracing(): Promise<void> {
  const registered = trace.getTracerProvider();
  const provider = registered instanceof ProxyTracerProvider ? registered.getDelegate() : registered;
  const { shutdown } = provider as { shutdown?: () => Promise<void> };
  await shutdown?.call(provider);
}

export function isTraceparent(value: unknown): value is string {
  return typeof value === 'string' && TRACEPARENT.test(value);
}

/** The 32-hex trace id of a traceparent header value. */
export function traceIdOf(traceparent: string | undefined): string | undefined {
  return isTraceparent(traceparent) ? traceparent.split('-')[1] : undefined;
}

export interface StartedSpan {
  span: Span;
  /** The traceparent of the new span: hand it to whatever happens next (HTTP, Kafka, a job). */
  traceparent: string;
}

/** The traceparent of the span active in this async context (none without the SDK's context manager). */
export function activeTraceparent(): string | undefined {
  const span = trace.getActiveSpan();
  if (!span || !trace.isSpanContextValid(span.spanContext())) return undefined;
  const carrier: Carrier = {};
  propagator.inject(trace.setSpan(ROOT_CONTEXT, span), carrier, setter);
  return carrier['traceparent'];
}

/** Starts a span as a child of `parent` (a traceparent value), or a new trace without one. */
export function startSpan(name: string, kind: SpanKind, parent?: string): StartedSpan {
  const parentContext = isTraceparent(parent)
    ? propagator.extract(ROOT_CONTEXT, { traceparent: parent }, getter)
    : ROOT_CONTEXT;
  const span = trace.getTracer('core-vault').startSpan(name, { kind }, parentContext);
  const carrier: Record<string, string> = {};
  propagator.inject(trace.setSpan(ROOT_CONTEXT, span), carrier, setter);
  return { span, traceparent: carrier['traceparent'] ?? '' };
}
