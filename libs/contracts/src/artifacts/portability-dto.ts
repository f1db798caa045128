import { z } from 'zod';
import { artifactTypeSchema } from '../events/payloads';
import { artifactMetadataSchema, metadataInputSchema, tagsInputSchema } from './artifact-dto';
import { ARTIFACT_LIMITS as L, ARTIFACT_MESSAGES as M } from './artifact-limits';
import { exportedRuntimeSchema } from './runtime-dto';
import { frameHeightSchema } from './frame-height';

/**
 * Export and import of a user's artifacts with their history (#18, docs/reference/artifacts.md "Export and
 * import"). The export is NDJSON: one exported artifact per line, then one trailer line
 * `{"end":{...}}`; a stream without the trailer was cut short and is not complete.
 */
export const PORTABILITY_LIMITS = {
  /**
   * Bytes of one import request as the SPA builds it: under the gateway's and the service's
   * 2.5 MB body limit (apps/gateway/src/main.ts), with room for the envelope.
   */
  importRequestMaxBytes: 2_000_000,
  /** Artifacts per import request (the batch create's count). */
  importRequestMaxArtifacts: L.batchMax,
} as const;

export const PORTABILITY_MESSAGES = {
  importEmpty: 'The file has no artifacts to import.',
  importTooMany: `Too many artifacts at once. Maximum ${PORTABILITY_LIMITS.importRequestMaxArtifacts} per request.`,
  versionsOrder: 'Versions must be listed oldest first, each older than the current version.',
  tooManyVersions: `Too many versions. At most ${L.versionsKept} earlier versions are kept per artifact.`,
  dateInvalid: 'Dates must be ISO 8601 date-times.',
  notAnExport: 'This is not a Core Vault export: it has no "artifacts" list.',
} as const;

// ---- export (what GET /api/v1/artifacts/export writes, one line per artifact) ----

export const exportedVersionSchema = z.object({
  version: z.number().int(),
  title: z.string(),
  type: artifactTypeSchema,
  content: z.string(),
  createdAt: z.string(),
  note: z.string().nullable(),
  author: z.string().nullable(),
  /**
   * Anyone may read it while the artifact is public (see versionSummarySchema). Absent in exports
   * from before #32; an import publishes only the versions marked so (and the current one).
   */
  published: z.boolean().optional(),
});
export type ExportedVersion = z.infer<typeof exportedVersionSchema>;

export const exportedArtifactSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  type: artifactTypeSchema,
  content: z.string(),
  tags: z.array(z.string()),
  isPublic: z.boolean(),
  allowNetwork: z.boolean(),
  /** The owner's frame height; absent when automatic (and in exports from before it existed). */
  frameHeight: z.union([z.literal('viewport'), z.number().int()]).optional(),
  metadata: artifactMetadataSchema,
  viewCount: z.number(),
  shareCount: z.number(),
  downloadCount: z.number(),
  /** The current content version: the top-level title/type/content. */
  version: z.number().int(),
  /** When the current version was made, with its note and author. */
  versionCreatedAt: z.string(),
  versionNote: z.string().nullable(),
  versionAuthor: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Names of the owner's collections that hold it. */
  collections: z.array(z.string()),
  /**
   * Its window.storage data and runtime settings (docs/reference/artifact-runtime.md): the shared store and
   * the exporting owner's own personal store. Absent when it has none, and in older exports.
   */
  runtime: exportedRuntimeSchema.optional(),
  /** Every kept earlier version, oldest first (the current one is the top level). */
  versions: z.array(exportedVersionSchema),
});
export type ExportedArtifact = z.infer<typeof exportedArtifactSchema>;

/** The last line of a complete export. */
export const exportTrailerSchema = z.object({
  end: z.object({ count: z.number().int(), totalViews: z.number() }),
});
export type ExportTrailer = z.infer<typeof exportTrailerSchema>;

// ---- import (POST /api/v1/artifacts/import) ----

const date = z
  .string()
  .refine(
    (s) => /^\d{4}-\d{2}-\d{2}T/.test(s) && !Number.isNaN(Date.parse(s)),
    PORTABILITY_MESSAGES.dateInvalid,
  );
const content = z
  .string()
  .max(L.contentMaxChars, M.contentTooLarge)
  .refine((s) => s.trim().length > 0, M.contentRequired);
const title = z.string().max(L.titleMaxChars, M.titleTooLong);
// The limits of an edit (description, version note), with its messages.
const note = z.string().max(L.versionNoteMaxChars, M.versionNoteTooLong);

export const importVersionSchema = z.object({
  version: z.number().int().min(1),
  title,
  type: artifactTypeSchema,
  content,
  createdAt: date,
  note: note.nullish(),
  /** Published in the exported account; absent (older exports): it stays private. */
  published: z.boolean().optional(),
});
export type ImportVersion = z.output<typeof importVersionSchema>;

/**
 * One exported artifact as the import reads it: fields it does not use (counters, author ids of
 * another account) are ignored, so an export from a newer release still imports.
 */
export const importArtifactSchema = z
  .object({
    /** The id in the exported account, echoed in the result. */
    id: z.string().max(64).optional(),
    title,
    description: z.string().max(L.descriptionMaxChars, M.descriptionTooLong).optional(),
    type: artifactTypeSchema,
    content,
    tags: tagsInputSchema.optional(),
    isPublic: z.boolean().optional(),
    allowNetwork: z.boolean().optional(),
    frameHeight: frameHeightSchema.optional(),
    metadata: metadataInputSchema.optional(),
    version: z.number().int().min(1).optional(),
    versionCreatedAt: date.optional(),
    versionNote: note.nullish(),
    createdAt: date.optional(),
    updatedAt: date.optional(),
    collections: z
      .array(
        z
          .string()
          .trim()
          .min(1, M.collectionNameRequired)
          .max(L.collectionNameMaxChars, M.collectionNameTooLong),
      )
      .max(L.collectionsPerUserMax, M.tooManyCollections)
      .optional(),
    versions: z
      .array(importVersionSchema)
      .max(L.versionsKept, PORTABILITY_MESSAGES.tooManyVersions)
      .optional(),
    /** Earlier versions the SPA left out so the artifact fits one request (reported as partial). */
    omittedVersions: z.number().int().min(0).optional(),
    /** Runtime data (absent in older exports); each key and value is checked as a storage write is. */
    runtime: exportedRuntimeSchema.optional(),
  })
  .superRefine((a, ctx) => {
    const numbers = (a.versions ?? []).map((v) => v.version);
    const current = a.version ?? (numbers.at(-1) ?? 0) + 1;
    const ordered = numbers.every((n, i) => (i === 0 || n > (numbers[i - 1] ?? 0)) && n < current);
    if (!ordered)
      ctx.addIssue({ code: 'custom', path: ['versions'], message: PORTABILITY_MESSAGES.versionsOrder });
  });
export type ImportArtifact = z.output<typeof importArtifactSchema>;

export const importArtifactsBodySchema = z.strictObject({
  artifacts: z
    .array(importArtifactSchema, { error: PORTABILITY_MESSAGES.notAnExport })
    .min(1, PORTABILITY_MESSAGES.importEmpty)
    .max(PORTABILITY_LIMITS.importRequestMaxArtifacts, PORTABILITY_MESSAGES.importTooMany),
});
export type ImportArtifactsBody = z.output<typeof importArtifactsBodySchema>;

export const importResultSchema = z.object({
  /** Position in the request. */
  index: z.number().int(),
  /** The id in the exported account, when the file had one. */
  sourceId: z.string().nullable(),
  title: z.string(),
  /** 'partial': imported without the earlier versions the file or the SPA left out. */
  status: z.enum(['imported', 'partial', 'failed']),
  /** The new artifact's id (null when it failed). */
  id: z.string().nullable(),
  /** Versions stored, the current one included. */
  versions: z.number().int(),
  omittedVersions: z.number().int(),
  /** Why it failed or is partial; null when imported whole. */
  message: z.string().nullable(),
});
export type ImportResult = z.infer<typeof importResultSchema>;
export const importArtifactsResultSchema = z.object({ results: z.array(importResultSchema) });
export type ImportArtifactsResult = z.infer<typeof importArtifactsResultSchema>;
