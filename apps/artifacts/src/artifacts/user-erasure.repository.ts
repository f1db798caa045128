import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model } from 'mongoose';
import { COLLECTION_MODEL, type CollectionDoc } from '../collections/collection.schema';
import { ARTIFACT_SETTINGS_MODEL, type ArtifactSettingsDoc } from '../settings/settings.schema';
import {
  ARTIFACT_MODEL,
  ARTIFACT_VERSION_MODEL,
  type ArtifactDoc,
  type ArtifactVersionDoc,
} from './artifact.schema';

/** What the artifacts service holds of one owner: every artifact (live or tombstone), with its rev. */
export interface OwnedArtifact {
  _id: string;
  rev: number;
}

/**
 * Account erasure's writes in the artifacts database. Hard deletes, not the soft delete of a
 * single artifact: a tombstone keeps the owner id and title, which an erased account must not leave.
 */
@Injectable()
export class UserErasureRepository {
  constructor(
    @InjectModel(ARTIFACT_MODEL) private readonly artifacts: Model<ArtifactDoc>,
    @InjectModel(ARTIFACT_VERSION_MODEL) private readonly versions: Model<ArtifactVersionDoc>,
    @InjectModel(COLLECTION_MODEL) private readonly collections: Model<CollectionDoc>,
    @InjectModel(ARTIFACT_SETTINGS_MODEL) private readonly settings: Model<ArtifactSettingsDoc>,
  ) {}

  owned(ownerId: string): Promise<OwnedArtifact[]> {
    return this.artifacts.find({ owner: ownerId }, { _id: 1, rev: 1 }).lean<OwnedArtifact[]>().exec();
  }

  /**
   * Versions first, then collections and settings, then the artifacts (their activity lists are
   * inside them): a retry after a crash finds the ids again.
   */
  async erase(ownerId: string, artifactIds: readonly string[]): Promise<void> {
    await this.versions.deleteMany({ artifactId: { $in: artifactIds } }).exec();
    await this.collections.deleteMany({ owner: ownerId }).exec();
    await this.settings.deleteMany({ _id: ownerId }).exec();
    await this.artifacts.deleteMany({ owner: ownerId }).exec();
  }
}
