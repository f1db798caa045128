/**
 * The producer thread's entry (see ThreadedEventPublisher): a kafkajs producer configured like
 * every service's, sending what the event loop hands it, joined into as few requests as the
 * broker allows (ProducerSends).
 */
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { Kafka, type Producer } from 'kafkajs';
import { EVENT_PRODUCER_CONFIG, kafkaClientConfig } from '../kafka-client';
import {
  type FromProducerThread,
  type ProducerThreadOptions,
  type ToProducerThread,
  type TopicStrings,
} from './producer-thread.messages';
import { ProducerSends } from './producer-sends';

function parent(): MessagePort {
  if (!parentPort) throw new Error('producer-thread.worker runs as a worker thread');
  return parentPort;
}
const port = parent();
const post = (message: FromProducerThread): void => port.postMessage(message);

/** The thread's producer, its connection, and the sends it has not answered yet. */
class ProducerThread {
  private readonly producer: Producer;
  private readonly sends: ProducerSends;
  private readonly unanswered = new Set<Promise<void>>();
  private connecting: Promise<void> | undefined;

  constructor({ clientId, brokers }: ProducerThreadOptions) {
    const kafka = new Kafka(
      kafkaClientConfig(clientId, brokers, (level, message, details) =>
        post({ kind: 'log', level, message, details }),
      ),
    );
    this.producer = kafka.producer(EVENT_PRODUCER_CONFIG);
    this.producer.on(this.producer.events.CONNECT, () => post({ kind: 'connection', connected: true }));
    this.producer.on(this.producer.events.DISCONNECT, () => post({ kind: 'connection', connected: false }));
    this.sends = new ProducerSends(async (batch) => {
      await this.connect();
      return this.producer.sendBatch(batch);
    });
    // A broker away at start is not fatal: the first send connects again.
    this.connect().catch(() => undefined);
  }

  send(seq: number, topics: TopicStrings[]): void {
    const answered = this.sends.submit(topics).then(
      () => post({ kind: 'sent', seq }),
      (err: unknown) =>
        post({ kind: 'failed', seq, message: err instanceof Error ? err.message : String(err) }),
    );
    this.unanswered.add(answered);
    void answered.finally(() => this.unanswered.delete(answered));
  }

  /** Answers what it was given, then disconnects. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.unanswered]);
    await this.producer.disconnect().catch(() => undefined);
    post({ kind: 'closed' });
    port.close();
  }

  /** One connection attempt at a time; a send while the broker is away tries again. */
  private connect(): Promise<void> {
    this.connecting ??= this.producer.connect().catch((err: unknown) => {
      this.connecting = undefined;
      throw err;
    });
    return this.connecting;
  }
}

const thread = new ProducerThread(workerData as ProducerThreadOptions);
port.on('message', (message: ToProducerThread) => {
  if (message.kind === 'send') thread.send(message.seq, message.topics);
  else void thread.close();
});
