import { trace } from '@opentelemetry/api';
import { requestContext } from '../logging/request-context';
import {
  SpanKind,
  activeTraceparent,
  initTracing,
  shutdownTracing,
  isTraceparent,
  startSpan,
  traceIdOf,
} from './tracing';

beforeAll(() => initTracing('test'));
afterAll(() => shutdownTracing());

describe('tracing', () => {
  it('starts a new trace with a valid W3C traceparent', () => {
    const { traceparent, span } = startSpan('root', SpanKind.SERVER);
    span.end();
    expect(isTraceparent(traceparent)).toBe(true);
    expect(traceIdOf(traceparent)).not.toBe('0'.repeat(32));
  });

  it('continues the caller trace: same trace id, new span id', () => {
    const parent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const child = startSpan('child', SpanKind.CONSUMER, parent);
    child.span.end();
    expect(traceIdOf(child.traceparent)).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(child.traceparent.split('-')[2]).not.toBe('00f067aa0ba902b7');
  });

  it('ignores a malformed parent and starts a new trace', () => {
    const { traceparent, span } = startSpan('x', SpanKind.SERVER, 'garbage');
    span.end();
    expect(isTraceparent(traceparent)).toBe(true);
  });
});

describe('the context manager', () => {
  it('makes a span active for everything awaited inside it', async () => {
    const tracer = trace.getTracer('test');
    const seen = await tracer.startActiveSpan('outer', async (span) => {
      await new Promise((r) => setTimeout(r, 5));
      const inner = activeTraceparent();
      span.end();
      return { inner, expected: span.spanContext().traceId };
    });
    expect(traceIdOf(seen.inner)).toBe(seen.expected);
    expect(activeTraceparent()).toBeUndefined();
  });
});

describe('a unit of work whose trace was set explicitly (requestContext)', () => {
  it("parents new spans on that trace when the active span belongs to another (kafkajs' send)", () => {
    const tracer = trace.getTracer('test');
    const caused = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const write = tracer.startActiveSpan('kafkajs process', (unrelated) =>
      requestContext.run({ requestId: 'e1', traceparent: caused }, () => {
        const child = tracer.startSpan('mongodb insert');
        child.end();
        unrelated.end();
        return child;
      }),
    );
    expect(write.spanContext().traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
  });

  it('keeps nested spans of the same trace under their own parent', () => {
    const tracer = trace.getTracer('test');
    const { span: root, traceparent } = startSpan('request', SpanKind.SERVER);
    const nested = requestContext.run({ requestId: 'r1', traceparent }, () =>
      tracer.startActiveSpan('mongoose save', (save) => {
        const inner = tracer.startSpan('mongodb insert');
        inner.end();
        save.end();
        return { inner, save };
      }),
    );
    root.end();
    expect(nested.inner.spanContext().traceId).toBe(root.spanContext().traceId);
    expect(
      (nested.inner as unknown as { parentSpanContext?: { spanId: string } }).parentSpanContext?.spanId,
    ).toBe(nested.save.spanContext().spanId);
  });
});
