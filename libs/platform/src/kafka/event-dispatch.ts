import { type MessageHandler } from '@nestjs/microservices';
import { isObservable, lastValueFrom } from 'rxjs';
import { type AnyEventCatalog } from '@core-vault/contracts';
import { type EventHandlerExtras } from './event-pattern';
import { type BatchEventHandler, type EventHandler } from './idempotent-consumer';

/** A handler declaration the event server cannot run: raised at start, or for a stray topic. */
export class EventDispatchError extends Error {
  override readonly name = 'EventDispatchError';
}

/** One decorated method, as Nest registered it with the server. */
export interface EventRoute {
  topic: string;
  consumer: EventHandlerExtras['consumer'];
  batch: boolean;
  /** Nest's handler: guards, interceptors, pipes and filters around the method. */
  call: MessageHandler;
}

/** One consumer class = one consumer group: its topics, its mode and a handler per topic. */
export interface GroupPlan {
  consumer: EventHandlerExtras['consumer'];
  batch: boolean;
  topics: string[];
  routes: ReadonlyMap<string, MessageHandler>;
}

function isPlatformExtras(
  extras: Record<string, unknown> | undefined,
): extras is Record<string, unknown> & EventHandlerExtras {
  return typeof extras?.['consumer'] === 'function' && typeof extras['batch'] === 'boolean';
}

/**
 * Nest keeps one entry per pattern and chains further event handlers of the same pattern (two
 * classes, two groups, one topic) through `next`, and each handler calls its `next` itself. Here
 * every link is a route of its own, consumed by its own group, so the chain is cut: a group calls
 * its own method only (else one group would run the other's, in the wrong mode, on its offsets).
 */
export function routesOf(handlers: ReadonlyMap<string, MessageHandler>): EventRoute[] {
  const routes: EventRoute[] = [];
  for (const [topic, head] of handlers) {
    const links: MessageHandler[] = [];
    for (let link: MessageHandler | undefined = head; link; link = link.next) links.push(link);
    for (const link of links) {
      delete link.next;
      if (!link.isEventHandler)
        throw new EventDispatchError(`"${topic}" is a message pattern; Kafka topics take events only`);
      const extras = link.extras;
      if (!isPlatformExtras(extras))
        throw new EventDispatchError(
          `"${topic}" is declared with Nest's own @EventPattern; use EventPattern or EventBatchPattern from @core-vault/platform`,
        );
      routes.push({ topic, consumer: extras.consumer, batch: extras.batch, call: link });
    }
  }
  return routes;
}

/** Groups routes by consumer class and checks what the server cannot run, before any consumer starts. */
export function planGroups(routes: readonly EventRoute[], catalog: AnyEventCatalog): GroupPlan[] {
  const plans = new Map<EventRoute['consumer'], GroupPlan & { routes: Map<string, MessageHandler> }>();
  for (const route of routes) {
    const name = route.consumer.name;
    if (!catalog.has(route.topic))
      throw new EventDispatchError(`${name}: "${String(route.topic)}" is not a topic of the event catalog`);
    let plan = plans.get(route.consumer);
    if (!plan) {
      plan = { consumer: route.consumer, batch: route.batch, topics: [], routes: new Map() };
      plans.set(route.consumer, plan);
    }
    // One kafkajs consumer runs one mode; a class mixing both would be two groups in disguise.
    if (plan.batch !== route.batch)
      throw new EventDispatchError(
        `${name} mixes EventPattern and EventBatchPattern; use one class per mode`,
      );
    if (plan.routes.has(route.topic)) throw new EventDispatchError(`${name} handles "${route.topic}" twice`);
    plan.topics.push(route.topic);
    plan.routes.set(route.topic, route.call);
  }
  return [...plans.values()];
}

/** Awaits a Nest handler's result: a value, or an Observable that may carry the method's error. */
async function settle(result: unknown): Promise<void> {
  if (isObservable(result)) await lastValueFrom(result, { defaultValue: undefined });
}

function routeFor(plan: GroupPlan, topic: string): MessageHandler {
  const call = plan.routes.get(topic);
  // Unreachable while the group subscribes to its routes' topics only; an error, not a silent skip.
  if (!call) throw new EventDispatchError(`${plan.consumer.name} has no handler for "${topic}"`);
  return call;
}

/** The IdempotentConsumer handler of a group: the method registered for the message's topic. */
export function dispatcher(plan: GroupPlan): { handler: EventHandler } | { handleBatch: BatchEventHandler } {
  if (plan.batch)
    return {
      handleBatch: async (events, context) => settle(await routeFor(plan, context.topic)(events, context)),
    };
  return { handler: async (event, context) => settle(await routeFor(plan, context.topic)(event, context)) };
}
