import { type OutboxEntry, type AppException, type ThreadedEventPublisher } from '@core-vault/platform';
import { type GatewayConfig } from '../config';
import { ViewTracker } from './view-tracker';

const view = () => ({
  id: '7f0c3a52-0000-4000-8000-000000000001',
  artifactId: 'a1',
  viewedAt: new Date().toISOString(),
  userAgent: 'jest',
});

function tracker(publish: (entries: readonly OutboxEntry[]) => Promise<void>): ViewTracker {
  const publisher = { publish } as unknown as ThreadedEventPublisher;
  const config = { TRACK_PUBLISH_TIMEOUT_MS: 200 } as GatewayConfig;
  return new ViewTracker(publisher, config);
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

  it('publishes the signed-in viewer from the token, never from the body', async () => {
    const sent: OutboxEntry[] = [];
    await tracker((entries) => Promise.resolve(void sent.push(...entries))).track(
      [{ ...view(), viewerId: 'someone-else' } as ReturnType<typeof view>],
      { id: 'u-token' } as Parameters<ViewTracker['track']>[1],
    );
    expect(sent[0]?.envelope.data).toMatchObject({ viewerId: 'u-token' });
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
