import { SpanKind, initTracing, isTraceparent, startSpan, traceIdOf } from './tracing';

beforeAll(() => initTracing('test'));

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
