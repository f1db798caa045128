import { Inject, Injectable } from '@nestjs/common';
import { type AuthUser } from '@core-vault/contracts';
import { APP_CONFIG, OutboxRelayService } from '@core-vault/platform';
import { type ArtifactsConfig } from '../../config';
import { ArtifactEvents } from '../../artifacts/artifact-events';
import { ArtifactsService } from '../../artifacts/artifacts.service';
import { PublicArtifactCache } from '../../artifacts/public-cache';
import { TrashException } from '../trash.exception';
import { purgeAtFor } from '../trash-rules';
import { TrashRepository } from '../trash.repository';

/**
 * "Delete" (one card, or bulk): the artifact moves to the trash for TRASH_RETENTION_MS with
 * everything it has; only its reads stop (404 'Artifact not found', as a deleted one answered
 * before the trash). Versions, collection entries and counts stay for a restore; the purge job
 * deletes them with it later.
 */
@Injectable()
export class MoveToTrash {
  constructor(
    private readonly access: ArtifactsService,
    private readonly trash: TrashRepository,
    private readonly events: ArtifactEvents,
    private readonly cache: PublicArtifactCache,
    private readonly relay: OutboxRelayService,
    @Inject(APP_CONFIG) private readonly config: Pick<ArtifactsConfig, 'TRASH_RETENTION_MS'>,
  ) {}

  async execute(user: AuthUser, id: string, now = new Date()): Promise<void> {
    const doc = await this.access.loadManageable(user, id);
    const purgeAt = purgeAtFor(now, this.config.TRASH_RETENTION_MS);
    const trashed = await this.trash.moveToTrash(doc._id, doc.rev, now, purgeAt, [
      this.events.trashChanged(doc, true),
    ]);
    if (!trashed) throw TrashException.conflict();
    // A public read cached before must not answer after the move.
    await this.cache.invalidate(doc._id, trashed.rev);
    this.relay.nudge();
  }
}
