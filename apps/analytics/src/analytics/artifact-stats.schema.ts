import { Schema } from 'mongoose';
import { type OutboxFields, appliedEventsField, outboxPlugin } from '@core-vault/platform';
import { type HeldViews } from './held-views';

export const ARTIFACT_STATS_MODEL = 'ArtifactStats';

/**
 * Everything analytics keeps about one artifact, in one document so that a batch of views, the
 * offset watermark guarding it and the view-count event it emits are one atomic write.
 */
export interface ArtifactStatsDoc extends OutboxFields {
  _id: string;
  /** False while no artifact-created event has named the id (views are held, see docs). */
  known: boolean;
  ownerId: string | null;
  isPublic: boolean;
  deleted: boolean;
  /**
   * In the artifacts trash (#36.2): left out of every read, counts kept for a restore (absent on
   * documents from before: false).
   */
  trashed?: boolean;
  firstSeenAt: Date;
  /** Views by everyone but the owner. */
  total: number;
  ownerViews: number;
  embedViews: number;
  directViews: number;
  shares: number;
  /** Counted downloads (artifact-downloaded: once per visitor and day, by the artifacts service). */
  downloads?: number;
  /** Copies saved to other vaults (artifact-created events naming this one in `remixedFrom`). */
  remixes?: number;
  droppedPrivate: number;
  lastViewedAt: Date | null;
  /** UTC day (YYYY-MM-DD) → views. */
  days: Record<string, number>;
  /** Encoded referrer domain → views. */
  referrers: Record<string, number>;
  /** Kafka partition → highest offset of the views topic already applied here. */
  wm: Record<string, number>;
  /** Signed-in views waiting for the created event, by encoded viewer id (held-views.ts). */
  held?: Record<string, HeldViews>;
}

export const artifactStatsSchema = new Schema<ArtifactStatsDoc>(
  {
    _id: { type: String, required: true },
    known: { type: Boolean, default: false },
    ownerId: { type: String, default: null },
    isPublic: { type: Boolean, default: true },
    deleted: { type: Boolean, default: false },
    trashed: { type: Boolean, default: false },
    firstSeenAt: { type: Date, required: true },
    total: { type: Number, default: 0 },
    ownerViews: { type: Number, default: 0 },
    embedViews: { type: Number, default: 0 },
    directViews: { type: Number, default: 0 },
    shares: { type: Number, default: 0 },
    downloads: { type: Number, default: 0 },
    remixes: { type: Number, default: 0 },
    droppedPrivate: { type: Number, default: 0 },
    lastViewedAt: { type: Date, default: null },
    days: { type: Schema.Types.Mixed, default: {} },
    referrers: { type: Schema.Types.Mixed, default: {} },
    wm: { type: Schema.Types.Mixed, default: {} },
    held: { type: Schema.Types.Mixed },
    ...appliedEventsField,
  },
  { versionKey: false, collection: 'artifact_stats', minimize: false },
);
artifactStatsSchema.plugin(outboxPlugin);
// Serves the overview: an owner's known artifacts.
artifactStatsSchema.index({ ownerId: 1, known: 1 });
// Serves the holding-area sweep: unknown ids first seen before a cut-off.
artifactStatsSchema.index({ known: 1, firstSeenAt: 1 });
