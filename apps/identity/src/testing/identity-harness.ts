import { type INestApplication, type Type } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { type Redis } from 'ioredis';
import { type Connection } from 'mongoose';
import { CLOCK, type Clock, ErrorFilter, REDIS, loadConfig, startEventServer } from '@core-vault/platform';
import { groupEnv, testInfra, testLogger, uniqueSuffix } from '@core-vault/platform/testing';
import { AppModule } from '../app.module';
import { type IdentityConfig, identityConfigSchema } from '../config';

/** A clock tests can move forward instead of sleeping. */
export class TestClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export interface IdentityHarness {
  app: INestApplication;
  baseUrl: string;
  clock: TestClock;
  config: IdentityConfig;
  connection: Connection;
  redis: Redis;
  close(): Promise<void>;
}

/**
 * The real identity app (real MongoDB, Redis, Kafka, SMTP sink) in this process, on a free port,
 * with its own database and consumer group, and an injectable clock.
 */
export async function startIdentity(
  env: Record<string, string> = {},
  controllers: Type[] = [],
): Promise<IdentityHarness> {
  const suffix = uniqueSuffix();
  const infra = testInfra();
  const config = loadConfig('identity', identityConfigSchema, {
    NODE_ENV: 'test',
    MONGO_URL: infra.mongoUrl,
    MONGO_DB: `cv_test_identity_${suffix}`,
    REDIS_URL: infra.redisUrl,
    KAFKA_BROKERS: infra.kafkaBrokers.join(','),
    SMTP_URL: infra.smtpUrl,
    // Consumer groups of this harness's own (platform's testing/service-groups.ts), read from the
    // topics' beginning: a test may publish billing events before it starts identity.
    ...groupEnv(`test-${suffix}`, 'identity'),
    // The stored cost is read back from each hash; a cheaper one keeps the suites fast.
    PASSWORD_SCRYPT_LOG_N: '14',
    ...env,
  });
  const logger = testLogger();
  const clock = new TestClock();
  const moduleRef = await Test.createTestingModule({
    imports: [AppModule.register(config, logger)],
    controllers,
  })
    .overrideProvider(CLOCK)
    .useValue(clock)
    .compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, logger: false });
  app.useBodyParser('json', { limit: '100kb' });
  app.useGlobalFilters(new ErrorFilter(logger));
  await startEventServer(app);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as { port: number };
  const connection = app.get<Connection>(getConnectionToken());
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    clock,
    config,
    connection,
    redis: app.get<Redis>(REDIS),
    close: async () => {
      await connection.dropDatabase();
      await app.close();
    },
  };
}
