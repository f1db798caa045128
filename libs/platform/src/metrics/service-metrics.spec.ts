import { ServiceMetrics } from './service-metrics';

describe('ServiceMetrics', () => {
  it('exposes every platform metric with the service label', async () => {
    const text = await new ServiceMetrics('billing').registry.metrics();
    for (const name of [
      'http_request_duration_seconds',
      'kafka_consumer_lag',
      'kafka_consumer_events_total',
      'kafka_consumer_handler_errors_total',
      'outbox_backlog_events',
      'bullmq_queue_jobs',
      'bullmq_job_failures_total',
      'stripe_calls_total',
      'process_resident_memory_bytes',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
  });

  it('reads scrape-time gauges from registered collectors, and survives a failing one', async () => {
    const metrics = new ServiceMetrics('artifacts');
    metrics.onCollect('outbox', () => metrics.outboxBacklog.set(7));
    metrics.onCollect('outbox', () => Promise.reject(new Error('mongo down')));
    const text = await metrics.registry.metrics();
    expect(text).toContain('outbox_backlog_events{service="artifacts"} 7');
  });
});
