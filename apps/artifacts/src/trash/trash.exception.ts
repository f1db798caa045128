import { ARTIFACT_MESSAGES as M, TRASH_MESSAGES as T } from '@core-vault/contracts';
import { AppException } from '@core-vault/platform';

/** Errors of the trash and bulk actions: stable codes, user-facing messages. */
export class TrashException extends AppException {
  static notInTrash(): TrashException {
    return new TrashException(404, 'NOT_IN_TRASH', T.notInTrash);
  }
  /** Its 30 days are over: the purge job is deleting it; it will not come back. */
  static expired(): TrashException {
    return new TrashException(409, 'TRASH_EXPIRED', T.expired);
  }
  static conflict(): TrashException {
    return new TrashException(409, 'ARTIFACT_CHANGED', M.conflict);
  }
}
