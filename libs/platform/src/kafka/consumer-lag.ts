import { type Admin } from 'kafkajs';
import { type ServiceMetrics } from '../metrics/service-metrics';

/**
 * Sets kafka_consumer_lag for one group: per partition, the newest offset minus the group's
 * committed offset (a group that never committed counts from the partition's low mark).
 */
export async function collectConsumerLag(
  admin: Admin,
  metrics: ServiceMetrics,
  groupId: string,
  topics: readonly string[],
): Promise<void> {
  for (const topic of topics) {
    const [committed] = await admin.fetchOffsets({ groupId, topics: [topic] });
    for (const { partition, high, low } of await admin.fetchTopicOffsets(topic)) {
      const offset = committed?.partitions.find((p) => p.partition === partition)?.offset ?? '-1';
      const from = offset === '-1' ? Number(low) : Number(offset);
      metrics.consumerLag.set(
        { group: groupId, topic, partition: String(partition) },
        Math.max(0, Number(high) - from),
      );
    }
  }
}
