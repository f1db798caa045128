import { AppException } from '@core-vault/platform';
import { AUTH_MESSAGES } from '@core-vault/contracts';

/** Errors of the identity context: stable codes, the spec's messages. */
export class IdentityException extends AppException {
  static validation(message: string): IdentityException {
    return new IdentityException(400, 'VALIDATION_FAILED', message);
  }

  static duplicateEmail(): IdentityException {
    return new IdentityException(409, 'DUPLICATE_EMAIL', AUTH_MESSAGES.duplicateEmail);
  }

  static invalidCredentials(): IdentityException {
    return new IdentityException(401, 'INVALID_CREDENTIALS', AUTH_MESSAGES.invalidCredentials);
  }

  static invalidCode(): IdentityException {
    return new IdentityException(401, 'INVALID_VERIFICATION_CODE', AUTH_MESSAGES.invalidCode);
  }

  static sessionExpired(): IdentityException {
    return new IdentityException(401, 'SESSION_EXPIRED', AUTH_MESSAGES.sessionExpired);
  }

  static unknownAccount(): IdentityException {
    return new IdentityException(404, 'ACCOUNT_NOT_FOUND', AUTH_MESSAGES.resetUnknownAccount);
  }

  static resetFailed(message: string = AUTH_MESSAGES.resetFailed): IdentityException {
    return new IdentityException(400, 'RESET_FAILED', message);
  }

  static mailUnavailable(): IdentityException {
    return new IdentityException(503, 'MAIL_UNAVAILABLE', AUTH_MESSAGES.mailUnavailable);
  }

  /** The platform's ErrorFilter turns `retryAfterSeconds` into the Retry-After header. */
  static cooldown(seconds: number): IdentityException {
    return new IdentityException(429, 'RESEND_COOLDOWN', AUTH_MESSAGES.resendCooldown, {
      retryAfterSeconds: seconds,
    });
  }
}
