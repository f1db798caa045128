/** Business limits of the artifacts context (spec §9), shared by the service and the SPA. */
export const ARTIFACT_LIMITS = {
  contentMaxChars: 500_000,
  titleMaxChars: 200,
  /** The artifact's description (Markdown-lite, #18). */
  descriptionMaxChars: 2_000,
  /** The short note an owner may give a new version. */
  versionNoteMaxChars: 200,
  tagsMax: 50,
  tagMaxChars: 50,
  /** Raw tag input (comma-separated text) before splitting. */
  tagsInputMaxChars: 5_000,
  metadataInputMaxChars: 10_000,
  metadataMaxDepth: 8,
  batchMax: 20,
  pageSizeMax: 100,
  pageSizeDefault: 20,
  searchQueryMaxChars: 200,
  searchTermsMax: 8,
  /** Search ranks at most this many newest matching artifacts. */
  searchCandidatesMax: 200,
  collectionNameMaxChars: 100,
  collectionArtifactsMax: 1_000,
  collectionsPerUserMax: 200,
  /** Previous versions kept per artifact; the oldest are pruned beyond this. */
  versionsKept: 100,
  /** Activity entries kept per artifact (newest). */
  activityKept: 200,
  /** Entries per page of the public sitemap listing. */
  sitemapPageSize: 1_000,
} as const;

export const DEFAULT_TITLE = 'Untitled';
/** metadata.claudeVersion is fixed to a Sonnet 4 label (spec §3, §9). */
export const CLAUDE_VERSION_LABEL = 'claude-sonnet-4';

/** Embed frame defaults (spec §7, §9). */
export const EMBED_DEFAULTS = { width: '100%', height: '600px' } as const;

/** User-facing messages of the artifacts context, with the spec's texts where it has one. */
export const ARTIFACT_MESSAGES = {
  contentTooLarge: `Content is too large. Maximum allowed size is ${ARTIFACT_LIMITS.contentMaxChars} characters.`,
  titleTooLong: `Title is too long. Maximum ${ARTIFACT_LIMITS.titleMaxChars} characters allowed.`,
  descriptionTooLong: `Description is too long. Maximum ${ARTIFACT_LIMITS.descriptionMaxChars} characters allowed.`,
  versionNoteTooLong: `Version note is too long. Maximum ${ARTIFACT_LIMITS.versionNoteMaxChars} characters allowed.`,
  contentRequired: 'Content is required.',
  tooManyTags: `Too many tags. Maximum ${ARTIFACT_LIMITS.tagsMax} tags allowed.`,
  tagTooLong: `Each tag can be at most ${ARTIFACT_LIMITS.tagMaxChars} characters.`,
  tagsInvalid: 'Tags must be comma-separated text or a list of strings.',
  tagsInputTooLong: `Tags text is too long. Maximum ${ARTIFACT_LIMITS.tagsInputMaxChars} characters allowed.`,
  metadataInvalid: 'Metadata must be an object or a JSON string.',
  metadataTooDeep: `Metadata is nested too deeply. Maximum ${ARTIFACT_LIMITS.metadataMaxDepth} levels allowed.`,
  metadataTooLarge: `Metadata is too large. Maximum ${ARTIFACT_LIMITS.metadataInputMaxChars} characters allowed.`,
  batchTooLarge: `Too many artifacts at once. Maximum ${ARTIFACT_LIMITS.batchMax} per request.`,
  batchEmpty: 'At least one artifact is required.',
  notFound: 'Artifact not found',
  private: 'This artifact is private',
  notOwner: 'You can only change your own artifacts.',
  nothingToUpdate:
    'Nothing to update: send at least one of title, description, type, content, tags, isPublic, allowNetwork, allowRemix, frameHeight, publishVersions.',
  /** `publishVersions` on an artifact that stays private. */
  publishNeedsPublic: 'Versions are published with the artifact: make it public to publish its versions.',
  conflict: 'The artifact was changed at the same time. Please try again.',
  /** The edit started from an older revision than the stored one (another tab or device saved). */
  editConflict:
    'This artifact was changed in another tab or device since you opened it. Your edits are still here: review the latest version, then save again.',
  versionInvalid: 'The version must be a positive whole number.',
  restoredFrom: (version: number) => `Restored from version ${version}`,
  versionNotFound: 'Version not found',
  versionIsCurrent: 'This version is already the current one.',
  collectionNotFound: 'Collection not found',
  collectionNameRequired: 'Collection name is required.',
  collectionNameTooLong: `Collection name is too long. Maximum ${ARTIFACT_LIMITS.collectionNameMaxChars} characters allowed.`,
  collectionFull: `A collection can hold at most ${ARTIFACT_LIMITS.collectionArtifactsMax} artifacts.`,
  tooManyCollections: `You can have at most ${ARTIFACT_LIMITS.collectionsPerUserMax} collections.`,
  searchQueryRequired: 'Enter something to search for.',
  searchQueryInvalid: 'The search text cannot contain control characters.',
  searchDateInvalid: 'Dates must look like 2026-01-31.',
  searchDateRange: 'The start date must not be after the end date.',
  searchUnavailable: 'Search is unavailable right now. Try again in a moment.',
  listCursorInvalid: 'This list position is no longer valid. Start again from the first page.',
  markdownError: (message: string) => `Error parsing markdown: ${message}`,
  signInToDelete: 'Please sign in to delete artifacts. Sign up for full access to manage your artifacts!',
  signInToUpdateVisibility: 'Please sign in to update artifact visibility.',
  /** "Save a copy to my vault" on an artifact whose owner turned copies off. */
  remixDisabled: 'The owner of this artifact has turned off saving copies.',
  /** "Save a copy to my vault" on one's own artifact: it is in the vault already. */
  remixOwn: 'This artifact is already in your vault.',
} as const;
