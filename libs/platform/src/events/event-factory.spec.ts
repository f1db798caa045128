import { z } from 'zod';
import { Topic, defineEventCatalog } from '@core-vault/contracts';
import { EventFactory, EventValidationError, contextEvents, decodeEvent } from './event-factory';

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

describe('contextEvents', () => {
  const analytics = contextEvents('analytics');

  it("creates its own context's events, as that producer", () => {
    const { topic, envelope } = analytics.create(
      Topic.ViewCountChanged,
      { artifactId: 'a1', viewCount: 3 },
      { key: 'a1' },
    );
    expect(topic).toBe('analytics.view-count-changed.v1');
    expect(envelope).toMatchObject({ producer: 'analytics', data: { artifactId: 'a1', viewCount: 3 } });
  });

  it("does not compile another context's topic, and still checks payloads at runtime", () => {
    const shared = { artifactId: 'a', ownerId: 'u', channel: 'link' as const };
    // @ts-expect-error artifacts.* is not an analytics topic
    const other = () => analytics.create(Topic.ArtifactShared, shared, { key: 'a' });
    expect(other).not.toThrow();
    expect(() =>
      analytics.create(Topic.ViewCountChanged, { artifactId: 'a1', viewCount: -1 }, { key: 'a1' }),
    ).toThrow(EventValidationError);
  });
});
