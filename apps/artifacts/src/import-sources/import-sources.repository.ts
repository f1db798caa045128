import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { ARTIFACT_MODEL, type ArtifactDoc } from '../artifacts/artifact.schema';

export const contentHash = (content: string): string => createHash('sha256').update(content).digest('hex');

/** Reads and writes of imports from other sources. */
@Injectable()
export class ImportSourcesRepository {
  constructor(@InjectModel(ARTIFACT_MODEL) private readonly artifacts: Model<ArtifactDoc>) {}

  /**
   * The content hashes of the owners' live artifacts, read through a cursor of small batches
   * (one batch of contents in memory; the set holds 64 hex characters per artifact). Index:
   * list_created's prefix (owner, deletedAt).
   */
  async contentHashes(owners: readonly string[]): Promise<Set<string>> {
    const hashes = new Set<string>();
    const cursor = this.artifacts
      .find({ owner: { $in: owners }, deletedAt: null }, { content: 1 })
      .lean<Pick<ArtifactDoc, '_id' | 'content'>[]>()
      .cursor({ batchSize: 50 });
    try {
      for await (const doc of cursor) hashes.add(contentHash(doc.content));
    } finally {
      await cursor.close();
    }
    return hashes;
  }

  /**
   * New artifacts (each with its created event in its outbox) in one write; returns the ids that
   * were stored. A failed batch is looked up: what landed stays (each artifact is whole on its
   * own), the rest is reported by the caller.
   */
  async insertArtifacts(docs: readonly ArtifactDoc[]): Promise<Set<string>> {
    try {
      await this.artifacts.insertMany(docs, { ordered: false, lean: true });
      return new Set(docs.map((d) => d._id));
    } catch {
      const stored = await this.artifacts
        .find({ _id: { $in: docs.map((d) => d._id) } }, { _id: 1 })
        .lean<Pick<ArtifactDoc, '_id'>[]>()
        .exec();
      return new Set(stored.map((d) => d._id));
    }
  }
}
