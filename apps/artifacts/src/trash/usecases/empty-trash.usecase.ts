import { Injectable } from '@nestjs/common';
import { type AuthUser } from '@core-vault/contracts';
import { ownerIds } from '../../artifacts/artifact-access';
import { TrashRepository } from '../trash.repository';
import { PurgeDueArtifacts } from './purge-due-artifacts.usecase';

/** "Empty trash": everything in the owner's trash, due now, then purged. */
@Injectable()
export class EmptyTrash {
  constructor(
    private readonly trash: TrashRepository,
    private readonly purgeDue: PurgeDueArtifacts,
  ) {}

  async execute(user: AuthUser, now = new Date()): Promise<{ deleted: number }> {
    const owners = ownerIds(user);
    await this.trash.makeDue({ owners }, now);
    return { deleted: await this.purgeDue.execute(now, owners) };
  }
}
