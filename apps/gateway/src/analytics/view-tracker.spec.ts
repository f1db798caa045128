import { type OutboxEntry, type AppException, type ThreadedEventPublisher } from '@core-vault/platform';
import { type GatewayConfig } from '../config';
import { type TrackedVisitors } from './tracked-visitors';
import { ViewTracker } from './view-tracker';

const view = () => ({
  id: '7f0c3a52-0000-4000-8000-000000000001',
  artifactId: 'a1',
  viewedAt: new Date().toISOString(),
  userAgent: 'jest',
});

/** Every view's visitor is `v:<artifact>`, or null (past the daily allowance) for the ids in `over`. */
function visitors(over: readonly string[] = []) {
  const calls: { artifactIds: readonly string[]; ip: string; viewerId?: string }[] = [];
  const admit = (artifactIds: readonly string[], client: { ip: string; viewerId?: string }) => {
    calls.push({ artifactIds, ...client });
    return Promise.resolve(artifactIds.map((a) => (over.includes(a) ? null : `v:${a}`)));
  };
  return { visitors: { admit } as unknown as TrackedVisitors, calls };
}

function tracker(
  publish: (entries: readonly OutboxEntry[]) => Promise<void>,
  tracked = visitors().visitors,
): ViewTracker {
  const publisher = { publish } as unknown as ThreadedEventPublisher;
  const config = { TRACK_PUBLISH_TIMEOUT_MS: 200, TRACK_BATCH_MAX_EVENTS: 3 } as GatewayConfig;
  return new ViewTracker(publisher, tracked, config);
}

describe('ViewTracker', () => {
  it('accepts the views once Kafka acknowledges them', async () => {
    const sent: OutboxEntry[] = [];
    const accepted = await tracker((entries) => Promise.resolve(void sent.push(...entries))).track(
      [view()],
      null,
      '203.0.113.7',
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
      '203.0.113.7',
    );
    expect(sent[0]?.envelope.data).toMatchObject({ viewerId: 'u-token' });
  });

  it("names the visitor by the server's pseudonym, never by the client's session id", async () => {
    const sent: OutboxEntry[] = [];
    const tracked = visitors();
    await tracker((entries) => Promise.resolve(void sent.push(...entries)), tracked.visitors).track(
      [{ ...view(), sessionId: 'chosen-by-the-client' }],
      { id: 'u-token' } as Parameters<ViewTracker['track']>[1],
      '203.0.113.7',
    );
    expect(tracked.calls).toEqual([{ artifactIds: ['a1'], ip: '203.0.113.7', viewerId: 'u-token' }]);
    expect(sent[0]?.envelope.data).toMatchObject({ sessionId: 'v:a1' });
    expect(JSON.stringify(sent[0]?.envelope)).not.toContain('chosen-by-the-client');
  });

  it('accepts views past their visitor’s daily allowance without publishing them', async () => {
    const sent: OutboxEntry[] = [];
    const published = { calls: 0 };
    const track = tracker(
      (entries) => {
        published.calls++;
        return Promise.resolve(void sent.push(...entries));
      },
      visitors(['capped']).visitors,
    );
    const accepted = await track.track(
      [view(), { ...view(), artifactId: 'capped' }, { ...view(), artifactId: 'capped' }],
      null,
      '203.0.113.7',
    );
    expect(accepted).toBe(3);
    expect(sent.map((e) => (e.envelope.data as { artifactId: string }).artifactId)).toEqual(['a1']);
    // Nothing left to count: nothing sent at all.
    expect(await track.track([{ ...view(), artifactId: 'capped' }], null, '203.0.113.7')).toBe(1);
    expect(published.calls).toBe(1);
  });

  it('refuses a batch over TRACK_BATCH_MAX_EVENTS with a 400 naming the limit, before counting anything', async () => {
    const tracked = visitors();
    const err = (await tracker(() => Promise.resolve(), tracked.visitors)
      .track([view(), view(), view(), view()], null, '203.0.113.7')
      .catch((e: unknown) => e)) as AppException;
    expect(err.getStatus()).toBe(400);
    expect(err.getResponse()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: '"events" has too many items (at most 3).',
      details: [{ path: 'events', message: 'events must hold at most 3 views' }],
    });
    expect(tracked.calls).toEqual([]);
  });

  it('answers 503 within its deadline while the broker does not answer, instead of hanging', async () => {
    const started = Date.now();
    const err = (await tracker(() => new Promise<void>(() => undefined))
      .track([view()], null, '203.0.113.7')
      .catch((e: unknown) => e)) as AppException;
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(err.getStatus()).toBe(503);
    expect(err.getResponse()).toMatchObject({ code: 'TRACKING_UNAVAILABLE' });
  });

  it('answers 503 when the send fails', async () => {
    const err = (await tracker(() => Promise.reject(new Error('broker down')))
      .track([view()], null, '203.0.113.7')
      .catch((e: unknown) => e)) as AppException;
    expect(err.getStatus()).toBe(503);
  });
});
