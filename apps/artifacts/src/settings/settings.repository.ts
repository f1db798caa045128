import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { ARTIFACT_SETTINGS_MODEL, type ArtifactSettingsDoc } from './settings.schema';

/** The only place that touches artifact_settings. */
@Injectable()
export class SettingsRepository {
  constructor(@InjectModel(ARTIFACT_SETTINGS_MODEL) private readonly model: Model<ArtifactSettingsDoc>) {}

  /** Whether the owner allows search-engine indexing (false when they never said). */
  async allowsIndexing(owner: string): Promise<boolean> {
    const doc = await this.model.findById(owner, { allowIndexing: 1 }).lean<ArtifactSettingsDoc>().exec();
    return doc?.allowIndexing ?? false;
  }

  async saveAllowIndexing(owner: string, allowIndexing: boolean, at: Date): Promise<void> {
    await this.model
      .updateOne({ _id: owner }, { $set: { allowIndexing, updatedAt: at } }, { upsert: true })
      .exec();
  }
}
