/**
 * Test support for the onboarding service (excluded from the build): the real AppModule with an
 * injected clock, in-process on a free port, against the real infrastructure, with its own
 * database, queue and consumer group (started at the end of the shared topics).
 */
import { type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { type Admin } from 'kafkajs';
import { Topic } from '@core-vault/contracts';
import {
  CLOCK,
  type Clock,
  ErrorFilter,
  createKafka,
  ensureTopics,
  loadConfig,
  startEventServer,
} from '@core-vault/platform';
import {
  devTokenFor,
  freePort,
  serviceGroups,
  startGroupsAtEnd,
  testInfra,
  testLogger,
  uniqueSuffix,
} from '@core-vault/platform/testing';
import { AppModule } from '../app.module';
import { type OnboardingConfig, onboardingConfigSchema } from '../config';

export const CONSUMED = [
  Topic.TrialStarted,
  Topic.SubscriptionCanceled,
  Topic.ArtifactCreated,
  Topic.ArtifactShared,
];

export function testKafka() {
  return createKafka({
    clientId: 'onboarding-test',
    brokers: testInfra().kafkaBrokers,
    logger: testLogger(),
  });
}

export async function testEnv(admin: Admin): Promise<Record<string, string>> {
  const suffix = uniqueSuffix();
  // Consumer groups of this instance's own (platform's testing/service-groups.ts), at the end of
  // the shared topics so a test group skips earlier runs' events.
  const groups = serviceGroups(`test-${suffix}`, 'onboarding');
  const env = {
    MONGO_DB: `cv_test_onboarding_${suffix}`,
    ONBOARDING_QUEUE: `onboarding-test-${suffix}`,
    ...Object.fromEntries(groups.map((g) => [g.key, g.groupId])),
  };
  await ensureTopics(admin, [...CONSUMED, Topic.UserDeleted], 3);
  await startGroupsAtEnd(admin, Object.fromEntries(groups.map((g) => [g.groupId, g.topics])));
  return env;
}

export interface TestApp {
  app: INestApplication;
  url: string;
  config: OnboardingConfig;
  stop(): Promise<void>;
}

export async function startOnboardingApp(env: Record<string, string>, clock: Clock): Promise<TestApp> {
  const port = await freePort();
  const infra = testInfra();
  const config = loadConfig('onboarding', onboardingConfigSchema, {
    NODE_ENV: 'test',
    PORT: String(port),
    MONGO_URL: infra.mongoUrl,
    REDIS_URL: infra.redisUrl,
    KAFKA_BROKERS: infra.kafkaBrokers.join(','),
    SMTP_URL: infra.smtpUrl,
    WEB_ORIGIN: 'https://vault.test',
    ...env,
  });
  const logger = testLogger();
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.register(config, logger)] })
    .overrideProvider(CLOCK)
    .useValue(clock)
    .compile();
  const app = moduleRef.createNestApplication({ logger: false });
  app.useGlobalFilters(new ErrorFilter(logger));
  await startEventServer(app);
  await app.listen(port, '127.0.0.1');
  return { app, url: `http://127.0.0.1:${port}`, config, stop: () => app.close() };
}

/** An access token as identity would issue it; a Pro trial user unless told otherwise. */
export const tokenFor = devTokenFor;

export interface SinkMail {
  subject: string;
  text: string;
  html: string;
}

export async function mailsTo(to: string): Promise<SinkMail[]> {
  const res = await fetch(`${testInfra().mailApiUrl}/api/messages?to=${encodeURIComponent(to)}`);
  return (await res.json()) as SinkMail[];
}
