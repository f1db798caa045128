import { type Model } from 'mongoose';
import pino from 'pino';
import { OutboxRelay } from './outbox.relay';

/**
 * A collection whose scans for pending documents the test answers by hand: every `find` waits
 * until the test releases it with the documents to return (always none here: the relay then
 * decides whether to sleep or to look again, which is what is tested).
 */
function scriptedCollection() {
  const scans: ((docs: unknown[]) => void)[] = [];
  const waiting: (() => void)[] = [];
  const collection = {
    find: () => ({
      toArray: () =>
        new Promise<unknown[]>((resolve) => {
          scans.push(resolve);
          waiting.splice(0).forEach((notify) => notify());
        }),
    }),
  };
  /** Resolves once the relay has started its n-th scan (1-based). */
  const scanStarted = (n: number): Promise<void> =>
    scans.length >= n
      ? Promise.resolve()
      : new Promise((resolve) => waiting.push(() => void scanStarted(n).then(resolve)));
  return { model: { collection } as unknown as Model<unknown>, scans, scanStarted };
}

/** A started relay over `model` that would sleep an hour when idle: never, within a test. */
function startRelay(model: Model<unknown>): OutboxRelay {
  const relay = new OutboxRelay({
    models: [model],
    publisher: { publish: () => Promise.resolve() },
    logger: pino({ level: 'silent' }),
    idleMs: 3_600_000,
  });
  relay.start();
  return relay;
}

describe('OutboxRelay', () => {
  let relay: OutboxRelay | undefined;
  afterEach(async () => {
    const stopping = relay?.stop();
    relay = undefined;
    await stopping;
  });

  it('looks again at once when a write nudged it during a scan that found nothing', async () => {
    const { model, scans, scanStarted } = scriptedCollection();
    relay = startRelay(model);
    await scanStarted(1);
    // The write lands after the scan looked; its nudge arrives while the scan is still out.
    relay.nudge();
    scans[0]!([]);
    await scanStarted(2);
    expect(scans).toHaveLength(2);
    scans[1]!([]);
  });

  it('sleeps after a scan that found nothing when no write came', async () => {
    const { model, scans, scanStarted } = scriptedCollection();
    relay = startRelay(model);
    await scanStarted(1);
    scans[0]!([]);
    // Several turns of the event loop: a relay that did not sleep would have scanned again.
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(scans).toHaveLength(1);
    // A nudge then wakes it.
    relay.nudge();
    await scanStarted(2);
    scans[1]!([]);
  });
});
