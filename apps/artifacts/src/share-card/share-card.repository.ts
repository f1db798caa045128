import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model } from 'mongoose';
import {
  ARTIFACT_MODEL,
  ARTIFACT_VERSION_MODEL,
  type ArtifactDoc,
  type ArtifactVersionDoc,
} from '../artifacts/artifact.schema';

/** The fields a card is made of; nothing else of the artifact is read. */
export interface CardSource {
  title: string;
  type: string;
  description: string;
  isPublic: boolean;
  version: number;
  /** The versions anyone may read while it is public (absent before #32: version-visibility.ts). */
  publishedVersions?: number[];
}

type Stored = Pick<ArtifactDoc, 'title' | 'type' | 'isPublic' | 'version' | 'publishedVersions'> & {
  description?: string;
};

@Injectable()
export class ShareCardRepository {
  constructor(
    @InjectModel(ARTIFACT_MODEL) private readonly artifacts: Model<ArtifactDoc>,
    @InjectModel(ARTIFACT_VERSION_MODEL) private readonly versions: Model<ArtifactVersionDoc>,
  ) {}

  async findLive(id: string): Promise<CardSource | null> {
    const doc = await this.artifacts
      .findOne(
        { _id: id, deletedAt: null },
        { title: 1, type: 1, description: 1, isPublic: 1, version: 1, publishedVersions: 1 },
      )
      .lean<Stored>()
      .exec();
    return doc ? { ...doc, description: doc.description ?? '' } : null;
  }

  /** The type of a kept earlier version (title and description stay the artifact's current ones). */
  async versionType(id: string, version: number): Promise<string | null> {
    const doc = await this.versions
      .findOne({ _id: `${id}:${version}` }, { type: 1 })
      .lean<Pick<ArtifactVersionDoc, 'type'>>()
      .exec();
    return doc?.type ?? null;
  }
}
