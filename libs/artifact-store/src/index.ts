/**
 * The artifacts context's persistence shapes, shared by the artifacts service and its worker, the
 * thumbnailer (docs/reference/thumbnails.md): collection names, document types, and the schema of
 * the one collection both write or read through mongoose (artifact_thumbnails). Queries stay in
 * each app's repositories.
 */
export * from './collections';
export * from './artifact.doc';
export * from './artifact-thumbnail.schema';
