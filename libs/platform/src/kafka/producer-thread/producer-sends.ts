import { type Message, type ProducerBatch } from 'kafkajs';
import { eventHeaders, topicMessages } from '../event-publisher';
import { CoalescedSends } from './coalesced-sends';
import { type TopicStrings } from './producer-thread.messages';

/**
 * Bytes of records in one Kafka request at most. The broker refuses a partition's record batch
 * over 1 MB (message.max.bytes), and one popular artifact's views all go to one partition: the
 * send, not a partition's share, stays under it. Counting records instead (1,000 a send) let
 * heavy views (long referrers and agents in multi-byte text, ~8.5 KB each at every limit) make
 * 8 MB sends the broker refuses.
 */
export const MAX_BYTES_PER_SEND = 900 * 1024;

/** Framing of a record in a batch beside its key, value and headers (lengths, offsets, time). */
const RECORD_OVERHEAD_BYTES = 32;

interface TopicRecord {
  topic: string;
  message: Message;
}

/** What a record adds to a request: its key, value and headers as UTF-8, and its framing. */
export function recordBytes(message: Message): number {
  let bytes = RECORD_OVERHEAD_BYTES + byteLength(message.key) + byteLength(message.value);
  for (const [name, value] of Object.entries(message.headers ?? {}))
    bytes +=
      Buffer.byteLength(name) +
      byteLength(typeof value === 'string' || Buffer.isBuffer(value) ? value : null);
  return bytes;
}

function byteLength(value: string | Buffer | null | undefined): number {
  if (value == null) return 0;
  return typeof value === 'string' ? Buffer.byteLength(value) : value.length;
}

/**
 * The producer thread's sends: what each publish carried, joined into Kafka requests of at most
 * MAX_BYTES_PER_SEND while one is in flight (see CoalescedSends), one publish never split.
 */
export class ProducerSends {
  private readonly sends: CoalescedSends<TopicRecord>;

  constructor(sendBatch: (batch: ProducerBatch) => Promise<unknown>, maxBytes = MAX_BYTES_PER_SEND) {
    this.sends = new CoalescedSends(async (records) => {
      await sendBatch({ acks: -1, topicMessages: topicMessages(records) });
    }, maxBytes);
  }

  /** Resolves once the broker acknowledged every record of `topics`. */
  submit(topics: readonly TopicStrings[]): Promise<void> {
    const records: TopicRecord[] = [];
    let bytes = 0;
    for (const t of topics)
      t.values.forEach((value, i) => {
        const message: Message = {
          key: t.keys[i] ?? null,
          value,
          headers: eventHeaders(t.ids[i] ?? '', t.eventTypes[i] ?? '', t.traceparents[i] ?? undefined),
        };
        bytes += recordBytes(message);
        records.push({ topic: t.topic, message });
      });
    return this.sends.submit(records, bytes);
  }
}
