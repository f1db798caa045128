import { z } from 'zod';
import { type EventEnvelope, Topic, defineEventCatalog, productEventCatalog } from '@core-vault/contracts';
import { EventFactory, EventValidationError, contextEvents, decodeEvent, topicEvents } from './event-factory';

const catalog = defineEventCatalog({
  'shop.order-placed.v1': z.strictObject({ orderId: z.string(), total: z.number() }),
});
const factory = new EventFactory(catalog, 'shop');

describe('EventFactory', () => {
  it('builds a complete envelope from the topic name', () => {
    const { topic, envelope } = factory.create(
      'shop.order-placed.v1',
      { orderId: 'o1', total: 3 },
      { key: 'o1' },
    );
    expect(topic).toBe('shop.order-placed.v1');
    expect(envelope).toMatchObject({
      type: 'shop.order-placed',
      version: 1,
      producer: 'shop',
      key: 'o1',
      data: { orderId: 'o1', total: 3 },
    });
    expect(envelope.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a payload that breaks the schema', () => {
    expect(() => factory.create('shop.order-placed.v1', { orderId: 'o1' } as never, { key: 'o1' })).toThrow(
      EventValidationError,
    );
  });

  it('refuses an unknown topic', () => {
    expect(() => factory.create('shop.nope.v1' as never, {} as never, { key: 'k' })).toThrow('Unknown topic');
  });
});

describe('decodeEvent', () => {
  const good = factory.create('shop.order-placed.v1', { orderId: 'o1', total: 3 }, { key: 'o1' }).envelope;

  it('accepts what the factory produced', () => {
    expect(decodeEvent(catalog, 'shop.order-placed.v1', JSON.stringify(good))).toEqual({
      ok: true,
      envelope: good,
    });
  });

  it.each([
    ['not json', '{nope', 'not valid JSON'],
    ['a bad envelope', JSON.stringify({ ...good, id: undefined }), 'invalid envelope'],
    ['a bad payload', JSON.stringify({ ...good, data: { orderId: 1 } }), 'invalid payload'],
  ])('rejects %s', (_label, value, reason) => {
    const result = decodeEvent(catalog, 'shop.order-placed.v1', value);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toContain(reason);
  });

  it('rejects an event published on the wrong topic', () => {
    const result = decodeEvent(catalog, 'shop.order-placed.v2', JSON.stringify(good));
    expect(!result.ok && result.reason).toContain('on topic shop.order-placed.v2');
  });
});

describe('decodeEvent with a topic that has a fast check', () => {
  let checks = 0;
  const fastCheck = (raw: unknown): raw is EventEnvelope => {
    checks++;
    return typeof raw === 'object' && raw !== null && 'id' in raw;
  };
  const checked = defineEventCatalog(
    { 'shop.order-placed.v1': z.strictObject({ orderId: z.string(), total: z.number() }) },
    { 'shop.order-placed.v1': fastCheck },
  );
  const good = new EventFactory(checked, 'shop').create(
    'shop.order-placed.v1',
    { orderId: 'o1', total: 3 },
    { key: 'o1' },
  ).envelope;

  it('takes what the check accepts as it was decoded, without zod', () => {
    const result = decodeEvent(checked, 'shop.order-placed.v1', JSON.stringify(good));
    expect(result).toEqual({ ok: true, envelope: good });
    expect(checks).toBe(1);
  });

  it('still refuses an event of another topic the check let through', () => {
    const other = { ...good, type: 'shop.order-shipped' };
    const result = decodeEvent(checked, 'shop.order-placed.v1', JSON.stringify(other));
    expect(!result.ok && result.reason).toContain(
      'event shop.order-shipped.v1 on topic shop.order-placed.v1',
    );
  });

  it('leaves what the check refuses to zod, which explains it', () => {
    const result = decodeEvent(checked, 'shop.order-placed.v1', JSON.stringify({ ...good, id: undefined }));
    expect(!result.ok && result.reason).toContain('invalid envelope');
  });

  it('is used for the product catalog’s artifact-viewed topic', () => {
    expect(productEventCatalog.fastCheckFor(Topic.ArtifactViewed)).toBeInstanceOf(Function);
    expect(productEventCatalog.fastCheckFor(Topic.ArtifactCreated)).toBeUndefined();
  });
});

describe('contextEvents', () => {
  const analytics = contextEvents('analytics');
  const billing = contextEvents('billing');
  const billingIds = { userId: 'u1', stripeCustomerId: 'cus_1', subscriptionId: 'sub_1' };

  it("creates its own context's events, as that producer", () => {
    const { topic, envelope } = analytics.create(
      Topic.ViewCountChanged,
      { artifactId: 'a1', viewCount: 3 },
      { key: 'a1' },
    );
    expect(topic).toBe('analytics.view-count-changed.v1');
    expect(envelope).toMatchObject({ producer: 'analytics', data: { artifactId: 'a1', viewCount: 3 } });
    const canceled = billing.create(
      Topic.SubscriptionCanceled,
      { ...billingIds, effectiveAt: '2026-01-01T00:00:00.000Z' },
      { key: 'u1' },
    );
    expect(canceled.envelope.producer).toBe('billing');
  });

  it("does not compile another context's topic, and refuses it at run time too", () => {
    const shared = { artifactId: 'a', ownerId: 'u', channel: 'link' as const };
    // @ts-expect-error artifacts.* is not an analytics topic
    const other = () => analytics.create(Topic.ArtifactShared, shared, { key: 'a' });
    expect(other).toThrow('analytics does not produce artifacts.artifact-shared.v1');
    const signedIn = { userId: 'u1', at: '2026-01-01T00:00:00.000Z' };
    // @ts-expect-error billing cannot create identity's events, even with a valid payload
    expect(() => billing.create(Topic.UserSignedIn, signedIn, { key: 'u1' })).toThrow(EventValidationError);
    expect(() =>
      analytics.create(Topic.ViewCountChanged, { artifactId: 'a1', viewCount: -1 }, { key: 'a1' }),
    ).toThrow(EventValidationError);
  });

  it("does not compile one of its topics with another topic's payload", () => {
    const failed = { ...billingIds, invoiceId: 'in_1', effectiveAt: '2026-01-01T00:00:00.000Z' };
    // @ts-expect-error a payment-failed payload is not an invoice-paid payload
    expect(() => billing.create(Topic.InvoicePaid, failed, { key: 'u1' })).toThrow('Invalid');
  });
});

describe('topicEvents', () => {
  const gateway = topicEvents('gateway', [Topic.ArtifactViewed]);
  const view = {
    artifactId: 'a1',
    viewedAt: '2026-01-01T00:00:00.000Z',
    userAgent: 'jest',
    embed: false,
  };

  it('creates exactly the listed topics, as the given producer', () => {
    const { topic, envelope } = gateway.create(Topic.ArtifactViewed, view, { key: 'a1' });
    expect(topic).toBe('artifacts.artifact-viewed.v1');
    expect(envelope).toMatchObject({ type: 'artifacts.artifact-viewed', producer: 'gateway', data: view });
  });

  it("does not compile the rest of that topic's context, and refuses it at run time", () => {
    const shared = { artifactId: 'a1', ownerId: 'u', channel: 'link' as const };
    // @ts-expect-error only artifact-viewed was listed, not the other artifacts.* topics
    const other = () => gateway.create(Topic.ArtifactShared, shared, { key: 'a1' });
    expect(other).toThrow('gateway does not produce artifacts.artifact-shared.v1');
  });
});
