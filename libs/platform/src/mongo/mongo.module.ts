import { type DynamicModule, Global, Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { InjectConnection, MongooseModule } from '@nestjs/mongoose';
import { type HealthIndicatorResult, MongooseHealthIndicator } from '@nestjs/terminus';
import { type Connection } from 'mongoose';
import { HealthRegistry, type TerminusIndicator } from '../health/health.registry';

export interface MongoOptions {
  url: string;
  dbName: string;
}

/**
 * The database in readiness, by terminus' MongooseHealthIndicator: up while the driver holds a
 * connection to the server (its heartbeat drops the state when the server goes away).
 */
@Injectable()
export class MongoHealthIndicator implements TerminusIndicator, OnModuleInit {
  readonly name = 'mongo';

  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly mongoose: MongooseHealthIndicator,
    private readonly registry: HealthRegistry,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  terminus(key: string): Promise<HealthIndicatorResult> {
    return this.mongoose.pingCheck(key, { connection: this.connection });
  }
}

/** The service's own database. Mongoose closes the connection on application shutdown. */
@Global()
@Module({})
export class MongoModule {
  static forRoot(options: MongoOptions): DynamicModule {
    return {
      module: MongoModule,
      imports: [
        MongooseModule.forRoot(options.url, {
          dbName: options.dbName,
          serverSelectionTimeoutMS: 5000,
          // Indexes are declared on the schemas and created at boot; each is commented there.
          autoIndex: true,
        }),
      ],
      providers: [MongoHealthIndicator],
      exports: [MongooseModule],
    };
  }
}
