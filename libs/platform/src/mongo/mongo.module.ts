import { type DynamicModule, Global, Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { InjectConnection, MongooseModule } from '@nestjs/mongoose';
import { type Connection, ConnectionStates } from 'mongoose';
import { type HealthCheckResult, type HealthIndicator, HealthRegistry } from '../health/health.registry';

export interface MongoOptions {
  url: string;
  dbName: string;
}

@Injectable()
export class MongoHealthIndicator implements HealthIndicator, OnModuleInit {
  readonly name = 'mongo';

  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly registry: HealthRegistry,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async check(): Promise<HealthCheckResult> {
    if (this.connection.readyState !== ConnectionStates.connected || !this.connection.db)
      return { status: 'down', details: { state: this.connection.readyState } };
    await this.connection.db.command({ ping: 1 });
    return { status: 'up', details: { db: this.connection.name } };
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
