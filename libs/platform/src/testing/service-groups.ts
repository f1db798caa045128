/**
 * Every consumer group each service's config names, with the topics it reads. A test gets a name
 * of its own for each of them (groupEnv) and starts them at the topics' end (startServiceGroupsAtEnd);
 * isolatedEnv adds the service's other shared namespaces, isolateService does it all at once.
 *
 * Test processes must never share a group with another test's: every member that starts or stops
 * rebalances the whole group, and one killed without leaving holds every join up for its session
 * timeout (measured here: 29.4 s). A booting service joins its groups before it listens, so a CI
 * run whose suites shared the defaults (`artifacts.user-deleted`, …) saw a service still not
 * listening after 120 s.
 */
import { Kafka, logLevel } from 'kafkajs';
import { Topic } from '@core-vault/contracts';
import { startGroupsAtEnd } from './consumer-groups';
import { deleteIndexesStartingWith } from './search-indexes';

type GroupedService = keyof typeof SERVICE_GROUPS;

/** Per service: config key → [the group's name after the run prefix and service, its topics]. */
const SERVICE_GROUPS = {
  identity: {
    // Replaying the shared broker's billing history (events of users this run never had) delayed a
    // new user's trial past the suites' waits.
    BILLING_EVENTS_GROUP: [
      'billing-events',
      [
        Topic.TrialStarted,
        Topic.SubscriptionUpdated,
        Topic.InvoicePaid,
        Topic.PaymentFailed,
        Topic.SubscriptionCanceled,
      ],
    ],
    USER_DELETED_CONSUMER_GROUP: ['user-deleted', [Topic.UserDeleted]],
  },
  billing: {
    USER_DELETED_CONSUMER_GROUP: ['user-deleted', [Topic.UserDeleted]],
  },
  artifacts: {
    VIEW_COUNT_CONSUMER_GROUP: ['view-counts', [Topic.ViewCountChanged]],
    REMIX_COUNT_CONSUMER_GROUP: ['remix-counts', [Topic.ArtifactCreated]],
    OWNER_NAMES_CONSUMER_GROUP: [
      'owner-names',
      [Topic.UserRegistered, Topic.ProfileUpdated, Topic.UserDeleted],
    ],
    // Earlier runs' artifacts are not in this run's database: nothing to index from them.
    SEARCH_CONSUMER_GROUP: [
      'search-index',
      [
        Topic.ArtifactCreated,
        Topic.ArtifactUpdated,
        Topic.ArtifactDeleted,
        Topic.ArtifactVisibilityChanged,
        Topic.ArtifactTrashChanged,
        Topic.UserDeleted,
      ],
    ],
    USER_DELETED_CONSUMER_GROUP: ['user-deleted', [Topic.UserDeleted]],
    // The artifact runtime's data leaves with its artifact or account.
    RUNTIME_CONSUMER_GROUP: ['runtime-data', [Topic.ArtifactDeleted, Topic.UserDeleted]],
  },
  analytics: {
    VIEWS_CONSUMER_GROUP: ['views', [Topic.ArtifactViewed]],
    ARTIFACTS_CONSUMER_GROUP: [
      'artifacts',
      [
        Topic.ArtifactCreated,
        Topic.ArtifactDeleted,
        Topic.ArtifactVisibilityChanged,
        Topic.ArtifactTrashChanged,
        Topic.ArtifactShared,
        Topic.ArtifactDownloaded,
      ],
    ],
    USER_DELETED_CONSUMER_GROUP: ['user-deleted', [Topic.UserDeleted]],
  },
  onboarding: {
    ONBOARDING_CONSUMER_GROUP: [
      'events',
      [
        Topic.TrialStarted,
        Topic.SubscriptionCanceled,
        Topic.ArtifactCreated,
        Topic.ArtifactShared,
        Topic.ProfileUpdated,
      ],
    ],
    USER_DELETED_CONSUMER_GROUP: ['user-deleted', [Topic.UserDeleted]],
  },
  thumbnailer: {
    THUMBNAIL_CONSUMER_GROUP: [
      'versions',
      [Topic.ArtifactCreated, Topic.ArtifactUpdated, Topic.ArtifactDeleted, Topic.UserDeleted],
    ],
  },
} satisfies Record<string, Record<string, readonly [string, readonly Topic[]]>>;

/** One consumer group of a service under a test's prefix: its config key, name and topics. */
export interface OwnGroup {
  key: string;
  groupId: string;
  topics: readonly Topic[];
}

/** A service's consumer groups under this prefix (`<prefix>.<service>.<name>`); none for others. */
export function serviceGroups(prefix: string, service: string): OwnGroup[] {
  if (!(service in SERVICE_GROUPS)) return [];
  const groups = SERVICE_GROUPS[service as GroupedService] as Record<
    string,
    readonly [string, readonly Topic[]]
  >;
  return Object.entries(groups).map(([key, [name, topics]]) => ({
    key,
    groupId: `${prefix}.${service}.${name}`,
    topics,
  }));
}

/** The environment giving each of a service's consumer groups this prefix's own name. */
export function groupEnv(prefix: string, service: string): Record<string, string> {
  return Object.fromEntries(serviceGroups(prefix, service).map((g) => [g.key, g.groupId]));
}

/**
 * What else a service shares with every other instance unless told otherwise: the visitor sets'
 * Redis prefix, the BullMQ queue (one test's worker would take another's jobs), the rate limits'
 * Redis namespace, and the search index (per suite already, through tools/jest/int-setup.js; per
 * instance here, so a suite can delete its own). Test prefixes, so the run's cleanup finds the
 * indexes (tools/scripts/lib/test-indexes.mjs).
 */
const SERVICE_NAMESPACES: Record<string, (prefix: string) => Record<string, string>> = {
  artifacts: (prefix) => ({
    SEARCH_INDEX: `test-${prefix}-artifacts`,
    RUNTIME_REDIS_PREFIX: `test-${prefix}-runtime`,
    TRASH_QUEUE: `test-${prefix}-trash`,
  }),
  analytics: (prefix) => ({ ANALYTICS_REDIS_PREFIX: `test-${prefix}` }),
  onboarding: (prefix) => ({ ONBOARDING_QUEUE: `test-${prefix}-check-ins` }),
  thumbnailer: (prefix) => ({ THUMBNAIL_QUEUE: `test-${prefix}-thumbnails` }),
  gateway: (prefix) => ({ RATE_LIMIT_NAMESPACE: `test-${prefix}` }),
};

/**
 * Everything a test instance of a service must not share with other tests: its consumer groups
 * and its namespaces in the search engine, Redis and the job queue. Instances booted with one
 * prefix share them, as replicas of one service do.
 */
export function isolatedEnv(prefix: string, service: string): Record<string, string> {
  return { ...groupEnv(prefix, service), ...SERVICE_NAMESPACES[service]?.(prefix) };
}

/** Each group of these services under this prefix, with the topics it reads. */
export function groupTopics(prefix: string, services: readonly string[]): Record<string, readonly Topic[]> {
  return Object.fromEntries(
    services.flatMap((service) => serviceGroups(prefix, service).map((g) => [g.groupId, g.topics] as const)),
  );
}

/**
 * Puts the services' groups under this prefix at the end of their topics (before the services
 * start), so fresh groups skip the shared local broker's earlier runs, benchmarks included.
 */
export async function startServiceGroupsAtEnd(
  brokers: readonly string[],
  prefix: string,
  services: readonly string[],
): Promise<void> {
  const groups = groupTopics(prefix, services);
  if (Object.keys(groups).length === 0) return;
  const admin = new Kafka({
    clientId: 'test-groups',
    brokers: [...brokers],
    logLevel: logLevel.NOTHING,
  }).admin();
  await admin.connect();
  try {
    await startGroupsAtEnd(admin, groups);
  } finally {
    await admin.disconnect();
  }
}

/**
 * A service's test isolation under this prefix (isolatedEnv), its consumer groups started at the
 * topics' end: the environment to boot it with.
 */
export async function isolateService(
  brokers: readonly string[],
  prefix: string,
  service: string,
): Promise<Record<string, string>> {
  await startServiceGroupsAtEnd(brokers, prefix, [service]);
  return isolatedEnv(prefix, service);
}

/** Deletes the search indexes of artifacts instances isolated under this prefix (best effort). */
export async function deleteIsolatedIndexes(opensearchUrl: string, prefix: string): Promise<void> {
  const alias = SERVICE_NAMESPACES['artifacts']!(prefix)['SEARCH_INDEX']!;
  await deleteIndexesStartingWith(opensearchUrl, alias).catch((err: Error) => {
    process.stderr.write(`search indexes ${alias}* not deleted: ${err.message}\n`);
  });
}
