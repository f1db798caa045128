import { z } from 'zod';
import { artifactTypeSchema } from '../events/payloads';
import { ArtifactInputError, parseTags } from './artifact-input';
import { ARTIFACT_LIMITS as L, ARTIFACT_MESSAGES as M } from './artifact-limits';
import { frameHeightSchema } from './frame-height';

/** A type the client may send: one of the stored types, or AUTO to detect it from the content. */
export const artifactTypeInputSchema = z.enum([...artifactTypeSchema.options, 'AUTO']);
export type ArtifactTypeInput = z.infer<typeof artifactTypeInputSchema>;
export type ArtifactType = z.infer<typeof artifactTypeSchema>;

const title = z.string().max(L.titleMaxChars, M.titleTooLong);
/** Markdown-lite text shown on the view page and searched (the SPA renders a safe subset). */
const description = z.string().max(L.descriptionMaxChars, M.descriptionTooLong);
/** The artifact revision an edit started from (optimistic concurrency; see updateArtifactBodySchema). */
const revision = z.number().int().min(0);
const content = z
  .string()
  .max(L.contentMaxChars, M.contentTooLarge)
  .refine((s) => s.trim().length > 0, M.contentRequired);

/** Comma-separated text or a list; parsed (split, trimmed, deduplicated) and bounded. */
export const tagsInputSchema = z
  .union([z.string(), z.array(z.string())], { error: M.tagsInvalid })
  .transform((value, ctx) => {
    if (typeof value === 'string' && value.length > L.tagsInputMaxChars) {
      ctx.addIssue({ code: 'custom', message: M.tagsInputTooLong });
      return z.NEVER;
    }
    try {
      return parseTags(value);
    } catch (err) {
      ctx.addIssue({
        code: 'custom',
        message: err instanceof ArtifactInputError ? err.message : M.tagsInvalid,
      });
      return z.NEVER;
    }
  });

/** Nesting depth of a JSON value, without recursion (hostile input may be very deep). */
export function jsonDepth(value: unknown, stopAt: number): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (typeof v !== 'object' || v === null) continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > stopAt) return deepest;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** Raw metadata (object or JSON string); the service keeps only what the spec lists. */
export const metadataInputSchema = z
  .union([z.string(), z.record(z.string(), z.unknown())], { error: M.metadataInvalid })
  .superRefine((value, ctx) => {
    if (typeof value === 'string' && value.length > L.metadataInputMaxChars)
      ctx.addIssue({ code: 'custom', message: M.metadataTooLarge });
    else if (typeof value === 'object' && jsonDepth(value, L.metadataMaxDepth) > L.metadataMaxDepth)
      ctx.addIssue({ code: 'custom', message: M.metadataTooDeep });
  });

export const createArtifactBodySchema = z.strictObject({
  title,
  type: artifactTypeInputSchema,
  content,
  description: description.optional(),
  metadata: metadataInputSchema.optional(),
  isPublic: z.boolean().optional(),
  tags: tagsInputSchema.optional(),
  allowNetwork: z.boolean().optional(),
});
export type CreateArtifactBody = z.output<typeof createArtifactBodySchema>;

/** The upload preview: what the service would store for this content, nothing stored. */
export const previewArtifactBodySchema = z.strictObject({
  type: artifactTypeInputSchema,
  content,
});
export type PreviewArtifactBody = z.output<typeof previewArtifactBodySchema>;

export const batchCreateArtifactsBodySchema = z.strictObject({
  artifacts: z.array(createArtifactBodySchema).min(1, M.batchEmpty).max(L.batchMax, M.batchTooLarge),
});
export type BatchCreateArtifactsBody = z.output<typeof batchCreateArtifactsBodySchema>;

/**
 * What making an artifact public publishes (`publishVersions`): its current version only, or every
 * kept version. Versions made while it is public are published as they are made.
 */
export const PUBLISH_VERSIONS_CHOICES = ['latest', 'all'] as const;
export type PublishVersionsChoice = (typeof PUBLISH_VERSIONS_CHOICES)[number];

/** The fields an edit can change; `revision` and `versionNote` only qualify a change. */
export const EDITABLE_ARTIFACT_FIELDS = [
  'title',
  'description',
  'type',
  'content',
  'tags',
  'isPublic',
  'allowNetwork',
  'allowRemix',
  'frameHeight',
] as const;
export type EditableArtifactField = (typeof EDITABLE_ARTIFACT_FIELDS)[number];

export const updateArtifactBodySchema = z
  .strictObject({
    title: title.optional(),
    description: description.optional(),
    type: artifactTypeInputSchema.optional(),
    content: content.optional(),
    tags: tagsInputSchema.optional(),
    isPublic: z.boolean().optional(),
    /** The owner lets the artifact connect to https APIs (docs/reference/rendering.md, "Network"). */
    allowNetwork: z.boolean().optional(),
    /** Visitors of the public artifact may save a copy to their vault (on unless the owner says no). */
    allowRemix: z.boolean().optional(),
    /** The frame's height: null automatic, 'viewport' fill the window, or px (see frame-height.ts). */
    frameHeight: frameHeightSchema.optional(),
    /**
     * The revision the edit started from: when it is not the stored one, 409
     * ARTIFACT_EDIT_CONFLICT and nothing is stored. Without it the edit applies (API clients).
     */
    revision: revision.optional(),
    /** A short note for the new version (only a content or type change makes one). */
    versionNote: z.string().max(L.versionNoteMaxChars, M.versionNoteTooLong).optional(),
    /**
     * Which content versions anyone may read while the artifact is public (docs/reference/sharing.md,
     * "Which versions are public"): 'latest' (what making it public does without it) publishes
     * the current version only, versions saved while it was private stay the owner's; 'all'
     * publishes every kept version too. Only on an artifact that is or becomes public (else 400).
     */
    publishVersions: z.enum(PUBLISH_VERSIONS_CHOICES).optional(),
  })
  .refine(
    (b) => EDITABLE_ARTIFACT_FIELDS.some((f) => b[f] !== undefined) || b.publishVersions !== undefined,
    M.nothingToUpdate,
  );
export type UpdateArtifactBody = z.output<typeof updateArtifactBodySchema>;

/** Restore: optionally the revision the owner saw (a stale one is an edit conflict). */
export const restoreVersionBodySchema = z.strictObject({ revision: revision.optional() }).optional();
export type RestoreVersionBody = z.output<typeof restoreVersionBodySchema>;

/** `?v=N` pins a read to content version N (a positive whole number). */
export const readArtifactQuerySchema = z.object({
  v: z.coerce
    .number({ error: M.versionInvalid })
    .int(M.versionInvalid)
    .min(1, M.versionInvalid)
    .max(Number.MAX_SAFE_INTEGER, M.versionInvalid)
    .optional(),
});
export type ReadArtifactQuery = z.output<typeof readArtifactQuerySchema>;

export const ARTIFACT_SORTS = ['newest', 'oldest', 'title', 'type', 'views'] as const;
export type ArtifactSort = (typeof ARTIFACT_SORTS)[number];

const page = z.coerce.number().int().min(1).max(10_000).default(1);
const limit = z.coerce.number().int().min(1).max(L.pageSizeMax).default(L.pageSizeDefault);

/**
 * Where the next page of a list starts: opaque to clients (the server encodes the last item's
 * sort key and id). `cursor` wins over `page`; `page` stays for links and old clients. 2,048:
 * the Title A-Z key is the whole lower-cased title (200 UTF-16 units, at most 6 bytes each once
 * JSON-escaped, then base64), so 512 could not hold every title's cursor.
 */
const cursor = z
  .string()
  .max(2_048, M.listCursorInvalid)
  .regex(/^[A-Za-z0-9_-]+$/, M.listCursorInvalid)
  .optional();

export const listArtifactsQuerySchema = z.object({
  sort: z.enum(ARTIFACT_SORTS).default('newest'),
  page,
  limit,
  cursor,
});
export type ListArtifactsQuery = z.output<typeof listArtifactsQuerySchema>;

/**
 * Search text: no control characters (NUL cannot even reach the database inside a pattern). As a
 * `pattern`, so the OpenAPI document says it too. Tab and line breaks are whitespace, allowed.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it refuses
const SEARCHABLE_TEXT = /^[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f]*$/;

const searchDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, M.searchDateInvalid)
  .refine(
    (day) =>
      !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) &&
      new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
    M.searchDateInvalid,
  );

export const searchArtifactsQuerySchema = z
  .object({
    q: z
      .string()
      .trim()
      .min(1, M.searchQueryRequired)
      .max(L.searchQueryMaxChars)
      .regex(SEARCHABLE_TEXT, M.searchQueryInvalid),
    page,
    limit,
    /** Filters: each narrows the results (all of them together). */
    type: artifactTypeSchema.optional(),
    tag: z.string().trim().min(1).max(L.tagMaxChars, M.tagTooLong).optional(),
    /** A collection's id: only its artifacts. */
    collection: z.string().min(1).max(64).optional(),
    visibility: z.enum(['public', 'private']).optional(),
    /** The last change (updatedAt) on or after this UTC day, and on or before `to`. */
    from: searchDay.optional(),
    to: searchDay.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: M.searchDateRange, path: ['from'] });
export type SearchArtifactsQuery = z.output<typeof searchArtifactsQuerySchema>;

export const pageQuerySchema = z.object({ page, limit });
export type PageQuery = z.output<typeof pageQuerySchema>;

export const sitemapQuerySchema = z.object({ page });
export type SitemapQuery = z.output<typeof sitemapQuerySchema>;

/** The owner's artifact settings; search-engine indexing is off unless allowed. */
export const artifactSettingsSchema = z.strictObject({ allowIndexing: z.boolean() });
export type ArtifactSettings = z.output<typeof artifactSettingsSchema>;

export const shareArtifactBodySchema = z.strictObject({
  channel: z.enum(['link', 'embed']),
  /** Pin the links to this content version (`?v=N`); they follow the latest without it. */
  version: z.number().int().min(1).optional(),
});
export type ShareArtifactBody = z.output<typeof shareArtifactBodySchema>;

/**
 * Download or save a copy of (remix) an artifact: its current version, or `version` N — for anyone
 * but the owner a published one only, as a pinned read (docs/reference/artifacts.md, "Reuse").
 */
export const reuseArtifactBodySchema = z
  .strictObject({ version: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional() })
  .optional();
export type ReuseArtifactBody = z.output<typeof reuseArtifactBodySchema>;

const collectionName = z
  .string()
  .trim()
  .min(1, M.collectionNameRequired)
  .max(L.collectionNameMaxChars, M.collectionNameTooLong);
export const collectionBodySchema = z.strictObject({ name: collectionName });
export type CollectionBody = z.output<typeof collectionBodySchema>;

export const artifactIdParamsSchema = z.object({ id: z.string() });
export const versionParamsSchema = z.object({ id: z.string(), version: z.string() });
export const collectionArtifactParamsSchema = z.object({ id: z.string(), artifactId: z.string() });

// ---- responses ----

/** The capture's provenance (browser extension): see normalizeSource. */
export const artifactSourceSchema = z.object({
  site: z.string(),
  url: z.string().optional(),
  capturedAt: z.string().optional(),
  assistant: z.string().optional(),
  model: z.string().optional(),
  kind: z.string().optional(),
});

export const artifactMetadataSchema = z.object({
  claudeVersion: z.string(),
  extractedAt: z.string(),
  size: z.number().int(),
  source: artifactSourceSchema.optional(),
});

/** What the renderer needs: the sanitized form beside the source (see docs/reference/artifacts.md). */
const renderFields = {
  /** Sanitized HTML for HTML, SVG and MARKDOWN; null for REACT, TYPESCRIPT and UNKNOWN. */
  rendered: z.string().nullable(),
  /** 'Error parsing markdown: …' when the Markdown could not be parsed. */
  renderError: z.string().nullable(),
  /** REACT only: why the source is refused at render ('Security Warning'), else null. */
  securityWarning: z.string().nullable(),
};

export const artifactPreviewSchema = z.object({
  /** The type the content would be stored as (AUTO resolved). */
  type: artifactTypeSchema,
  ...renderFields,
});
export type ArtifactPreview = z.infer<typeof artifactPreviewSchema>;

/** Where a copy came from ("Remixed from"): the original as it was when the copy was made. */
export const remixOriginSchema = z.object({
  artifactId: z.string(),
  title: z.string(),
  /** The original owner's name as they show it (first name, initial of the last); null when unknown. */
  ownerName: z.string().nullable(),
  /** The original's content version the copy was made from. */
  version: z.number().int(),
});
export type RemixOrigin = z.infer<typeof remixOriginSchema>;

export const publicArtifactSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Markdown-lite, up to 2,000 characters; '' when none. */
  description: z.string(),
  type: artifactTypeSchema,
  content: z.string(),
  ...renderFields,
  metadata: artifactMetadataSchema,
  isPublic: z.boolean(),
  /** The owner allowed outbound network (fetch/WebSocket to https); viewers see a badge. */
  allowNetwork: z.boolean(),
  /** Visitors may save a copy to their vault (the owner's setting; on by default). */
  allowRemix: z.boolean(),
  /**
   * The owner's frame height (frame-height.ts): null automatic, 'viewport' fill the window, or px.
   * Always sent by the artifacts service; absent in answers kept from before it (read: automatic).
   */
  frameHeight: z.union([z.literal('viewport'), z.number().int(), z.null()]).optional(),
  /** The artifact is a copy of another one ("Remixed from"); null when it is not. */
  remixedFrom: remixOriginSchema.nullable(),
  tags: z.array(z.string()),
  /** The content version shown (N of a `?v=N` read). */
  version: z.number().int(),
  /** The current content version (equals `version` unless the read was pinned). */
  latestVersion: z.number().int(),
  /** +1 on every stored change; an edit sends back the one it started from. */
  revision: z.number().int(),
  /** Public and its owner allows search-engine indexing. */
  indexable: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PublicArtifact = z.infer<typeof publicArtifactSchema>;

/** The owner's (or an admin's) view: everything, counters and owner included. */
export const artifactSchema = publicArtifactSchema.extend({
  owner: z.string(),
  viewCount: z.number().int(),
  shareCount: z.number().int(),
  downloadCount: z.number().int(),
  /** Copies visitors saved to their vaults. */
  remixCount: z.number().int(),
});
export type Artifact = z.infer<typeof artifactSchema>;

/** A dashboard card: no content. */
export const artifactSummarySchema = artifactSchema.omit({
  content: true,
  rendered: true,
  renderError: true,
  securityWarning: true,
});
export type ArtifactSummary = z.infer<typeof artifactSummarySchema>;

export const artifactEnvelopeSchema = z.object({ artifact: artifactSchema });
export const publicArtifactEnvelopeSchema = z.object({
  artifact: z.union([artifactSchema, publicArtifactSchema]),
});
export const artifactListSchema = z.object({
  artifacts: z.array(artifactSummarySchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  hasMore: z.boolean(),
});
export type ArtifactList = z.infer<typeof artifactListSchema>;
export const batchCreatedSchema = z.object({ artifacts: z.array(artifactSchema) });
/** The first page of a list has no cursor; `nextCursor` is null on the last page. */
export const artifactPageSchema = artifactListSchema.extend({ nextCursor: z.string().nullable() });
export type ArtifactPage = z.infer<typeof artifactPageSchema>;

/**
 * Where a result matched: the text split into parts, the matching ones flagged (plain text: the
 * SPA marks them up itself, so nothing of the artifact is ever parsed as HTML).
 */
export const searchSnippetSchema = z.object({
  field: z.enum(['title', 'description', 'tags', 'content']),
  parts: z.array(z.object({ text: z.string(), match: z.boolean() })),
});
export type SearchSnippet = z.infer<typeof searchSnippetSchema>;

export const searchResultSchema = artifactListSchema.extend({
  artifacts: z.array(
    artifactSummarySchema.extend({ score: z.number(), snippets: z.array(searchSnippetSchema) }),
  ),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const shareResultSchema = z.object({
  artifactId: z.string(),
  channel: z.enum(['link', 'embed']),
  /** The version the links are pinned to; null when they follow the latest. */
  version: z.number().int().nullable(),
  shareCount: z.number().int(),
  url: z.string(),
  embedUrl: z.string(),
  embedCode: z.string(),
});

/** A download: the file (name with the type's extension, media type, content) of the version asked. */
export const downloadResultSchema = z.object({
  artifactId: z.string(),
  version: z.number().int(),
  fileName: z.string(),
  mediaType: z.string(),
  content: z.string(),
});
export type DownloadResult = z.infer<typeof downloadResultSchema>;

export const versionSummarySchema = z.object({
  version: z.number().int(),
  title: z.string(),
  type: artifactTypeSchema,
  size: z.number().int(),
  createdAt: z.string(),
  current: z.boolean(),
  /** The owner's note for this version, or 'Restored from version N'. */
  note: z.string().nullable(),
  /** User id of who made it (null for versions older than #18). */
  author: z.string().nullable(),
  /** The version it was restored from, when it is a restore. */
  restoredFrom: z.number().int().nullable(),
  /**
   * Anyone may read it while the artifact is public: it was current while the artifact was public,
   * or the owner published it. False for versions saved while the artifact was private.
   */
  published: z.boolean(),
});
export const versionListSchema = z.object({ versions: z.array(versionSummarySchema) });
export const versionDetailSchema = z.object({
  version: versionSummarySchema.extend({ content: z.string(), ...renderFields }),
});

export const ACTIVITY_KINDS = ['created', 'edited', 'version', 'restored'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
export const activityEntrySchema = z.object({
  at: z.string(),
  /** User id of who did it. */
  by: z.string().nullable(),
  kind: z.enum(ACTIVITY_KINDS),
  /** The fields changed, e.g. ['title', 'tags']. */
  fields: z.array(z.string()),
  /** The content version made (kinds 'created', 'version', 'restored'). */
  version: z.number().int().nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;
export const activityListSchema = z.object({ activity: z.array(activityEntrySchema) });

export const sitemapPageSchema = z.object({
  entries: z.array(z.object({ id: z.string(), updatedAt: z.string() })),
  page: z.number().int(),
  hasMore: z.boolean(),
});
export type SitemapPage = z.infer<typeof sitemapPageSchema>;

export const collectionSchema = z.object({
  id: z.string(),
  name: z.string(),
  artifactCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Collection = z.infer<typeof collectionSchema>;
export const collectionEnvelopeSchema = z.object({ collection: collectionSchema });
export const collectionListSchema = z.object({ collections: z.array(collectionSchema) });
export const okSchema = z.object({ ok: z.literal(true) });
