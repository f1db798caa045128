import { Injectable } from '@nestjs/common';
import { Topic } from '@core-vault/contracts';
import { type OutboxEntry, contextEvents } from '@core-vault/platform';
import { type ArtifactDoc } from './artifact.schema';

export type ChangedField = 'title' | 'description' | 'content' | 'tags' | 'type' | 'isPublic';

/**
 * Builds the context's events (validated against the catalog), keyed by artifact id, through the
 * artifacts context's factory: artifacts.* topics only.
 */
@Injectable()
export class ArtifactEvents {
  private readonly factory = contextEvents('artifacts');

  created(doc: ArtifactDoc): OutboxEntry {
    return this.factory.create(
      Topic.ArtifactCreated,
      {
        artifactId: doc._id,
        ownerId: doc.owner,
        title: doc.title,
        type: doc.type,
        isPublic: doc.isPublic,
        size: doc.content.length,
        ...(doc.remixedFrom ? { remixedFrom: doc.remixedFrom.artifactId } : {}),
      },
      { key: doc._id },
    );
  }

  updated(doc: Pick<ArtifactDoc, '_id' | 'owner'>, changed: ChangedField[], version: number): OutboxEntry {
    return this.factory.create(
      Topic.ArtifactUpdated,
      { artifactId: doc._id, ownerId: doc.owner, changed, version },
      { key: doc._id },
    );
  }

  visibilityChanged(doc: Pick<ArtifactDoc, '_id' | 'owner'>, isPublic: boolean): OutboxEntry {
    return this.factory.create(
      Topic.ArtifactVisibilityChanged,
      { artifactId: doc._id, ownerId: doc.owner, isPublic },
      { key: doc._id },
    );
  }

  /** Into the trash (true) or back from it (false); the purge later sends `deleted`. */
  trashChanged(doc: Pick<ArtifactDoc, '_id' | 'owner'>, inTrash: boolean): OutboxEntry {
    return this.factory.create(
      Topic.ArtifactTrashChanged,
      { artifactId: doc._id, ownerId: doc.owner, inTrash },
      { key: doc._id },
    );
  }

  deleted(doc: Pick<ArtifactDoc, '_id' | 'owner'>): OutboxEntry {
    return this.factory.create(
      Topic.ArtifactDeleted,
      { artifactId: doc._id, ownerId: doc.owner },
      { key: doc._id },
    );
  }

  downloaded(doc: Pick<ArtifactDoc, '_id' | 'owner'>): OutboxEntry {
    return this.factory.create(
      Topic.ArtifactDownloaded,
      { artifactId: doc._id, ownerId: doc.owner },
      { key: doc._id },
    );
  }

  shared(doc: Pick<ArtifactDoc, '_id' | 'owner'>, channel: 'link' | 'embed'): OutboxEntry {
    return this.factory.create(
      Topic.ArtifactShared,
      { artifactId: doc._id, ownerId: doc.owner, channel },
      { key: doc._id },
    );
  }
}
