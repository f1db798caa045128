import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { type Logger } from 'pino';
import { type OutboxEntry } from '../../events/event-factory';
import { type HealthCheckResult, type HealthIndicator, HealthRegistry } from '../../health/health.registry';
import { LOGGER } from '../../logging/logging.module';
import { KAFKA_OPTIONS, type KafkaModuleOptions } from '../kafka-connection';
import {
  type FromProducerThread,
  type ProducerThreadOptions,
  type ToProducerThread,
  type TopicStrings,
} from './producer-thread.messages';

interface Pending {
  resolve: () => void;
  reject: (err: Error) => void;
}

/** Pause before a thread that died is replaced, so a thread that cannot start does not spin. */
const RESTART_DELAY_MS = 1_000;

/** How long close() waits for the thread to flush and disconnect before stopping it. */
const CLOSE_TIMEOUT_MS = 5_000;

/**
 * An EventPublisher whose kafkajs producer runs on a worker thread. Why (tools/bench/analytics.mjs,
 * BENCH_PROFILE=ingest): on the gateway's view ingestion, kafkajs' record encoding — a zero-filled
 * 512-byte buffer per record and per header, CRC32C in JavaScript — and the garbage it leaves were
 * about half of the event loop's time, so every tracking request waited behind it. Here the event
 * loop only serialises each envelope and copies the strings across at once; the thread joins what
 * concurrent publishes carried into shared Kafka requests while one is in flight (ProducerSends),
 * and encodes, partitions and waits on the broker on the machine's other core.
 *
 * Semantics are EventPublisher's: `publish` resolves once the broker acknowledged (acks: all) and
 * rejects with the producer's error. A thread that dies fails what it carried and is replaced
 * a second later (or by the next publish, if that comes first). Provide it where one hot path publishes (the gateway's view
 * tracking); the outbox relays keep KafkaConnection's in-thread producer.
 */
@Injectable()
export class ThreadedEventPublisher implements HealthIndicator, OnModuleInit, OnApplicationShutdown {
  readonly name = 'kafka-producer-thread';
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private seq = 0;
  private connected = false;
  private closing: Promise<void> | undefined;

  constructor(
    @Inject(KAFKA_OPTIONS) private readonly options: Pick<KafkaModuleOptions, 'clientId' | 'brokers'>,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly health: HealthRegistry,
  ) {}

  /** The thread starts (and connects) with the service, and readiness waits for its producer. */
  onModuleInit(): void {
    this.health.register(this);
    this.thread();
  }

  onApplicationShutdown(): Promise<void> {
    return this.close();
  }

  async publish(entries: readonly OutboxEntry[]): Promise<void> {
    if (entries.length === 0) return;
    if (this.closing) throw new Error('the producer thread is closing');
    const topics = new Map<string, TopicStrings>();
    for (const { topic, envelope } of entries) {
      let t = topics.get(topic);
      if (!t) {
        t = { topic, keys: [], values: [], ids: [], eventTypes: [], traceparents: [] };
        topics.set(topic, t);
      }
      t.keys.push(envelope.key);
      t.values.push(JSON.stringify(envelope));
      t.ids.push(envelope.id);
      t.eventTypes.push(`${envelope.type}.v${envelope.version}`);
      t.traceparents.push(envelope.traceparent ?? null);
    }
    const seq = ++this.seq;
    const sent = new Promise<void>((resolve, reject) => this.pending.set(seq, { resolve, reject }));
    this.post({ kind: 'send', seq, topics: [...topics.values()] });
    return sent;
  }

  check(): Promise<HealthCheckResult> {
    return Promise.resolve({ status: this.connected ? 'up' : 'down', details: { producer: this.connected } });
  }

  /** Lets sends in flight finish, disconnects, and stops the thread. */
  close(): Promise<void> {
    this.closing ??= this.stop();
    return this.closing;
  }

  private async stop(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage({ kind: 'close' } satisfies ToProducerThread);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>(
      (resolve) => (timer = setTimeout(() => resolve('late'), CLOSE_TIMEOUT_MS)),
    );
    if ((await Promise.race([exited, late])) === 'late') await worker.terminate();
    clearTimeout(timer);
  }

  private post(message: ToProducerThread): void {
    this.thread().postMessage(message);
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const execArgv = workerExecArgv();
    const worker = new Worker(workerFile(), {
      workerData: {
        clientId: this.options.clientId,
        brokers: this.options.brokers,
      } satisfies ProducerThreadOptions,
      name: this.name,
      ...(execArgv ? { execArgv } : {}),
    });
    worker.on('message', (message: FromProducerThread) => this.receive(message));
    worker.on('error', (err) => this.logger.error({ err }, 'producer thread failed'));
    worker.on('exit', (code) => {
      if (this.worker === worker) this.worker = undefined;
      this.connected = false;
      const lost = [...this.pending.values()];
      this.pending.clear();
      for (const p of lost)
        p.reject(new Error(`the producer thread exited (code ${code}) before the broker answered`));
      if (this.closing) return;
      // Started again at once, not on the next publish: readiness is down meanwhile, so a
      // gateway out of rotation would see no publish to bring it back.
      this.logger.warn({ code, lost: lost.length }, 'producer thread exited; starting a new one');
      setTimeout(() => {
        if (!this.closing && !this.worker) this.thread();
      }, RESTART_DELAY_MS).unref();
    });
    // The thread must not keep a process alive that has nothing else to do.
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private receive(message: FromProducerThread): void {
    switch (message.kind) {
      case 'sent':
      case 'failed': {
        const p = this.pending.get(message.seq);
        this.pending.delete(message.seq);
        if (message.kind === 'sent') p?.resolve();
        else p?.reject(new Error(message.message));
        return;
      }
      case 'connection':
        this.connected = message.connected;
        return;
      case 'log':
        this.logger[message.level](
          { component: 'kafkajs', thread: this.name, ...message.details },
          message.message,
        );
        return;
      case 'closed':
        return;
    }
  }
}

/**
 * The thread's entry beside this file: compiled JavaScript in a build, the TypeScript source when
 * running from sources (tests), which the thread then loads through the same SWC hook.
 */
function workerFile(): string {
  return join(__dirname, `producer-thread.worker.${__filename.endsWith('.ts') ? 'ts' : 'js'}`);
}

/**
 * A worker inherits the process's options unless given its own, and refuses process-wide ones
 * (V8's heap sizes, say) when given: only a thread that needs the SWC hook and lacks it (under
 * Jest, which compiles in-process) gets options of its own.
 */
function workerExecArgv(): string[] | undefined {
  if (!__filename.endsWith('.ts') || process.execArgv.some((a) => a.includes('@swc-node/register')))
    return undefined;
  return ['-r', '@swc-node/register'];
}
