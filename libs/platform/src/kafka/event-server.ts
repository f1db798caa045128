import { type INestApplication, Injectable } from '@nestjs/common';
import { ModuleRef, ModulesContainer } from '@nestjs/core';
import { type CustomTransportStrategy, Server } from '@nestjs/microservices';
import { dispatcher, planGroups, routesOf } from './event-dispatch';
import { EventConsumers } from './event-consumers';
import { type EventConsumer } from './event-pattern';

export const KAFKA_EVENTS_TRANSPORT = Symbol('KAFKA_EVENTS');

/**
 * The Nest transport strategy of every service's events: `@EventPattern` / `@EventBatchPattern`
 * methods become IdempotentConsumers (one per declaring class and consumer group), so Nest's
 * single-message Kafka server is not used and both modes keep the platform's guarantees:
 * envelope validation, idempotency per event id, retries with backoff, the dead-letter topic,
 * manual commits, lag metrics, trace continuation and the rebuild after a fatal kafkajs crash.
 */
@Injectable()
export class KafkaEventServer extends Server implements CustomTransportStrategy {
  override readonly transportId = KAFKA_EVENTS_TRANSPORT;

  constructor(
    private readonly consumers: EventConsumers,
    private readonly moduleRef: ModuleRef,
  ) {
    super();
  }

  /** Called by Nest once the handlers are registered (startAllMicroservices). */
  async listen(callback: (err?: unknown) => void): Promise<void> {
    try {
      await this.start();
      callback();
    } catch (err) {
      callback(err);
    }
  }

  private async start(): Promise<void> {
    // Every declaration is checked before the first consumer joins its group.
    const plans = planGroups(routesOf(this.messageHandlers), this.consumers.catalog);
    for (const plan of plans) {
      const settings = this.moduleRef.get<EventConsumer>(plan.consumer, { strict: false }).consumerGroup();
      await this.consumers.start({ ...settings, topics: plan.topics, ...dispatcher(plan) });
    }
  }

  /** Stops the consumers (offsets committed). They already stop in beforeApplicationShutdown. */
  async close(): Promise<void> {
    await this.consumers.stopAll();
  }

  on(): never {
    throw new Error('KafkaEventServer emits no events; read consumer state from EventConsumers');
  }

  unwrap<T>(): T {
    throw new Error('KafkaEventServer wraps several kafkajs consumers; use EventConsumers');
  }
}

/**
 * Connects the event server to a Nest application and starts its consumers; a service without
 * KafkaModule (or with no handlers) is left as it is. Runs after init (topics exist, the
 * dead-letter producer is connected) and before the HTTP listener, as consumers always have.
 */
export async function startEventServer(app: INestApplication): Promise<void> {
  // app.get of a missing provider would end the process (Nest's abortOnError): look first.
  const modules = [...app.get(ModulesContainer).values()];
  if (!modules.some((m) => m.providers.has(KafkaEventServer))) return;
  const strategy = app.get(KafkaEventServer, { strict: false });
  await app.init();
  app.connectMicroservice({ strategy });
  await app.startAllMicroservices();
}
