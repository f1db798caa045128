/**
 * What a durability suite writes down when analytics misses artifacts after a crash: for each
 * missing artifact, its outbox state in the artifacts database (by _id, and whether the relay's
 * `_outboxPending` query and a full scan see it), its records on the created topic and the topic's
 * dead-letter topic (read with kafkajs from the private broker), the consumer groups' committed
 * offsets against the partitions' ends, analytics' processed-event markers for those events and
 * its read model (artifact_stats) for those ids, and the last warnings of the services involved.
 * Written to `<dir>/crash-dump.json` (the suites pass the stack's log folder, which outlives the run);
 * the returned summary goes into the failure message.
 *
 * With E2E_KEEP_ON_FAILURE=1 the suite then leaves its private broker and database running
 * (private-infra.ts, `keep()`), so the same state can be inspected by hand.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { MongoClient } from 'mongodb';
import { Topic, deadLetterTopic } from '@core-vault/contracts';
import type { InfraUrls } from './private-infra';

export interface CrashDumpInput {
  infra: InfraUrls;
  /** The stack's run id: names its databases (`cv_e2e_<run>_<service>`) and groups (`e2e-<run>.…`). */
  runId: string;
  /** Artifact ids analytics should know and does not. */
  missing: readonly string[];
  /** Where crash-dump.json goes. */
  dir: string;
  /** The stack's log folder (`<service>.log`). */
  logDir: string;
  /** Moments worth comparing with the records' append times (epoch ms), e.g. when the read was made. */
  moments?: Record<string, number>;
}

interface TopicRecord {
  partition: number;
  offset: string;
  key: string | null;
  eventId: string | undefined;
  timestamp: string;
  headers: Record<string, string>;
}

/** Every record of a topic up to its current end (a throwaway group, from the beginning). */
export async function readTopic(
  brokers: string[],
  topic: string,
  timeoutMs = 30_000,
): Promise<TopicRecord[]> {
  const kafka = new Kafka({ clientId: 'crash-dump', brokers, logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  let ends: Map<number, bigint>;
  try {
    const exists = (await admin.listTopics()).includes(topic);
    if (!exists) return [];
    ends = new Map(
      (await admin.fetchTopicOffsets(topic)).map((p) => [p.partition, BigInt(p.high)] as [number, bigint]),
    );
  } finally {
    await admin.disconnect();
  }
  const records: TopicRecord[] = [];
  const left = new Set([...ends].filter(([, high]) => high > 0n).map(([p]) => p));
  if (left.size === 0) return records;
  const consumer = kafka.consumer({
    groupId: `crash-dump-${Date.now()}-${Math.random().toString(36).slice(2)}`,
  });
  await consumer.connect();
  try {
    await consumer.subscribe({ topics: [topic], fromBeginning: true });
    let done: () => void = () => undefined;
    const finished = new Promise<void>((resolve) => (done = resolve));
    await consumer.run({
      eachMessage: ({ partition, message }) => {
        const headers = Object.fromEntries(
          Object.entries(message.headers ?? {}).map(([k, v]) => [k, String(v ?? '')]),
        );
        records.push({
          partition,
          offset: message.offset,
          key: message.key?.toString() ?? null,
          eventId: headers['event-id'],
          timestamp: new Date(Number(message.timestamp)).toISOString(),
          headers,
        });
        if (BigInt(message.offset) + 1n >= (ends.get(partition) ?? 0n)) left.delete(partition);
        if (left.size === 0) done();
        return Promise.resolve();
      },
    });
    await Promise.race([finished, new Promise((r) => setTimeout(r, timeoutMs))]);
  } finally {
    await consumer.disconnect();
  }
  return records;
}

/** Per partition: the group's committed offset and the partition's end. */
async function groupOffsets(brokers: string[], groupId: string, topic: string) {
  const kafka = new Kafka({ clientId: 'crash-dump', brokers, logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  try {
    const [committed] = await admin.fetchOffsets({ groupId, topics: [topic] });
    const ends = await admin.fetchTopicOffsets(topic);
    return ends.map(({ partition, high, low }) => ({
      partition,
      low,
      high,
      committed: committed?.partitions.find((p) => p.partition === partition)?.offset ?? '-1',
    }));
  } finally {
    await admin.disconnect();
  }
}

function warnings(logDir: string, name: string, limit = 40): string[] {
  const file = join(logDir, `${name}.log`);
  if (!existsSync(file)) return [`(no log at ${file})`];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => /"level":("(error|warn|fatal)"|[456]0)/.test(line))
    .slice(-limit)
    .map((line) => line.slice(0, 800));
}

/** Writes crash-dump.json and returns a summary of it (a few lines). */
export async function dumpMissingArtifacts(input: CrashDumpInput): Promise<string> {
  const { infra, runId, missing, dir, logDir } = input;
  const dump: Record<string, unknown> = { at: new Date().toISOString(), runId, infra, missing };
  const summary: string[] = [
    `${missing.length} artifact(s) missing from analytics; dump: ${join(dir, 'crash-dump.json')}`,
  ];
  const mongo = new MongoClient(infra.mongoUrl, { serverSelectionTimeoutMS: 10_000 });
  try {
    await mongo.connect();
    // The artifacts' outbox: by _id, through the relay's own query, and by a full scan.
    const artifacts = mongo.db(`cv_e2e_${runId}_artifacts`).collection<{ _id: string }>('artifacts');
    const byId = await artifacts
      .find(
        { _id: { $in: [...missing] } },
        {
          projection: { _outbox: 1, _outboxPending: 1, _outboxLease: 1, createdAt: 1, updatedAt: 1, rev: 1 },
        },
      )
      .toArray();
    const pendingByQuery = await artifacts
      .find({ _outboxPending: { $gt: 0 } }, { projection: { _id: 1, _outboxPending: 1, _outboxLease: 1 } })
      .toArray();
    // $where-free full scan: every document, pending counted here (no index can answer `{}`).
    const scanned = await artifacts
      .find({}, { projection: { _id: 1, _outboxPending: 1, _outbox: 1 } })
      .toArray();
    const pendingByScan = scanned.filter(
      (d) =>
        Number((d as { _outboxPending?: number })._outboxPending ?? 0) > 0 ||
        ((d as { _outbox?: unknown[] })._outbox?.length ?? 0) > 0,
    );
    dump['artifactsOutbox'] = {
      byId,
      pendingByQuery,
      pendingByScan: pendingByScan.map((d) => d._id),
      documents: scanned.length,
    };
    summary.push(
      `artifacts db: ${byId.length}/${missing.length} missing ids stored; pending by the relay's query ${pendingByQuery.length}, by a full scan ${pendingByScan.length}; ` +
        `missing ids with outbox entries left: ${byId.filter((d) => ((d as { _outbox?: unknown[] })._outbox?.length ?? 0) > 0).length}`,
    );

    // The topic, and its dead-letter topic, for those keys.
    const wanted = new Set(missing);
    const created = await readTopic(infra.kafkaBrokers, Topic.ArtifactCreated);
    const mine = created.filter((r) => r.key !== null && wanted.has(r.key));
    const dlq = (await readTopic(infra.kafkaBrokers, deadLetterTopic(Topic.ArtifactCreated))).filter(
      (r) => r.key !== null && wanted.has(r.key),
    );
    dump['createdRecords'] = mine;
    dump['createdTopicSize'] = created.length;
    dump['deadLettered'] = dlq;
    summary.push(
      `topic ${Topic.ArtifactCreated}: ${created.length} records, ${new Set(mine.map((r) => r.key)).size}/${missing.length} missing keys present (${mine.length} records); dead-lettered: ${dlq.length}`,
    );

    const groups = [
      `e2e-${runId}.analytics.artifacts`,
      `e2e-${runId}.onboarding.events`,
      `e2e-${runId}.artifacts.search-index`,
    ];
    dump['groupOffsets'] = Object.fromEntries(
      await Promise.all(
        groups.map(
          async (g) => [g, await groupOffsets(infra.kafkaBrokers, g, Topic.ArtifactCreated)] as const,
        ),
      ),
    );
    const analyticsGroup = groups[0] as string;
    const offsets =
      (dump['groupOffsets'] as Record<string, { partition: number; committed: string; high: string }[]>)[
        analyticsGroup
      ] ?? [];
    summary.push(
      `analytics group offsets (committed/end): ${offsets.map((o) => `${o.committed}/${o.high}`).join(' ')}`,
    );
    // Which of the missing records lie below the analytics group's committed offset (so were
    // counted as consumed) and which above (never consumed).
    const consumed = mine.filter((r) => {
      const c = offsets.find((o) => o.partition === r.partition)?.committed ?? '-1';
      return c !== '-1' && BigInt(r.offset) < BigInt(c);
    });
    summary.push(`missing records below analytics' committed offset: ${consumed.length}/${mine.length}`);
    // When those records were appended, against the moments the suite noted (ms, + = after).
    const appended = mine.map((r) => Date.parse(r.timestamp)).sort((a, b) => a - b);
    if (appended.length > 0 && input.moments) {
      const first = appended[0] as number;
      const last = appended[appended.length - 1] as number;
      const rel = Object.entries(input.moments).map(([name, at]) => `${name} ${first - at}..${last - at} ms`);
      dump['appendedRelativeTo'] = Object.fromEntries(
        Object.entries(input.moments).map(([name, at]) => [name, { firstMs: first - at, lastMs: last - at }]),
      );
      summary.push(`missing records appended, relative to: ${rel.join('; ')}`);
    }

    // Analytics: its markers for those events and its read model for those ids.
    const analytics = mongo.db(`cv_e2e_${runId}_analytics`);
    const eventIds = mine.map((r) => r.eventId).filter((id): id is string => Boolean(id));
    const markers = await analytics
      .collection<{ _id: string }>('processed_events')
      .find({ _id: { $in: eventIds.map((id) => `${analyticsGroup}|${id}`) } })
      .toArray();
    const markerCount = await analytics
      .collection('processed_events')
      .countDocuments({ group: analyticsGroup });
    const stats = await analytics
      .collection<{ _id: string }>('artifact_stats')
      .find({ _id: { $in: [...missing] } }, { projection: { _outbox: 0 } })
      .toArray();
    const statsCount = await analytics.collection('artifact_stats').countDocuments({});
    dump['analytics'] = { markers, markerCount, stats, statsCount };
    summary.push(
      `analytics db: markers for ${markers.length}/${eventIds.length} of those events (group has ${markerCount}); artifact_stats for ${stats.length}/${missing.length} ids (collection has ${statsCount})`,
    );
  } catch (err) {
    summary.push(`dump incomplete: ${err instanceof Error ? err.message : String(err)}`);
    dump['error'] = String(err instanceof Error ? err.stack : err);
  } finally {
    await mongo.close().catch(() => undefined);
  }
  dump['logs'] = Object.fromEntries(['artifacts', 'analytics'].map((n) => [n, warnings(logDir, n)]));
  writeFileSync(join(dir, 'crash-dump.json'), JSON.stringify(dump, null, 2));
  return summary.join('\n');
}
