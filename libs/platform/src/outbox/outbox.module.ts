import {
  type DynamicModule,
  Global,
  Inject,
  Injectable,
  Module,
  type OnApplicationBootstrap,
  type BeforeApplicationShutdown,
} from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { type Connection } from 'mongoose';
import { type Logger } from 'pino';
import { KafkaConnection } from '../kafka/kafka-connection';
import { LOGGER } from '../logging/logging.module';
import { METRICS } from '../metrics/metrics.module';
import { type ServiceMetrics } from '../metrics/service-metrics';
import { OutboxRelay } from './outbox.relay';

export const OUTBOX_MODELS = Symbol('OUTBOX_MODELS');

/** Runs the outbox relay for the service's aggregate models; inject it to nudge after a write. */
@Injectable()
export class OutboxRelayService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private relay: OutboxRelay | undefined;

  constructor(
    @InjectConnection() private readonly connection: Connection,
    @Inject(OUTBOX_MODELS) private readonly modelNames: readonly string[],
    private readonly kafka: KafkaConnection,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(METRICS) private readonly metrics: ServiceMetrics,
  ) {}

  onApplicationBootstrap(): void {
    this.relay = new OutboxRelay({
      models: this.modelNames.map((name) => this.connection.model(name)),
      publisher: this.kafka.publisher,
      logger: this.logger,
    });
    this.relay.start();
    this.metrics.onCollect('outbox', async () => this.metrics.outboxBacklog.set(await this.backlog()));
  }

  nudge(): void {
    this.relay?.nudge();
  }

  backlog(): Promise<number> {
    return this.relay?.backlog() ?? Promise.resolve(0);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.relay?.stop();
  }
}

@Global()
@Module({})
export class OutboxModule {
  /** `models`: names of mongoose models (registered with forFeature) that carry outboxPlugin. */
  static forRoot(options: { models: readonly string[] }): DynamicModule {
    return {
      module: OutboxModule,
      providers: [{ provide: OUTBOX_MODELS, useValue: options.models }, OutboxRelayService],
      exports: [OutboxRelayService],
    };
  }
}
