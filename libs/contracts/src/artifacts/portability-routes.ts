import { type ApiRoute, defineRoute } from '../http/route';
import { ARTIFACT_MESSAGES as M } from './artifact-limits';
import * as d from './portability-dto';
import * as s from './import-sources-dto';

export * from './portability-dto';
export * from './import-sources-dto';
export * from './portability-batches';

const tag = 'artifacts';
const base = '/api/v1/artifacts';

/** Export and import of the caller's artifacts with their history (docs/reference/artifacts.md). */
export const portabilityRoute = {
  exportMine: defineRoute({
    id: 'exportMyArtifacts',
    method: 'GET',
    path: `${base}/export`,
    summary:
      'Every artifact of the caller (and of their migrated-from id) with description, collections and every kept version, streamed as NDJSON: one artifact per line, then a trailer line {"end":{"count","totalViews"}} (no trailer: the stream was cut short). The X-Export-Total header, sent before the first line, gives the number of artifacts (progress)',
    tag,
    access: 'user',
    // Each line is one of these (the last is the trailer, exportTrailerSchema).
    response: d.exportedArtifactSchema,
    responseMediaType: 'application/x-ndjson',
  }),
  importMine: defineRoute({
    id: 'importArtifacts',
    method: 'POST',
    path: `${base}/import`,
    summary: `Restore exported artifacts with their history into the caller's account (new ids; up to ${d.PORTABILITY_LIMITS.importRequestMaxArtifacts} artifacts and ${d.PORTABILITY_LIMITS.importRequestMaxBytes} bytes per request; each artifact with its versions lands whole or not at all)`,
    tag,
    access: { feature: 'basic_upload' },
    body: d.importArtifactsBodySchema,
    response: d.importArtifactsResultSchema,
    errors: {
      400: 'The file is not a valid export: the message names the artifact and the field',
      413: M.contentTooLarge,
    },
  }),
  previewSourceImport: defineRoute({
    id: 'previewSourceImport',
    method: 'POST',
    path: `${base}/import-sources/preview`,
    summary:
      "What a Claude or ChatGPT data export, a GitHub gist, a folder bundle or a zip of files would import, with duplicates (by content hash, against the caller's artifacts and within the file) and errors per item; nothing is written. Body: the file's bytes as application/octet-stream (or none with ?gist=)",
    tag,
    access: { feature: 'basic_upload' },
    query: s.importSourceQuerySchema,
    response: s.importSourcePreviewSchema,
    errors: {
      400: 'The file cannot be read as the source named: the message says why',
      404: s.IMPORT_SOURCE_MESSAGES.gistNotFound,
      413: s.IMPORT_SOURCE_MESSAGES.tooLarge,
      502: s.IMPORT_SOURCE_MESSAGES.gistUnavailable,
    },
  }),
  runSourceImport: defineRoute({
    id: 'runSourceImport',
    method: 'POST',
    path: `${base}/import-sources/run`,
    summary:
      'Imports what the preview listed (the same file again; duplicates and errors skipped), as NDJSON: {"progress":{"done","total"}} lines as batches land, then {"report":{...}} (no report: cut short). The whole file is checked before the first write',
    tag,
    access: { feature: 'basic_upload' },
    query: s.importSourceQuerySchema,
    response: s.importRunLineSchema,
    responseMediaType: 'application/x-ndjson',
    errors: {
      400: 'The file cannot be read as the source named: nothing was written',
      409: s.IMPORT_SOURCE_MESSAGES.fileChanged,
      404: s.IMPORT_SOURCE_MESSAGES.gistNotFound,
      413: s.IMPORT_SOURCE_MESSAGES.tooLarge,
      502: s.IMPORT_SOURCE_MESSAGES.gistUnavailable,
    },
  }),
} as const;

export const portabilityRoutes: readonly ApiRoute[] = Object.values(portabilityRoute);
