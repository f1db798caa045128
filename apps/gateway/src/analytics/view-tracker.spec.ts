import { type OutboxEntry, type AppException, type KafkaConnection } from '@core-vault/platform';
import { type GatewayConfig } from '../config';
import { ViewTracker } from './view-tracker';

const view = () => ({
  id: '7f0c3a52-0000-4000-8000-000000000001',
  artifactId: 'a1',
  viewedAt: new Date().toISOString(),
  userAgent: 'jest',
});

function tracker(publish: (entries: readonly OutboxEntry[]) => Promise<void>): ViewTracker {
  const kafka = { publisher: { publish } } as unknown as KafkaConnection;
  const config = { TRACK_PUBLISH_TIMEOUT_MS: 200 } as GatewayConfig;
  return new ViewTracker(kafka, config);
}

describe('ViewTracker', () => {
  it('accepts the views once Kafka acknowledges them', async () => {
    const sent: OutboxEntry[] = [];
    const accepted = await tracker((entries) => Promise.resolve(void sent.push(...entries))).track(
      [view()],
      null,
    );
    expect(accepted).toBe(1);
    expect(sent[0]?.topic).toBe('artifacts.artifact-viewed.v1');
    expect(sent[0]?.envelope).toMatchObject({ id: view().id, key: 'a1', producer: 'gateway' });
  });

  it('keeps each Kafka send under the broker’s 1 MB, also with views at every limit in multi-byte text', async () => {
    const sends: number[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    // The first send waits on the gate, so what comes meanwhile queues up behind it.
    const t = tracker(async (entries) => {
      sends.push(entries.reduce((n, e) => n + Buffer.byteLength(JSON.stringify(e.envelope)), 0));
      if (sends.length === 1) await gate;
    });
    const heavy = (i: number) => ({
      ...view(),
      id: `7f0c3a52-0000-4000-8000-${String(i).padStart(12, '0')}`,
      userAgent: 'ü'.repeat(512),
      referrer: `https://x.test/${'€'.repeat(2000)}`,
      sessionId: 'ß'.repeat(128),
    });
    // One send in flight; ten requests of 100 heavy views wait behind it and go out in sends after.
    const first = t.track([view()], null);
    const waiting = Array.from({ length: 10 }, (_, r) =>
      t.track(
        Array.from({ length: 100 }, (_, i) => heavy(r * 100 + i)),
        null,
      ),
    );
    release();
    await expect(Promise.all([first, ...waiting])).resolves.toHaveLength(11);
    expect(sends.length).toBeGreaterThan(2);
    for (const bytes of sends) expect(bytes).toBeLessThan(1024 * 1024);
  });

  it('answers 503 within its deadline while the broker does not answer, instead of hanging', async () => {
    const started = Date.now();
    const err = (await tracker(() => new Promise<void>(() => undefined))
      .track([view()], null)
      .catch((e: unknown) => e)) as AppException;
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(err.getStatus()).toBe(503);
    expect(err.getResponse()).toMatchObject({ code: 'TRACKING_UNAVAILABLE' });
  });

  it('answers 503 when the send fails', async () => {
    const err = (await tracker(() => Promise.reject(new Error('broker down')))
      .track([view()], null)
      .catch((e: unknown) => e)) as AppException;
    expect(err.getStatus()).toBe(503);
  });
});
