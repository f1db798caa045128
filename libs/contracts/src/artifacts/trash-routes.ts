import { z } from 'zod';
import { type ApiRoute, defineRoute } from '../http/route';
import { artifactIdParamsSchema, artifactSummarySchema, okSchema } from './artifact-dto';
import { ARTIFACT_MESSAGES as M } from './artifact-limits';

/**
 * The trash (#36.2): a deleted artifact waits there TRASH_RETENTION_DAYS before it is deleted for
 * good, and can be restored until then with everything it had (versions, tags, collections,
 * public state, counts). Bulk actions change up to BULK_MAX of the owner's artifacts at once.
 */
export const TRASH_RETENTION_DAYS = 30;
export const BULK_MAX = 100;

export const TRASH_MESSAGES = {
  notInTrash: 'This artifact is not in the trash.',
  /** Restore of one whose 30 days are over (the purge job is about to delete it). */
  expired: 'This artifact has been in the trash for 30 days and is being deleted for good.',
  bulkEmpty: 'Select at least one artifact.',
  bulkTooMany: `Too many artifacts at once. Maximum ${BULK_MAX} per request.`,
  bulkCollectionRequired: 'Choose a collection to add the artifacts to.',
  bulkIdInvalid: 'Each id must be an artifact id.',
} as const;

/** An artifact in the trash: its card, when it went there and when it will be deleted for good. */
export const trashedArtifactSchema = artifactSummarySchema.extend({
  deletedAt: z.string(),
  purgeAt: z.string(),
  /** Whole days left before it is deleted for good (rounded up; 0 on its last day's end). */
  daysLeft: z.number().int().min(0),
});
export type TrashedArtifact = z.infer<typeof trashedArtifactSchema>;

export const trashListSchema = z.object({
  artifacts: z.array(trashedArtifactSchema),
  total: z.number().int(),
  retentionDays: z.number().int(),
});
export type TrashList = z.infer<typeof trashListSchema>;

export const emptyTrashResultSchema = z.object({ deleted: z.number().int() });

export const BULK_ACTIONS = ['make-public', 'make-private', 'add-to-collection', 'move-to-trash'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

const bulkId = z.string().max(64, TRASH_MESSAGES.bulkIdInvalid);

export const bulkArtifactsBodySchema = z
  .strictObject({
    action: z.enum(BULK_ACTIONS),
    ids: z.array(bulkId).min(1, TRASH_MESSAGES.bulkEmpty).max(BULK_MAX, TRASH_MESSAGES.bulkTooMany),
    collectionId: z.string().max(64).optional(),
  })
  .refine((b) => b.action !== 'add-to-collection' || Boolean(b.collectionId), {
    message: TRASH_MESSAGES.bulkCollectionRequired,
    path: ['collectionId'],
  });
export type BulkArtifactsBody = z.infer<typeof bulkArtifactsBodySchema>;

/** One id's outcome: done, or why not (the status and code a single call would have answered). */
export const bulkItemResultSchema = z.union([
  z.object({ id: z.string(), ok: z.literal(true) }),
  z.object({
    id: z.string(),
    ok: z.literal(false),
    status: z.number().int(),
    code: z.string(),
    message: z.string(),
  }),
]);
export type BulkItemResult = z.infer<typeof bulkItemResultSchema>;
export const bulkArtifactsResultSchema = z.object({
  action: z.enum(BULK_ACTIONS),
  results: z.array(bulkItemResultSchema),
  succeeded: z.number().int(),
  failed: z.number().int(),
});
export type BulkArtifactsResult = z.infer<typeof bulkArtifactsResultSchema>;

const tag = 'artifacts';
const trash = '/api/v1/artifacts/trash';

export const trashRoute = {
  list: defineRoute({
    id: 'listTrash',
    method: 'GET',
    path: trash,
    summary: `The caller's deleted artifacts, most recently deleted first, each with the days left before it is deleted for good (${TRASH_RETENTION_DAYS} days after)`,
    tag,
    access: 'user',
    response: trashListSchema,
  }),
  restore: defineRoute({
    id: 'restoreFromTrash',
    method: 'POST',
    path: `${trash}/:id/restore`,
    summary: 'Bring a deleted artifact back with its versions, tags, collections, public state and counts',
    tag,
    access: 'user',
    params: artifactIdParamsSchema,
    response: z.object({ artifact: artifactSummarySchema }),
    successStatus: 200,
    errors: { 404: TRASH_MESSAGES.notInTrash, 409: `${TRASH_MESSAGES.expired} / ${M.conflict}` },
  }),
  deleteForever: defineRoute({
    id: 'deleteFromTrash',
    method: 'DELETE',
    path: `${trash}/:id`,
    summary: 'Delete an artifact in the trash for good, now',
    tag,
    access: 'user',
    params: artifactIdParamsSchema,
    response: okSchema,
    errors: { 404: TRASH_MESSAGES.notInTrash },
  }),
  empty: defineRoute({
    id: 'emptyTrash',
    method: 'DELETE',
    path: trash,
    summary: "Delete every artifact in the caller's trash for good, now",
    tag,
    access: 'user',
    response: emptyTrashResultSchema,
  }),
  bulk: defineRoute({
    id: 'bulkArtifacts',
    method: 'POST',
    path: '/api/v1/artifacts/bulk',
    summary: `Make public, make private, add to a collection or move to the trash up to ${BULK_MAX} of your artifacts; each id succeeds or fails on its own (results per id)`,
    tag,
    access: 'user',
    body: bulkArtifactsBodySchema,
    response: bulkArtifactsResultSchema,
    successStatus: 200,
    errors: { 400: 'Invalid input, with a message naming the field', 404: M.collectionNotFound },
  }),
} as const;

export const trashRoutes: readonly ApiRoute[] = Object.values(trashRoute);
