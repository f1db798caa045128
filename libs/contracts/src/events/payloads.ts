import { z } from 'zod';
import { Topic } from './topics';

const id = z.string().min(1).max(200);
const isoDate = z.iso.datetime({ offset: true });
export const subscriptionStatusSchema = z.enum([
  'ACTIVE',
  'TRIAL',
  'PAST_DUE',
  'CANCELED',
  'NO_SUBSCRIPTION',
]);
export const planTypeSchema = z.enum(['Pro', 'Business', 'Free']);
export const artifactTypeSchema = z.enum(['REACT', 'HTML', 'MARKDOWN', 'SVG', 'TYPESCRIPT', 'UNKNOWN']);

/**
 * Billing events carry `effectiveAt` (when Stripe says the change happened) so consumers can
 * keep the newest state when deliveries arrive out of order.
 */
const billingBase = { userId: id, stripeCustomerId: id, subscriptionId: id, effectiveAt: isoDate };

export const eventPayloadSchemas = {
  [Topic.UserRegistered]: z.strictObject({
    userId: id,
    email: z.email(),
    firstName: z.string().max(100),
    lastName: z.string().max(100),
    requestedPlan: z.string().max(50),
  }),
  [Topic.UserSignedIn]: z.strictObject({ userId: id, at: isoDate }),
  [Topic.PasswordReset]: z.strictObject({ userId: id, at: isoDate }),
  /** The e-mail rides along so services that keyed anything by address (billing's registration) can erase it too. */
  [Topic.UserDeleted]: z.strictObject({ userId: id, email: z.email(), deletedAt: isoDate }),
  /** The profile as it is now, and what changed; services that keep the address can follow it. */
  [Topic.ProfileUpdated]: z.strictObject({
    userId: id,
    email: z.email(),
    firstName: z.string().max(100),
    lastName: z.string().max(100),
    changed: z.array(z.enum(['name', 'email'])).min(1),
    at: isoDate,
  }),
  [Topic.TrialStarted]: z.strictObject({
    ...billingBase,
    email: z.email(),
    planType: planTypeSchema,
    trialEnd: isoDate,
  }),
  [Topic.SubscriptionUpdated]: z.strictObject({
    ...billingBase,
    status: subscriptionStatusSchema,
    planType: planTypeSchema,
    trialEnd: isoDate.nullable(),
    currentPeriodEnd: isoDate.nullable(),
    cancelAtPeriodEnd: z.boolean(),
  }),
  [Topic.InvoicePaid]: z.strictObject({
    ...billingBase,
    invoiceId: id,
    amount: z.number().nonnegative(),
    currency: z.string().length(3),
    currentPeriodEnd: isoDate.nullable(),
  }),
  [Topic.PaymentFailed]: z.strictObject({ ...billingBase, invoiceId: id }),
  [Topic.SubscriptionCanceled]: z.strictObject({ ...billingBase }),
  [Topic.TrialWillEnd]: z.strictObject({ ...billingBase, trialEnd: isoDate }),
  [Topic.ArtifactCreated]: z.strictObject({
    artifactId: id,
    ownerId: id,
    title: z.string().max(200),
    type: artifactTypeSchema,
    isPublic: z.boolean(),
    size: z.number().int().nonnegative(),
    /** How it was captured; 'extension' = the browser-extension hand-off (an onboarding milestone). */
    source: z.enum(['upload', 'paste', 'extension']).optional(),
    /** A copy saved from a public artifact ("Save a copy to my vault"): the original's id. */
    remixedFrom: id.optional(),
  }),
  [Topic.ArtifactUpdated]: z.strictObject({
    artifactId: id,
    ownerId: id,
    // description: since #20 (the search index follows description edits too).
    changed: z.array(z.enum(['title', 'description', 'content', 'tags', 'type', 'isPublic'])),
    version: z.number().int().positive(),
  }),
  [Topic.ArtifactDeleted]: z.strictObject({ artifactId: id, ownerId: id }),
  [Topic.ArtifactVisibilityChanged]: z.strictObject({ artifactId: id, ownerId: id, isPublic: z.boolean() }),
  [Topic.ArtifactTrashChanged]: z.strictObject({ artifactId: id, ownerId: id, inTrash: z.boolean() }),
  [Topic.ArtifactShared]: z.strictObject({ artifactId: id, ownerId: id, channel: z.enum(['link', 'embed']) }),
  [Topic.ArtifactDownloaded]: z.strictObject({ artifactId: id, ownerId: id }),
  [Topic.ArtifactViewed]: z.strictObject({
    artifactId: id,
    viewedAt: isoDate,
    userAgent: z.string().max(512),
    sessionId: z.string().max(128).optional(),
    referrer: z.string().max(2048).optional(),
    embed: z.boolean(),
    viewerId: id.optional(),
  }),
  [Topic.ViewCountChanged]: z.strictObject({ artifactId: id, viewCount: z.number().int().nonnegative() }),
} satisfies Record<Topic, z.ZodType>;

/** Typed topic → payload map, derived from the runtime schemas so the two cannot drift. */
export type EventPayloads = { [T in Topic]: z.infer<(typeof eventPayloadSchemas)[T]> };

type PayloadsByName = { [T in Topic as `${T}`]: EventPayloads[T] };

/**
 * The payload of one topic, by enum member or by name: `EventPayload<Topic.ArtifactViewed>` and
 * `EventPayload<'artifacts.artifact-viewed.v1'>` are the same type.
 */
export type EventPayload<T extends `${Topic}`> = PayloadsByName[T];
