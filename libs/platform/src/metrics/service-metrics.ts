import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

type Collector = () => Promise<void> | void;

/**
 * Every metric the platform defines, in one registry per service. All services expose the full
 * set (a metric a service does not use stays at zero), so dashboards and alerts can rely on the
 * names everywhere.
 */
export class ServiceMetrics {
  readonly registry = new Registry();

  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  readonly consumerLag = new Gauge({
    name: 'kafka_consumer_lag',
    help: 'Messages not yet committed by a consumer group, per topic partition',
    labelNames: ['group', 'topic', 'partition'] as const,
    registers: [this.registry],
    collect: () => this.runCollectors('lag'),
  });

  readonly consumerEvents = new Counter({
    name: 'kafka_consumer_events_total',
    help: 'Events finished by a consumer group, by outcome (handled, dead-lettered, duplicate)',
    labelNames: ['group', 'topic', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly consumerHandlerErrors = new Counter({
    name: 'kafka_consumer_handler_errors_total',
    help: 'Handler failures (each retried attempt counts), and invalid messages parked on the DLQ',
    labelNames: ['group', 'topic', 'kind'] as const,
    registers: [this.registry],
  });

  readonly outboxBacklog = new Gauge({
    name: 'outbox_backlog_events',
    help: 'Events written to the outbox and not yet published to Kafka',
    registers: [this.registry],
    collect: () => this.runCollectors('outbox'),
  });

  readonly queueDepth = new Gauge({
    name: 'bullmq_queue_jobs',
    help: 'BullMQ jobs by queue and state (waiting, delayed, active, failed)',
    labelNames: ['queue', 'state'] as const,
    registers: [this.registry],
    collect: () => this.runCollectors('queue'),
  });

  readonly queueFailures = new Counter({
    name: 'bullmq_job_failures_total',
    help: 'BullMQ job failures by queue',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });

  readonly stripeCalls = new Counter({
    name: 'stripe_calls_total',
    help: 'Calls to the Stripe API by operation and outcome (ok, card_error, client_error, server_error, network_error)',
    labelNames: ['operation', 'outcome'] as const,
    registers: [this.registry],
  });

  private readonly collectors: Record<'lag' | 'outbox' | 'queue', Collector[]> = {
    lag: [],
    outbox: [],
    queue: [],
  };

  constructor(service: string) {
    this.registry.setDefaultLabels({ service });
    collectDefaultMetrics({ register: this.registry });
  }

  /** Gauges whose value is read on scrape (lag, backlog, queue depth) register their reader here. */
  onCollect(kind: 'lag' | 'outbox' | 'queue', collector: Collector): void {
    this.collectors[kind].push(collector);
  }

  private async runCollectors(kind: 'lag' | 'outbox' | 'queue'): Promise<void> {
    // A failing reader must not break the scrape of everything else.
    await Promise.all(this.collectors[kind].map((c) => Promise.resolve(c()).catch(() => undefined)));
  }
}
