import { Injectable } from '@nestjs/common';
import { type AuthUser, TRASH_RETENTION_DAYS, type TrashList } from '@core-vault/contracts';
import { ownerIds } from '../../artifacts/artifact-access';
import { toSummary } from '../../artifacts/artifact-views';
import { daysLeft } from '../trash-rules';
import { TrashRepository } from '../trash.repository';

/** The trash view shows this many, most recently deleted first (`total` says how many there are). */
export const TRASH_LIST_MAX = 500;

@Injectable()
export class ListTrash {
  constructor(private readonly trash: TrashRepository) {}

  async execute(user: AuthUser, now = new Date()): Promise<TrashList> {
    const owners = ownerIds(user);
    const [docs, total] = await Promise.all([
      this.trash.list(owners, TRASH_LIST_MAX),
      this.trash.count(owners),
    ]);
    return {
      artifacts: docs.map((doc) => ({
        ...toSummary(doc),
        deletedAt: new Date(doc.deletedAt).toISOString(),
        purgeAt: new Date(doc.purgeAt).toISOString(),
        daysLeft: daysLeft(new Date(doc.purgeAt), now),
      })),
      total,
      retentionDays: TRASH_RETENTION_DAYS,
    };
  }
}
