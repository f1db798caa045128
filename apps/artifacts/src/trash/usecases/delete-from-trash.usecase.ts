import { Injectable } from '@nestjs/common';
import { type AuthUser } from '@core-vault/contracts';
import { canManage } from '../../artifacts/artifact-access';
import { isArtifactId } from '../../artifacts/artifact-state';
import { TrashException } from '../trash.exception';
import { TrashRepository } from '../trash.repository';
import { PurgeArtifact } from './purge-artifact.usecase';

/** "Delete forever" of one artifact in the owner's trash: due now, then purged. */
@Injectable()
export class DeleteFromTrash {
  constructor(
    private readonly trash: TrashRepository,
    private readonly purge: PurgeArtifact,
  ) {}

  async execute(user: AuthUser, id: string, now = new Date()): Promise<void> {
    const doc = isArtifactId(id) ? await this.trash.findTrashed(id) : null;
    if (!doc || !canManage(user, doc.owner)) throw TrashException.notInTrash();
    await this.trash.makeDue({ id: doc._id }, now);
    await this.purge.execute(doc._id, now);
  }
}
