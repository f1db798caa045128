import { countMatching } from '@core-vault/platform';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { COLLECTION_MODEL, type CollectionDoc } from './collection.schema';

/** The only place that touches the collections collection. */
@Injectable()
export class CollectionsRepository {
  constructor(@InjectModel(COLLECTION_MODEL) private readonly model: Model<CollectionDoc>) {}

  async insert(doc: CollectionDoc): Promise<void> {
    await this.model.create(doc);
  }

  countFor(owners: readonly string[]): Promise<number> {
    return countMatching(this.model, { owner: { $in: owners } });
  }

  listFor(owners: readonly string[]): Promise<CollectionDoc[]> {
    return this.model
      .find({ owner: { $in: owners } })
      .sort({ createdAt: -1, _id: 1 })
      .lean<CollectionDoc[]>()
      .exec();
  }

  findOwned(id: string, owners: readonly string[]): Promise<CollectionDoc | null> {
    return this.model
      .findOne({ _id: id, owner: { $in: owners } })
      .lean<CollectionDoc>()
      .exec();
  }

  rename(id: string, owners: readonly string[], name: string): Promise<CollectionDoc | null> {
    return this.model
      .findOneAndUpdate(
        { _id: id, owner: { $in: owners } },
        { $set: { name, updatedAt: new Date() } },
        { new: true },
      )
      .lean<CollectionDoc>()
      .exec();
  }

  async remove(id: string, owners: readonly string[]): Promise<boolean> {
    return (await this.model.deleteOne({ _id: id, owner: { $in: owners } }).exec()).deletedCount === 1;
  }

  /**
   * Adds once ($addToSet) and only while under the cap: the size check is part of the filter,
   * so two concurrent adds cannot overfill it.
   */
  addArtifact(
    id: string,
    owners: readonly string[],
    artifactId: string,
    max: number,
  ): Promise<CollectionDoc | null> {
    return this.model
      .findOneAndUpdate(
        { _id: id, owner: { $in: owners }, [`artifactIds.${max - 1}`]: { $exists: false } },
        { $addToSet: { artifactIds: artifactId }, $set: { updatedAt: new Date() } },
        { new: true },
      )
      .lean<CollectionDoc>()
      .exec();
  }

  removeArtifact(id: string, owners: readonly string[], artifactId: string): Promise<CollectionDoc | null> {
    return this.model
      .findOneAndUpdate(
        { _id: id, owner: { $in: owners } },
        { $pull: { artifactIds: artifactId }, $set: { updatedAt: new Date() } },
        { new: true },
      )
      .lean<CollectionDoc>()
      .exec();
  }

  async pullArtifact(artifactId: string): Promise<void> {
    await this.model.updateMany({ artifactIds: artifactId }, { $pull: { artifactIds: artifactId } }).exec();
  }
}
