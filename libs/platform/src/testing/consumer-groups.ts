import { type Admin, KafkaJSError } from 'kafkajs';

/**
 * Puts consumer groups at the current end of topics, so a test's fresh group skips the shared
 * local broker's earlier runs instead of churning through them.
 *
 * A topic another suite (or the other test lane) has just created can be listed before its
 * partition has a leader; the broker then answers "not the leader" (a retriable error kafkajs's
 * admin does not retry for offset lookups), so each topic's step retries such errors with backoff.
 * Topics that do not exist yet are left alone: a group reading a topic created later starts from
 * its beginning, which holds only this run's events. Groups run in parallel (kafkajs sets offsets by
 * briefly joining the group, ~5 s a call), each group's topics in sequence.
 */
export async function startGroupsAtEnd(
  admin: Admin,
  groups: Record<string, readonly string[]>,
  { attempts = 8 }: { attempts?: number } = {},
): Promise<void> {
  const existing = new Set(await admin.listTopics());
  await Promise.all(
    Object.entries(groups).map(async ([groupId, topics]) => {
      for (const topic of topics.filter((t) => existing.has(t)))
        await retrying(attempts, async () => {
          const offsets = await admin.fetchTopicOffsets(topic);
          await admin.setOffsets({
            groupId,
            topic,
            partitions: offsets.map((o) => ({ partition: o.partition, offset: o.high })),
          });
        });
    }),
  );
}

/** The high-water mark of each partition of a topic, retrying while a new topic's leader settles. */
export function topicEnds(admin: Admin, topic: string, attempts = 8): ReturnType<Admin['fetchTopicOffsets']> {
  return retrying(attempts, () => admin.fetchTopicOffsets(topic));
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
