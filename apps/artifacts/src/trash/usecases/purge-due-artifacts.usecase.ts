import { Injectable } from '@nestjs/common';
import { TrashRepository } from '../trash.repository';
import { PurgeArtifact } from './purge-artifact.usecase';

const BATCH = 100;

/** The purge job's run: every artifact whose time in the trash is over (a batch at a time). */
@Injectable()
export class PurgeDueArtifacts {
  constructor(
    private readonly trash: TrashRepository,
    private readonly purge: PurgeArtifact,
  ) {}

  /** How many were deleted for good. */
  async execute(now: Date, owners?: readonly string[]): Promise<number> {
    let purged = 0;
    for (;;) {
      const due = await this.trash.findDue(now, BATCH, owners);
      let progress = 0;
      for (const { _id } of due) if (await this.purge.execute(_id, now)) progress++;
      purged += progress;
      // A batch that purged nothing (another run took them) ends the run: nothing is left behind
      // that the next run would not find again.
      if (due.length < BATCH || progress === 0) return purged;
    }
  }
}
