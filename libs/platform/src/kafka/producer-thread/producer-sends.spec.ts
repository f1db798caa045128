import { type ProducerBatch } from 'kafkajs';
import { type TopicStrings } from './producer-thread.messages';
import { MAX_BYTES_PER_SEND, ProducerSends } from './producer-sends';

const TOPIC = 'artifacts.artifact-viewed.v1';

/** One publish as the event loop hands it over: `n` events of about `valueBytes` each. */
function publish(first: number, n: number, value: (i: number) => string, topic = TOPIC): TopicStrings {
  const ids = Array.from(
    { length: n },
    (_, i) => `7f0c3a52-0000-4000-8000-${String(first + i).padStart(12, '0')}`,
  );
  return {
    topic,
    keys: ids.map((_, i) => `artifact-${(first + i) % 7}`),
    values: ids.map((_, i) => value(first + i)),
    ids,
    eventTypes: ids.map(() => topic),
    traceparents: ids.map((_, i) => (i % 2 ? `00-${'a'.repeat(32)}-${'b'.repeat(16)}-01` : null)),
  };
}

/** Bytes of a batch's records as the broker counts them: key, value and headers, each as UTF-8. */
function batchBytes(batch: ProducerBatch): number {
  let bytes = 0;
  for (const { messages } of batch.topicMessages ?? [])
    for (const m of messages) {
      bytes += Buffer.byteLength(String(m.key ?? '')) + Buffer.byteLength(String(m.value ?? ''));
      for (const [k, v] of Object.entries(m.headers ?? {}))
        bytes += Buffer.byteLength(k) + Buffer.byteLength(String(v));
    }
  return bytes;
}

describe('ProducerSends', () => {
  it('sends each record with the event headers, grouped by topic, acknowledged by all replicas', async () => {
    const batches: ProducerBatch[] = [];
    const sends = new ProducerSends((b) => Promise.resolve(void batches.push(b)));
    await sends.submit([publish(0, 2, (i) => `{"n":${i}}`), publish(2, 1, () => '{}', 'other.topic.v1')]);
    expect(batches).toHaveLength(1);
    expect(batches[0]?.acks).toBe(-1);
    const [views, other] = batches[0]?.topicMessages ?? [];
    expect(views?.topic).toBe(TOPIC);
    expect(views?.messages).toEqual([
      {
        key: 'artifact-0',
        value: '{"n":0}',
        headers: { 'event-id': '7f0c3a52-0000-4000-8000-000000000000', 'event-type': TOPIC },
      },
      {
        key: 'artifact-1',
        value: '{"n":1}',
        headers: {
          'event-id': '7f0c3a52-0000-4000-8000-000000000001',
          'event-type': TOPIC,
          traceparent: `00-${'a'.repeat(32)}-${'b'.repeat(16)}-01`,
        },
      },
    ]);
    expect(other?.messages).toHaveLength(1);
  });

  it('keeps each Kafka send under the broker’s 1 MB, also with views at every limit in multi-byte text', async () => {
    const batches: ProducerBatch[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    // The first send waits on the gate, so what comes meanwhile queues up behind it.
    const sends = new ProducerSends(async (b) => {
      batches.push(b);
      if (batches.length === 1) await gate;
    });
    const heavy = (i: number) =>
      JSON.stringify({
        i,
        userAgent: 'ü'.repeat(512),
        referrer: `https://x.test/${'€'.repeat(2000)}`,
        sessionId: 'ß'.repeat(128),
      });
    const first = sends.submit([publish(0, 1, () => '{}')]);
    // Ten publishes of 100 heavy views (~7.5 MB in all) wait behind it and go out in sends after.
    const waiting = Array.from({ length: 10 }, (_, r) => sends.submit([publish(1 + r * 100, 100, heavy)]));
    release();
    await expect(Promise.all([first, ...waiting])).resolves.toHaveLength(11);
    expect(batches.length).toBeGreaterThan(2);
    for (const b of batches) expect(batchBytes(b)).toBeLessThanOrEqual(MAX_BYTES_PER_SEND);
    // Nothing lost, nothing twice, and no publish split across two sends.
    const keysPerBatch = batches.map((b) =>
      (b.topicMessages ?? []).flatMap((t) => t.messages.map((m) => m.headers?.['event-id'])),
    );
    expect(new Set(keysPerBatch.flat()).size).toBe(1001);
    expect(keysPerBatch.flat()).toHaveLength(1001);
    for (const ids of keysPerBatch) expect((ids.length - (ids === keysPerBatch[0] ? 1 : 0)) % 100).toBe(0);
  });

  it('fails exactly the publishes whose send failed', async () => {
    let calls = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const sends = new ProducerSends(async () => {
      calls++;
      if (calls === 1) await gate;
      if (calls === 2) throw new Error('broker away');
    });
    const first = sends.submit([publish(0, 1, () => '{}')]);
    const second = sends.submit([publish(1, 1, () => '{}')]);
    const third = sends.submit([publish(2, 1, () => '{}')]);
    release();
    await expect(first).resolves.toBeUndefined();
    await expect(second).rejects.toThrow('broker away');
    await expect(third).rejects.toThrow('broker away');
    await expect(sends.submit([publish(3, 1, () => '{}')])).resolves.toBeUndefined();
  });
});
