import { Injectable } from '@nestjs/common';
import {
  type AuthUser,
  type BulkArtifactsBody,
  type BulkArtifactsResult,
  type BulkItemResult,
} from '@core-vault/contracts';
import { AppException } from '@core-vault/platform';
import { ownerIds } from '../../artifacts/artifact-access';
import { ArtifactEditsService } from '../../artifacts/artifact-edits.service';
import { isArtifactId } from '../../artifacts/artifact-state';
import { ArtifactException } from '../../artifacts/artifacts.exception';
import { CollectionsRepository } from '../../collections/collections.repository';
import { CollectionsService } from '../../collections/collections.service';
import { MoveToTrash } from './move-to-trash.usecase';

const UNEXPECTED = { status: 500, code: 'INTERNAL_ERROR', message: 'Something went wrong. Try again.' };

/**
 * One action over several of the caller's artifacts. Each id goes through the very call a single
 * change makes (same checks, same events, one single-document write), so each is done entirely or
 * not at all, and fails on its own: someone else's id answers as the single call would (403 or
 * 404) and changes nothing. A missing collection refuses the whole request before anything runs.
 */
@Injectable()
export class BulkChangeArtifacts {
  constructor(
    private readonly edits: ArtifactEditsService,
    private readonly collections: CollectionsService,
    private readonly collectionsRepo: CollectionsRepository,
    private readonly moveToTrash: MoveToTrash,
  ) {}

  async execute(user: AuthUser, body: BulkArtifactsBody): Promise<BulkArtifactsResult> {
    const collectionId = body.collectionId ?? '';
    if (body.action === 'add-to-collection') {
      const found = isArtifactId(collectionId)
        ? await this.collectionsRepo.findOwned(collectionId, ownerIds(user))
        : null;
      if (!found) throw ArtifactException.collectionNotFound();
    }
    const results: BulkItemResult[] = [];
    for (const id of new Set(body.ids)) {
      try {
        await this.apply(user, body.action, id, collectionId);
        results.push({ id, ok: true });
      } catch (err) {
        if (!(err instanceof AppException) || err.getStatus() >= 500) {
          results.push({ id, ok: false, ...UNEXPECTED });
          continue;
        }
        results.push({ id, ok: false, status: err.getStatus(), code: err.code, message: err.message });
      }
    }
    const succeeded = results.filter((r) => r.ok).length;
    return { action: body.action, results, succeeded, failed: results.length - succeeded };
  }

  private async apply(
    user: AuthUser,
    action: BulkArtifactsBody['action'],
    id: string,
    collectionId: string,
  ): Promise<void> {
    switch (action) {
      case 'make-public':
      case 'make-private':
        await this.edits.update(user, id, { isPublic: action === 'make-public' });
        return;
      case 'add-to-collection':
        await this.collections.addArtifact(user, collectionId, id);
        return;
      case 'move-to-trash':
        await this.moveToTrash.execute(user, id);
        return;
    }
  }
}
