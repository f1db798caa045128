import { ARTIFACT_MESSAGES as M } from '@core-vault/contracts';
import { AppException } from '@core-vault/platform';

/** Errors of the artifacts context: stable codes, the spec's messages. */
export class ArtifactException extends AppException {
  static notFound(): ArtifactException {
    return new ArtifactException(404, 'ARTIFACT_NOT_FOUND', M.notFound);
  }
  static private(): ArtifactException {
    return new ArtifactException(403, 'ARTIFACT_PRIVATE', M.private);
  }
  static notOwner(): ArtifactException {
    return new ArtifactException(403, 'NOT_ARTIFACT_OWNER', M.notOwner);
  }
  static conflict(): ArtifactException {
    return new ArtifactException(409, 'ARTIFACT_CHANGED', M.conflict);
  }
  /** The edit started from an older revision: saved elsewhere since (another tab or device). */
  static editConflict(): ArtifactException {
    return new ArtifactException(409, 'ARTIFACT_EDIT_CONFLICT', M.editConflict);
  }
  static versionNotFound(): ArtifactException {
    return new ArtifactException(404, 'VERSION_NOT_FOUND', M.versionNotFound);
  }
  /** `publishVersions` on an artifact that stays private: versions are published with it. */
  static publishNeedsPublic(): ArtifactException {
    return new ArtifactException(400, 'PUBLISH_NEEDS_PUBLIC', M.publishNeedsPublic);
  }
  static versionIsCurrent(): ArtifactException {
    return new ArtifactException(409, 'VERSION_IS_CURRENT', M.versionIsCurrent);
  }
  static collectionNotFound(): ArtifactException {
    return new ArtifactException(404, 'COLLECTION_NOT_FOUND', M.collectionNotFound);
  }
  static collectionFull(): ArtifactException {
    return new ArtifactException(409, 'COLLECTION_FULL', M.collectionFull);
  }
  static tooManyCollections(): ArtifactException {
    return new ArtifactException(409, 'TOO_MANY_COLLECTIONS', M.tooManyCollections);
  }
  /** "Save a copy to my vault" on an artifact whose owner turned copies off. */
  static remixDisabled(): ArtifactException {
    return new ArtifactException(403, 'REMIX_DISABLED', M.remixDisabled);
  }
  /** "Save a copy to my vault" on one's own artifact. */
  static remixOwn(): ArtifactException {
    return new ArtifactException(409, 'REMIX_OWN_ARTIFACT', M.remixOwn);
  }
  /** The search engine is away or its index not there yet: retry in a moment. */
  static searchUnavailable(): ArtifactException {
    return new ArtifactException(503, 'SEARCH_UNAVAILABLE', M.searchUnavailable);
  }
}
