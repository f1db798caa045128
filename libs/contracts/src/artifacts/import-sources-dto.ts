import { z } from 'zod';
import { artifactTypeSchema } from '../events/payloads';

/**
 * Imports from where artifacts already are (#35 point 3, docs/guides/imports.md): Claude's and
 * ChatGPT's data exports, a GitHub gist, a folder or a zip of files. The file goes up as it is
 * (application/octet-stream); the service reads it as a stream, so memory stays bounded whatever
 * its size. Preview first (nothing written), then run (the same file again), which streams its
 * progress and ends with a report.
 */
export const IMPORT_SOURCE_LIMITS = {
  /** Bytes of one uploaded file (a zip, a conversations.json, a folder bundle). */
  uploadMaxBytes: 256 * 1024 * 1024,
  /** Artifacts one import may hold (listed whole in the preview). */
  itemsMax: 10_000,
  /** Characters of one conversation (or one line of a folder bundle) held at once. */
  elementMaxChars: 16_000_000,
  /** JSON nesting depth of an export. */
  jsonMaxDepth: 64,
  /** Zip entries, uncompressed bytes in all, and the compression ratio of one entry. */
  zipEntriesMax: 20_000,
  zipUncompressedMaxBytes: 1024 * 1024 * 1024,
  zipRatioMax: 200,
  /** Errors listed in the final report (the count is always whole). */
  reportFailuresMax: 500,
} as const;

export const IMPORT_SOURCES = ['auto', 'claude', 'chatgpt', 'gist', 'files', 'folder'] as const;
export const importSourceSchema = z.enum(IMPORT_SOURCES);
export type ImportSource = z.infer<typeof importSourceSchema>;

export const IMPORT_SOURCE_MESSAGES = {
  noFile: 'No file was sent: the body must be the file itself, as application/octet-stream.',
  tooLarge: `The file is too large to import: at most ${IMPORT_SOURCE_LIMITS.uploadMaxBytes / 1024 / 1024} MB.`,
  notJson: (detail: string) => `The file is not valid JSON: ${detail}.`,
  notAnExport:
    'This file is not a Claude or ChatGPT export: conversations.json must hold a list of conversations.',
  notAGist: 'This is not a GitHub gist: it has no "files".',
  tooDeep: `The file is nested too deeply (more than ${IMPORT_SOURCE_LIMITS.jsonMaxDepth} levels).`,
  tooManyItems: `The file holds more than ${IMPORT_SOURCE_LIMITS.itemsMax} artifacts: import it in parts.`,
  badZip: (detail: string) => `The zip file cannot be read: ${detail}.`,
  zipTooManyEntries: `The zip holds more than ${IMPORT_SOURCE_LIMITS.zipEntriesMax} entries.`,
  zipTooLarge: `The zip unpacks to more than ${IMPORT_SOURCE_LIMITS.zipUncompressedMaxBytes / 1024 / 1024} MB.`,
  zipRatio: (name: string) =>
    `The zip entry "${name}" is compressed more than ${IMPORT_SOURCE_LIMITS.zipRatioMax} times: refused as a zip bomb.`,
  zipUnsafePath: (name: string) => `The zip entry "${name}" has an unsafe path: refused.`,
  badFolderLine: (line: number) => `Line ${line} of the folder bundle is not {"path","content"}.`,
  fileChanged: 'The file is not the one previewed. Preview it again before importing.',
  gistId: 'Give a gist as its URL (https://gist.github.com/user/ID) or its ID.',
  gistNotFound: 'That gist was not found (or it is secret and not shared with this link).',
  gistUnavailable: 'GitHub could not be reached to read the gist. Please try again.',
  nothingToImport: 'Nothing in this file can be imported.',
} as const;

/** Query of both calls; the body is the file itself (empty for a gist given by URL). */
export const importSourceQuerySchema = z.object({
  source: importSourceSchema.default('auto'),
  /** The file's name (a zip, .json, .ndjson), used to tell its kind and in titles. */
  filename: z.string().max(255).optional(),
  /** A gist's URL or id, fetched by the service instead of a file. */
  gist: z.string().max(300).optional(),
  /** run: the fileHash of the preview, so a different file is refused (409). */
  expect: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});
export type ImportSourceQuery = z.output<typeof importSourceQuerySchema>;

export const previewItemSchema = z.object({
  /** Position in the file's order (the run reports by it). */
  index: z.number().int(),
  title: z.string(),
  type: artifactTypeSchema,
  /** Characters of content. */
  size: z.number().int(),
  /** sha256 of the content (hex). */
  hash: z.string(),
  /** Where it came from: the conversation, the gist or the file path. */
  origin: z.string(),
  /** 'existing': the same content is already in the vault; 'import': earlier in this file. */
  duplicate: z.enum(['existing', 'import']).nullable(),
  /** Why it cannot be imported (nothing of it will be written). */
  error: z.string().nullable(),
  /** Something to know about an importable item (an update that could not be applied). */
  note: z.string().nullable(),
});
export type PreviewItem = z.infer<typeof previewItemSchema>;

export const importSourcePreviewSchema = z.object({
  /** The source as read (auto resolved). */
  source: importSourceSchema,
  /** sha256 of the uploaded bytes: pass it to run as `expect`. */
  fileHash: z.string(),
  items: z.array(previewItemSchema),
  counts: z.object({
    total: z.number().int(),
    importable: z.number().int(),
    duplicates: z.number().int(),
    errors: z.number().int(),
  }),
});
export type ImportSourcePreview = z.infer<typeof importSourcePreviewSchema>;

export const importReportSchema = z.object({
  imported: z.number().int(),
  skippedDuplicates: z.number().int(),
  failed: z.number().int(),
  /** The first IMPORT_SOURCE_LIMITS.reportFailuresMax failures with their reasons. */
  failures: z.array(z.object({ index: z.number().int(), title: z.string(), reason: z.string() })),
  /** The new artifacts' ids, in file order. */
  ids: z.array(z.string()),
  durationMs: z.number(),
  /** Of durationMs, the time spent in the database's writes. */
  writeMs: z.number(),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/**
 * The run's answer is NDJSON: `{"progress":{"done","total"}}` lines as batches land, then one
 * `{"report":{...}}` line. A stream that ends without the report was cut short.
 */
export const importRunLineSchema = z.union([
  z.object({ progress: z.object({ done: z.number().int(), total: z.number().int() }) }),
  z.object({ report: importReportSchema }),
]);
export type ImportRunLine = z.infer<typeof importRunLineSchema>;
