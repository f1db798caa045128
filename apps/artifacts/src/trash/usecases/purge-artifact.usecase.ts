import { Injectable } from '@nestjs/common';
import { OutboxRelayService } from '@core-vault/platform';
import { CollectionsRepository } from '../../collections/collections.repository';
import { ArtifactEvents } from '../../artifacts/artifact-events';
import { VersionsRepository } from '../../artifacts/versions.repository';
import { restoreDecision } from '../trash-rules';
import { TrashRepository } from '../trash.repository';

/**
 * Deletes one artifact of the trash for good, once it is due: its versions and collection entries
 * first (idempotent), then the artifact's content with the artifact-deleted event in one write —
 * the event the delete always sent, so analytics, search, thumbnails and runtime data clean up as
 * before. A crash between the steps leaves it due, and the next run repeats them; a second run
 * finds it no longer due and sends nothing.
 */
@Injectable()
export class PurgeArtifact {
  constructor(
    private readonly trash: TrashRepository,
    private readonly versions: VersionsRepository,
    private readonly collections: CollectionsRepository,
    private readonly events: ArtifactEvents,
    private readonly relay: OutboxRelayService,
  ) {}

  /** True when this call purged it. */
  async execute(id: string, now: Date): Promise<boolean> {
    const doc = await this.trash.findTrashed(id);
    // Restorable ones are never touched: the restore would bring them back without versions.
    if (!doc || restoreDecision(doc, now) !== 'expired') return false;
    await this.versions.removeAll(doc._id);
    await this.collections.pullArtifact(doc._id);
    const purged = await this.trash.completePurge(doc._id, now, [this.events.deleted(doc)]);
    if (purged) this.relay.nudge();
    return purged !== null;
  }
}
