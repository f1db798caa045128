import { type Admin, Kafka, KafkaJSError, KafkaJSNonRetriableError, logLevel } from 'kafkajs';

/** Where a group is to start reading one topic: each partition's high-water mark. */
export interface TopicEnd {
  topic: string;
  partitions: { partition: number; offset: string }[];
}

/** Commits a group's starting positions; the group must have no running members. */
export type CommitPositions = (groupId: string, ends: TopicEnd[]) => Promise<void>;

/**
 * Puts consumer groups at the current end of topics, so a test's fresh group skips the shared
 * local broker's earlier runs instead of churning through them.
 *
 * A topic another suite (or the other test lane) has just created can be listed before its
 * partition has a leader; the broker then answers "not the leader" (a retriable error kafkajs's
 * admin does not retry for offset lookups), so each lookup and each commit retries such errors
 * with backoff. Topics that do not exist yet are left alone: a group reading a topic created later
 * starts from its beginning, which holds only this run's events. Groups run in parallel, and each
 * group commits all its topics in one short membership (see joinAndCommit).
 */
export async function startGroupsAtEnd(
  admin: Admin,
  groups: Record<string, readonly string[]>,
  { attempts = 8, commit }: { attempts?: number; commit?: CommitPositions } = {},
): Promise<void> {
  const existing = new Set(await admin.listTopics());
  const commitPositions = commit ?? joinAndCommit(await brokersOf(admin));
  await Promise.all(
    Object.entries(groups).map(async ([groupId, topics]) => {
      const ends = await Promise.all(
        topics
          .filter((t) => existing.has(t))
          .map(async (topic) => ({
            topic,
            partitions: (await topicEnds(admin, topic, attempts)).map((o) => ({
              partition: o.partition,
              offset: o.high,
            })),
          })),
      );
      if (ends.length) await retrying(attempts, () => commitPositions(groupId, ends));
    }),
  );
}

/** The high-water mark of each partition of a topic, retrying while a new topic's leader settles. */
export function topicEnds(admin: Admin, topic: string, attempts = 8): ReturnType<Admin['fetchTopicOffsets']> {
  return retrying(attempts, () => admin.fetchTopicOffsets(topic));
}

async function brokersOf(admin: Admin): Promise<string[]> {
  const { brokers } = await admin.describeCluster();
  return brokers.map((b) => `${b.host}:${b.port}`);
}

/**
 * What kafkajs's admin.setOffsets does — join the empty group, seek (which commits), leave at the
 * first fetch — but for all of a group's topics at once and with a 50 ms fetch wait: setOffsets
 * takes one topic per membership and its consumer's default 5 s wait (the fetch loop sleeps that
 * long with every partition paused), so a stack's eleven groups cost ~25 s of every browser suite.
 */
function joinAndCommit(brokers: string[]): CommitPositions {
  const kafka = new Kafka({ clientId: 'start-groups-at-end', brokers, logLevel: logLevel.NOTHING });
  return async (groupId, ends) => {
    const consumer = kafka.consumer({ groupId, maxWaitTimeInMs: 50 });
    await consumer.connect();
    try {
      const { state } = await consumer.describeGroup();
      if (state !== 'Empty' && state !== 'Dead')
        throw new KafkaJSNonRetriableError(`consumer group ${groupId} has running members (state ${state})`);
      await consumer.subscribe({ topics: ends.map((e) => e.topic), fromBeginning: true });
      await new Promise<void>((resolve, reject) => {
        // kafkajs commits queued seeks at the start of a fetch, so the first fetch ends the job.
        consumer.on(consumer.events.FETCH, () => resolve());
        consumer.on(consumer.events.CRASH, (e) => reject(e.payload.error));
        consumer.run({ eachBatchAutoResolve: false, eachBatch: () => Promise.resolve() }).catch(reject);
        consumer.pause(ends.map(({ topic }) => ({ topic })));
        for (const { topic, partitions } of ends)
          for (const { partition, offset } of partitions) consumer.seek({ topic, partition, offset });
      });
    } finally {
      await consumer.disconnect();
    }
  };
}

async function retrying<T>(attempts: number, step: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (err) {
      if (!(err instanceof KafkaJSError && err.retriable) || attempt >= attempts) throw err;
      await new Promise((r) => setTimeout(r, 100 * 2 ** attempt));
    }
  }
}
