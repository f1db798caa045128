import { Injectable } from '@nestjs/common';
import { ArtifactsRepository } from '../../../artifacts/artifacts.repository';
import { type SearchSource, toSearchDocument } from '../../search-document';
import { SearchIndexAdmin } from '../../search-index.admin';
import { ArtifactSearchRepository } from '../../search.repository';
import { RebuildSearchIndexCommand } from './rebuild-search-index.command';

export interface RebuildReport {
  /** The new live index. */
  index: string;
  /** Artifacts bulk-loaded from MongoDB. */
  indexed: number;
  /** Changes during the load applied again after the alias moved (deletions included). */
  caughtUp: number;
  /** The indexes the alias pointed at before (now dropped). */
  replaced: string[];
}

/**
 * How far the catch-up reaches back before the load started: updatedAt is each writer's clock,
 * so instances a little out of step still have their writes during the load re-applied.
 */
const CLOCK_SLACK_MS = 60_000;

/**
 * Rebuilds the search read model from MongoDB, the source of truth: a fresh concrete index is
 * filled in batches (one cursor, bounded memory), the alias moves to it atomically, and whatever
 * changed while loading is applied again on top — external versions make every write of an
 * older state a no-op, so racing the live consumer is harmless. The old index is dropped last;
 * on failure before the swap the new one is dropped and the old one keeps serving.
 */
@Injectable()
export class RebuildSearchIndex {
  constructor(
    private readonly artifacts: ArtifactsRepository,
    private readonly search: ArtifactSearchRepository,
    private readonly admin: SearchIndexAdmin,
  ) {}

  async execute(command: RebuildSearchIndexCommand): Promise<RebuildReport> {
    const loadStarted = new Date(Date.now() - CLOCK_SLACK_MS);
    const index = await this.admin.createIndex();
    let replaced: string[];
    try {
      const indexed = await this.fill(index, command.batchSize, command.onProgress);
      await this.admin.refresh(index);
      replaced = await this.admin.pointAliasAt(index);
      const caughtUp = await this.catchUp(index, loadStarted, command.batchSize);
      for (const old of replaced) await this.admin.dropIndex(old);
      await this.admin.refresh(index);
      return { index, indexed, caughtUp, replaced };
    } catch (err) {
      // Only while nothing points at it: after the swap it is the live index.
      if ((await this.admin.liveIndex().catch(() => null)) !== index)
        await this.admin.dropIndex(index).catch(() => undefined);
      throw err;
    }
  }

  /** Every live artifact into `index`, a batch at a time; returns how many. */
  async fill(
    index: string,
    batchSize: number,
    onProgress: (indexed: number) => void = () => {},
  ): Promise<number> {
    let indexed = 0;
    for await (const batch of this.artifacts.streamForSearch(batchSize)) {
      await this.search.bulkUpsert(index, batch.map(toSearchDocument));
      indexed += batch.length;
      onProgress(indexed);
    }
    return indexed;
  }

  private async catchUp(index: string, since: Date, batchSize: number): Promise<number> {
    let applied = 0;
    for await (const batch of this.artifacts.streamForSearch(batchSize, since)) {
      const [live, deleted] = partition(batch, (doc) => !doc.deletedAt);
      await this.search.bulkUpsert(index, live.map(toSearchDocument));
      for (const doc of deleted) await this.search.remove(doc._id, doc.rev);
      applied += batch.length;
    }
    return applied;
  }
}

function partition(
  docs: readonly SearchSource[],
  test: (doc: SearchSource) => boolean,
): [SearchSource[], SearchSource[]] {
  return [docs.filter(test), docs.filter((doc) => !test(doc))];
}
