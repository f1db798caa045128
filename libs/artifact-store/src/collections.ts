/**
 * The artifacts context's collections in its database (`core_vault_artifacts`). The artifacts
 * service owns and writes them; its worker, the thumbnailer, reads the first two and writes the
 * third. One list, so neither side can spell a name the other does not.
 */
export const ARTIFACT_COLLECTIONS = {
  /** One document per artifact: its current version and everything about it (ArtifactDoc). */
  artifacts: 'artifacts',
  /** Earlier versions, `_id` `${artifactId}:${version}` (ArtifactVersionDoc). */
  versions: 'artifact_versions',
  /** Pictures of versions, `_id` `${artifactId}:${version}` (ArtifactThumbnailDoc). */
  thumbnails: 'artifact_thumbnails',
} as const;
