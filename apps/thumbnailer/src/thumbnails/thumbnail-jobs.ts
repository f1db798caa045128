import { type JobsOptions } from 'bullmq';
import { type EventPayload, Topic } from '@core-vault/contracts';

/** One render: an artifact version, both sizes. The job holds no content: it is read when it runs. */
export interface ThumbnailJobData {
  artifactId: string;
  ownerId: string;
  version: number;
}

/** What a dead-lettered job keeps: the job, why it failed, after how many attempts. */
export interface DeadThumbnailJobData extends ThumbnailJobData {
  failedReason: string;
  attempts: number;
  failedAt: string;
}

/** Finished jobs are kept a day: a duplicate event within it finds the job and adds nothing. */
const KEEP_COMPLETED_SECONDS = 24 * 3600;
/** Failed ones a week beside their dead-letter copy, for the operators. */
const KEEP_FAILED_SECONDS = 7 * 24 * 3600;

/**
 * The version an artifact event asks a picture of, or null. A created artifact is version 1; an
 * update makes a new version only when its content or type changed (artifact.schema.ts), and
 * title, tags or visibility do not change what the artifact looks like.
 */
export function versionToRender(
  topic: Topic.ArtifactCreated | Topic.ArtifactUpdated,
  data: EventPayload<Topic.ArtifactCreated> | EventPayload<Topic.ArtifactUpdated>,
): number | null {
  if (topic === Topic.ArtifactCreated) return 1;
  const update = data as EventPayload<Topic.ArtifactUpdated>;
  return update.changed.includes('content') || update.changed.includes('type') ? update.version : null;
}

/**
 * `artifactId-vN`: one job per version, so a duplicate event (or a second replica's) adds
 * nothing while the first is queued, running or kept. BullMQ refuses ':' in ids (its key
 * separator), hence not `artifactId:version`.
 */
export const thumbnailJobId = (artifactId: string, version: number): string => `${artifactId}-v${version}`;

/** Retries with exponential backoff; the last failure goes to the dead-letter queue (worker). */
export function thumbnailJobOptions(
  artifactId: string,
  version: number,
  settings: { attempts: number; backoffMs: number },
): JobsOptions {
  return {
    jobId: thumbnailJobId(artifactId, version),
    attempts: settings.attempts,
    backoff: { type: 'exponential', delay: settings.backoffMs },
    removeOnComplete: { age: KEEP_COMPLETED_SECONDS },
    removeOnFail: { age: KEEP_FAILED_SECONDS },
  };
}

/**
 * True when the attempt now running is the job's last: BullMQ counts `attemptsMade` when an
 * attempt fails, so the running one is attemptsMade + 1. Its failure goes to the dead-letter
 * queue from inside the attempt, before BullMQ records it, so no crash can lose it between.
 */
export const isLastAttempt = (attemptsMade: number, attempts: number | undefined): boolean =>
  attemptsMade + 1 >= (attempts ?? 1);

export const deadLetterQueueName = (queue: string): string => `${queue}-dead`;

/**
 * Thumbnails kept per artifact: the versions the artifacts service keeps (ARTIFACT_LIMITS
 * .versionsKept earlier ones plus the current), so pruned versions lose their pictures too.
 */
export const oldestThumbnailKept = (current: number, versionsKept: number): number =>
  Math.max(1, current - versionsKept);
