import { type MessageHandler } from '@nestjs/microservices';
import { throwError } from 'rxjs';
import { defineEventCatalog, type EventEnvelope } from '@core-vault/contracts';
import { z } from 'zod';
import { EventDispatchError, dispatcher, planGroups, routesOf } from './event-dispatch';
import { type ConsumerGroupSettings } from './event-pattern';
import { type BatchEvent } from './idempotent-consumer';

const catalog = defineEventCatalog({
  'shop.order-placed.v1': z.strictObject({ orderId: z.string() }),
  'shop.order-paid.v1': z.strictObject({ orderId: z.string() }),
});

class Orders {
  consumerGroup(): ConsumerGroupSettings {
    return { groupId: 'orders' };
  }
}
class Stats {
  consumerGroup(): ConsumerGroupSettings {
    return { groupId: 'stats' };
  }
}

/** A handler as Nest registers it: carries isEventHandler and extras, and runs its `next` too. */
function handler(
  consumer: object['constructor'] | undefined,
  batch: boolean,
  run: (data: unknown, ctx: unknown) => Promise<unknown> = () => Promise.resolve(undefined),
  isEventHandler = true,
): MessageHandler {
  const h: MessageHandler = async (data: unknown, ctx: unknown) => {
    const result = await run(data, ctx);
    await h.next?.(data, ctx);
    return result;
  };
  h.isEventHandler = isEventHandler;
  h.extras = consumer ? { consumer, batch } : {};
  return h;
}

const envelope = (orderId: string): EventEnvelope => ({
  id: `evt-${orderId}`,
  type: 'shop.order-placed',
  version: 1,
  occurredAt: '2026-11-24T10:00:00.000Z',
  producer: 'test',
  key: orderId,
  data: { orderId },
});
const single = { partition: 0, offset: '0', attempt: 1 };

describe('event dispatch', () => {
  it('groups handlers by declaring class: one consumer group each, with its topics and mode', () => {
    const plans = planGroups(
      routesOf(
        new Map([
          ['shop.order-placed.v1', handler(Orders, false)],
          ['shop.order-paid.v1', handler(Stats, true)],
        ]),
      ),
      catalog,
    );
    expect(plans.map((p) => [p.consumer, p.topics, p.batch])).toEqual([
      [Orders, ['shop.order-placed.v1'], false],
      [Stats, ['shop.order-paid.v1'], true],
    ]);
  });

  it('splits the handlers Nest chains on one topic: each group runs its own method only', async () => {
    const orders = jest.fn(() => Promise.resolve());
    const stats = jest.fn(() => Promise.resolve());
    const head = handler(Orders, false, orders);
    head.next = handler(Stats, true, stats);
    const plans = planGroups(routesOf(new Map([['shop.order-placed.v1', head]])), catalog);
    expect(plans.map((p) => [p.consumer, p.topics, p.batch])).toEqual([
      [Orders, ['shop.order-placed.v1'], false],
      [Stats, ['shop.order-placed.v1'], true],
    ]);
    const run = dispatcher(plans[0]!);
    if (!('handler' in run)) throw new Error('expected a single-event handler');
    await run.handler(envelope('o'), { ...single, topic: 'shop.order-placed.v1' });
    expect(orders).toHaveBeenCalledTimes(1);
    expect(stats).not.toHaveBeenCalled();
  });

  it('calls the handler registered for the message topic, with the event and its context', async () => {
    const placed = jest.fn(() => Promise.resolve());
    const paid = jest.fn(() => Promise.resolve());
    const [plan] = planGroups(
      routesOf(
        new Map([
          ['shop.order-placed.v1', handler(Orders, false, placed)],
          ['shop.order-paid.v1', handler(Orders, false, paid)],
        ]),
      ),
      catalog,
    );
    const run = dispatcher(plan!);
    if (!('handler' in run)) throw new Error('expected a single-event handler');
    const ctx = { ...single, topic: 'shop.order-paid.v1' };
    await run.handler(envelope('o-1'), ctx);
    expect(paid).toHaveBeenCalledWith(envelope('o-1'), ctx);
    expect(placed).not.toHaveBeenCalled();
  });

  it('hands a batch group the whole chunk in one call', async () => {
    const apply = jest.fn(() => Promise.resolve());
    const [plan] = planGroups(
      routesOf(new Map([['shop.order-placed.v1', handler(Stats, true, apply)]])),
      catalog,
    );
    const run = dispatcher(plan!);
    if (!('handleBatch' in run)) throw new Error('expected a batch handler');
    const batch: BatchEvent[] = [
      { event: envelope('a'), offset: '7' },
      { event: envelope('b'), offset: '8' },
    ];
    const ctx = { topic: 'shop.order-placed.v1', partition: 2, attempt: 1 };
    await run.handleBatch(batch, ctx);
    expect(apply).toHaveBeenCalledTimes(1);
    expect(apply).toHaveBeenCalledWith(batch, ctx);
  });

  it('rethrows the error a handler observable carries (retries and the DLQ reason need it)', async () => {
    const boom = new Error('database write failed');
    const [plan] = planGroups(
      routesOf(
        new Map([
          ['shop.order-placed.v1', handler(Orders, false, () => Promise.resolve(throwError(() => boom)))],
        ]),
      ),
      catalog,
    );
    const run = dispatcher(plan!);
    if (!('handler' in run)) throw new Error('expected a single-event handler');
    await expect(run.handler(envelope('o'), { ...single, topic: 'shop.order-placed.v1' })).rejects.toBe(boom);
  });

  it('rejects a message on a topic the group has no handler for', async () => {
    const [plan] = planGroups(routesOf(new Map([['shop.order-placed.v1', handler(Orders, false)]])), catalog);
    const run = dispatcher(plan!);
    if (!('handler' in run)) throw new Error('expected a single-event handler');
    await expect(run.handler(envelope('o'), { ...single, topic: 'shop.order-paid.v1' })).rejects.toThrow(
      'Orders has no handler for "shop.order-paid.v1"',
    );
  });

  it('refuses, before any consumer starts, a topic the catalog does not know', () => {
    expect(() =>
      planGroups(routesOf(new Map([['shop.order-shipped.v1', handler(Orders, false)]])), catalog),
    ).toThrow(new EventDispatchError('Orders: "shop.order-shipped.v1" is not a topic of the event catalog'));
  });

  it('refuses a class that mixes single and batch handlers', () => {
    expect(() =>
      planGroups(
        routesOf(
          new Map([
            ['shop.order-placed.v1', handler(Orders, false)],
            ['shop.order-paid.v1', handler(Orders, true)],
          ]),
        ),
        catalog,
      ),
    ).toThrow('Orders mixes EventPattern and EventBatchPattern');
  });

  it('refuses one class handling a topic twice', () => {
    const head = handler(Orders, false);
    head.next = handler(Orders, false);
    expect(() => planGroups(routesOf(new Map([['shop.order-placed.v1', head]])), catalog)).toThrow(
      'Orders handles "shop.order-placed.v1" twice',
    );
  });

  it("refuses Nest's own @EventPattern and @MessagePattern (no group, no guarantees)", () => {
    expect(() => routesOf(new Map([['shop.order-placed.v1', handler(undefined, false)]]))).toThrow(
      "declared with Nest's own @EventPattern",
    );
    expect(() =>
      routesOf(new Map([['shop.order-placed.v1', handler(Orders, false, undefined, false)]])),
    ).toThrow('is a message pattern');
  });
});
