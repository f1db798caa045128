import { Injectable } from '@nestjs/common';
import { type ArtifactSummary, type AuthUser } from '@core-vault/contracts';
import { OutboxRelayService } from '@core-vault/platform';
import { canManage } from '../../artifacts/artifact-access';
import { ArtifactEvents } from '../../artifacts/artifact-events';
import { isArtifactId } from '../../artifacts/artifact-state';
import { toSummary } from '../../artifacts/artifact-views';
import { TrashException } from '../trash.exception';
import { restoreDecision } from '../trash-rules';
import { TrashRepository } from '../trash.repository';

/**
 * Back from the trash exactly as it went in: versions, tags, collections, public state and counts
 * never left. No plan limit is checked again: plans hold unlimited artifacts (libs/contracts
 * billing/plans.ts), and the trash never counted as fewer. Someone else's artifact answers as one
 * that is not in the trash (nothing told about it).
 */
@Injectable()
export class RestoreFromTrash {
  constructor(
    private readonly trash: TrashRepository,
    private readonly events: ArtifactEvents,
    private readonly relay: OutboxRelayService,
  ) {}

  async execute(user: AuthUser, id: string, now = new Date()): Promise<ArtifactSummary> {
    const doc = isArtifactId(id) ? await this.trash.findTrashed(id) : null;
    if (!doc || !canManage(user, doc.owner)) throw TrashException.notInTrash();
    const decision = restoreDecision(doc, now);
    if (decision === 'expired') throw TrashException.expired();
    if (decision === 'not-in-trash') throw TrashException.notInTrash();
    const restored = await this.trash.restore(doc._id, doc.rev, now, [this.events.trashChanged(doc, false)]);
    if (!restored) throw TrashException.conflict();
    this.relay.nudge();
    return toSummary(restored);
  }
}
