import { IMPORT_SOURCE_MESSAGES as M } from '@core-vault/contracts';
import { AppException } from '@core-vault/platform';

/** Errors of imports from other sources: a bad file as a whole is a 4xx, nothing written. */
export class ImportSourceException extends AppException {
  static noFile(): ImportSourceException {
    return new ImportSourceException(400, 'IMPORT_NO_FILE', M.noFile);
  }
  static tooLarge(): ImportSourceException {
    return new ImportSourceException(413, 'IMPORT_TOO_LARGE', M.tooLarge);
  }
  /** The file cannot be read as the source it says it is (JSON, zip, shape, limits). */
  static unreadable(message: string): ImportSourceException {
    return new ImportSourceException(400, 'IMPORT_UNREADABLE', message);
  }
  static fileChanged(): ImportSourceException {
    return new ImportSourceException(409, 'IMPORT_FILE_CHANGED', M.fileChanged);
  }
  static gistId(): ImportSourceException {
    return new ImportSourceException(400, 'IMPORT_GIST_ID', M.gistId);
  }
  static gistNotFound(): ImportSourceException {
    return new ImportSourceException(404, 'IMPORT_GIST_NOT_FOUND', M.gistNotFound);
  }
  static gistUnavailable(): ImportSourceException {
    return new ImportSourceException(502, 'IMPORT_GIST_UNAVAILABLE', M.gistUnavailable);
  }
}
