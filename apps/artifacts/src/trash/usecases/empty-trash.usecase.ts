import { Injectable } from '@nestjs/common';
import { type AuthUser } from '@core-vault/contracts';
import { ownerIds } from '../../artifacts/artifact-access';
import { TrashRepository } from '../trash.repository';
import { PurgeDueArtifacts } from './purge-due-artifacts.usecase';

/**
 * "Empty trash": everything in the owner's trash, due now, then purged. The count is what was in
 * the trash when it was emptied: the purge job may purge some of those due artifacts before this
 * request's own purge reaches them, so counting the purge would say less than was deleted.
 */
@Injectable()
export class EmptyTrash {
  constructor(
    private readonly trash: TrashRepository,
    private readonly purgeDue: PurgeDueArtifacts,
  ) {}

  async execute(user: AuthUser, now = new Date()): Promise<{ deleted: number }> {
    const owners = ownerIds(user);
    const deleted = await this.trash.makeDue({ owners }, now);
    await this.purgeDue.execute(now, owners);
    return { deleted };
  }
}
