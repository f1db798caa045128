// Which infrastructure `npm test` runs on (the design card: @testcontainers/kafka where a
// container engine answers, tools/infra otherwise).
//
//   containers  Kafka (KRaft), a MongoDB replica set and Redis from their Testcontainers modules;
//               the mail sink and stripe-mock still come from tools/infra (no engine needed).
//   local       everything from tools/infra (this kind of machine: no Docker, no Podman).
//
// CV_INFRA=containers|local forces a path; `auto` (the default) asks Testcontainers whether an
// engine answers. The decision is a pure function (decideInfraPath) so it is unit-tested on a
// machine without an engine; the container path itself only runs where one exists.

/** Images of the container path: the versions production runs (see deploy/). */
export const CONTAINER_IMAGES = {
  kafka: 'confluentinc/cp-kafka:7.9.0',
  mongo: 'mongo:7.0',
  redis: 'redis:7.2',
};

const MODES = ['auto', 'containers', 'local'];

/**
 * @param {{ requested?: string, engine: { available: boolean, detail: string } }} input
 * @returns {{ path: 'containers'|'local', reason: string }}
 * @throws {Error} for an unknown CV_INFRA, or `containers` forced with no engine answering
 */
export function decideInfraPath({ requested, engine }) {
  const mode = (requested ?? '').trim().toLowerCase() || 'auto';
  if (!MODES.includes(mode))
    throw new Error(`CV_INFRA must be one of ${MODES.join(', ')} (got "${requested}")`);
  if (mode === 'local') return { path: 'local', reason: 'CV_INFRA=local' };
  if (engine.available)
    return {
      path: 'containers',
      reason: `${mode === 'containers' ? 'CV_INFRA=containers; ' : ''}container engine: ${engine.detail}`,
    };
  if (mode === 'containers')
    throw new Error(`CV_INFRA=containers, but no container engine answers (${engine.detail})`);
  return { path: 'local', reason: `no container engine answers (${engine.detail}); tools/infra` };
}

/** Asks Testcontainers' own runtime detection (Docker, Podman, DOCKER_HOST…), bounded in time. */
export async function probeContainerEngine({ timeoutMs = 10_000 } = {}) {
  let timer;
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    const client = await Promise.race([
      getContainerRuntimeClient(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    const info = client.info?.containerRuntime ?? {};
    return {
      available: true,
      detail: `${info.host ?? 'engine'} (${client.info?.engine?.serverVersion ?? '?'})`,
    };
  } catch (err) {
    return {
      available: false,
      detail: String(err?.message ?? err)
        .split('\n')[0]
        .slice(0, 200),
    };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Starts Kafka, a one-node MongoDB replica set and Redis in containers, in parallel. Resolves
 * with the env the suites read (testInfra() and the stacks prefer env over config/local.json)
 * and a stop function; a partial start is stopped before the error is rethrown.
 */
export async function startContainers({ log = () => {} } = {}) {
  const [{ KafkaContainer }, { MongoDBContainer }, { RedisContainer }] = await Promise.all([
    import('@testcontainers/kafka'),
    import('@testcontainers/mongodb'),
    import('@testcontainers/redis'),
  ]);
  const t0 = Date.now();
  const starting = [
    new KafkaContainer(CONTAINER_IMAGES.kafka).withKraft().start(),
    new MongoDBContainer(CONTAINER_IMAGES.mongo).start(),
    new RedisContainer(CONTAINER_IMAGES.redis).start(),
  ];
  const settled = await Promise.allSettled(starting);
  const started = settled.filter((s) => s.status === 'fulfilled').map((s) => s.value);
  const stop = () => Promise.allSettled(started.map((c) => c.stop())).then(() => undefined);
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  const [kafka, mongo, redis] = started;
  log(`containers up in ${((Date.now() - t0) / 1000).toFixed(1)}s`);
  return { env: containerEnv({ kafka, mongo, redis }), stop };
}

/**
 * The env of the container path. The mapped MongoDB port reaches a replica set whose member is
 * named by its container hostname: directConnection keeps the driver on the mapped port.
 */
export function containerEnv({ kafka, mongo, redis }) {
  const mongoUrl = new URL(mongo.getConnectionString());
  mongoUrl.searchParams.set('directConnection', 'true');
  return {
    KAFKA_BROKERS: `${kafka.getHost()}:${kafka.getMappedPort(9093)}`,
    MONGO_URL: mongoUrl.toString(),
    REDIS_URL: `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`,
  };
}
