import { THUMBNAIL_MESSAGES } from '@core-vault/contracts';
import { AppException } from '@core-vault/platform';

/** Errors of the thumbnail reads: stable codes the SPA tells apart (pending: ask again later). */
export class ThumbnailException extends AppException {
  static pending(): ThumbnailException {
    return new ThumbnailException(404, 'THUMBNAIL_PENDING', THUMBNAIL_MESSAGES.pending);
  }
  static unavailable(): ThumbnailException {
    return new ThumbnailException(404, 'THUMBNAIL_UNAVAILABLE', THUMBNAIL_MESSAGES.unavailable);
  }
}
