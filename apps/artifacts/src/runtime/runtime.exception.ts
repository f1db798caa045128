import { RUNTIME_MESSAGES as R } from '@core-vault/contracts';
import { AppException } from '@core-vault/platform';

/** Errors of the artifact runtime (storage and AI calls): stable codes, user-facing messages. */
export class RuntimeException extends AppException {
  static keyInvalid(rule: string): RuntimeException {
    return new RuntimeException(400, 'STORAGE_KEY_INVALID', rule);
  }
  static keyNotFound(): RuntimeException {
    return new RuntimeException(404, 'STORAGE_KEY_NOT_FOUND', R.keyNotFound);
  }
  static signInRequired(): RuntimeException {
    return new RuntimeException(401, 'STORAGE_SIGN_IN_REQUIRED', R.signInRequired);
  }
  static anonymousWritesOff(): RuntimeException {
    return new RuntimeException(403, 'STORAGE_ANONYMOUS_WRITES_OFF', R.anonymousWritesOff);
  }
  static valueTooLarge(): RuntimeException {
    return new RuntimeException(413, 'STORAGE_VALUE_TOO_LARGE', R.valueTooLarge);
  }
  static quotaExceeded(): RuntimeException {
    return new RuntimeException(413, 'STORAGE_QUOTA_EXCEEDED', R.quotaExceeded);
  }
  static rateLimited(seconds: number): RuntimeException {
    return new RuntimeException(429, 'RATE_LIMITED', R.rateLimited(seconds), { retryAfterSeconds: seconds });
  }
  static aiNotConfigured(): RuntimeException {
    return new RuntimeException(503, 'AI_NOT_CONFIGURED', R.aiNotConfigured);
  }
  static aiCallsOff(): RuntimeException {
    return new RuntimeException(403, 'AI_CALLS_OFF', R.aiCallsOff);
  }
  static aiQuota(which: 'viewer' | 'artifact', retryAfterSeconds: number): RuntimeException {
    const message = which === 'viewer' ? R.aiQuotaViewer : R.aiQuotaArtifact;
    return new RuntimeException(429, 'AI_QUOTA_EXCEEDED', message, { retryAfterSeconds });
  }
  static aiProviderFailed(): RuntimeException {
    return new RuntimeException(502, 'AI_PROVIDER_FAILED', R.aiProviderFailed);
  }
}
