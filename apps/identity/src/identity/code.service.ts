import { Inject, Injectable } from '@nestjs/common';
import { type Logger } from 'pino';
import { CLOCK, type Clock, LOGGER, Mailer } from '@core-vault/platform';
import { CodeRepository, codeId } from './code.repository';
import { type CodePurpose, type VerificationCode } from './code.schema';
import { IdentityException } from './identity.exception';
import {
  accountDeletionCodeMail,
  emailChangeCodeMail,
  resetCodeMail,
  signInCodeMail,
} from './identity-mails';
import { SecretHasher, newVerificationCode } from './secrets';

export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_WRONG_ATTEMPTS = 5;
/** A sign-in code only completes a sign-in whose password was proven this recently. */
export const PASSWORD_PROOF_TTL_MINUTES = 30;

const minutes = (n: number) => n * 60_000;

const MAILS = {
  'sign-in': signInCodeMail,
  reset: resetCodeMail,
  'email-change': emailChangeCodeMail,
  'account-deletion': accountDeletionCodeMail,
};

/**
 * E-mailed one-time codes (sign-in, password reset, e-mail change, account deletion): 6 random
 * digits, stored as an HMAC, valid 10 minutes, single use, dead after 5 wrong tries, replaced when a new one is sent.
 */
@Injectable()
export class CodeService {
  constructor(
    private readonly codes: CodeRepository,
    private readonly hasher: SecretHasher,
    private readonly mailer: Mailer,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * A new code replaces the old one and goes out by e-mail, to `user.email` — for an e-mail
   * change that is the new address, remembered on the code as `pendingEmail`.
   */
  async issue(
    purpose: CodePurpose,
    user: { _id: string; email: string },
    passwordVerifiedAt: Date | null = null,
  ): Promise<void> {
    const now = this.clock.now();
    const code = newVerificationCode();
    const record: VerificationCode = {
      _id: codeId(purpose, user._id),
      userId: user._id,
      purpose,
      codeHash: this.hasher.hash(purpose, user._id, code),
      issuedAt: now,
      expiresAt: new Date(now.getTime() + minutes(CODE_TTL_MINUTES)),
      attempts: 0,
      usedAt: null,
      passwordVerifiedAt,
      pendingEmail: purpose === 'email-change' ? user.email : null,
    };
    await this.codes.replace(record);
    const mail = MAILS[purpose];
    try {
      await this.mailer.send(mail(user.email, code, CODE_TTL_MINUTES));
    } catch (err) {
      this.logger.error({ err, userId: user._id, purpose }, 'code e-mail not sent');
      throw IdentityException.mailUnavailable();
    }
  }

  /**
   * The state of a user's sign-in challenge: whether its code can still be used, and when the
   * password was proven (only while that proof is fresh enough to back a new code).
   */
  async signInChallenge(userId: string): Promise<{ codeLive: boolean; passwordVerifiedAt: Date | null }> {
    const code = await this.codes.findCode('sign-in', userId);
    if (!code || !this.passwordProofFresh(code)) return { codeLive: false, passwordVerifiedAt: null };
    const codeLive =
      code.usedAt === null &&
      code.attempts < CODE_MAX_WRONG_ATTEMPTS &&
      code.expiresAt.getTime() > this.clock.now().getTime();
    return { codeLive, passwordVerifiedAt: code.passwordVerifiedAt };
  }

  /**
   * True once for the right code; false for a wrong, expired, used or exhausted one. Each call
   * costs one of the code's tries before anything is compared.
   */
  async verify(purpose: CodePurpose, userId: string, code: string): Promise<boolean> {
    if (!/^\d{6}$/.test(code)) return false;
    const now = this.clock.now();
    const record = await this.codes.takeAttempt(purpose, userId, CODE_MAX_WRONG_ATTEMPTS, now);
    if (!record) return false;
    if (purpose === 'sign-in' && !this.passwordProofFresh(record)) return false;
    if (!this.hasher.matches(record.codeHash, this.hasher.hash(purpose, userId, code))) return false;
    return this.codes.consume(purpose, userId, record.codeHash, now);
  }

  /** The address an e-mail change code was sent to, once, for the right code; null otherwise. */
  async verifyEmailChange(userId: string, code: string): Promise<string | null> {
    if (!(await this.verify('email-change', userId, code))) return null;
    return (await this.codes.findCode('email-change', userId))?.pendingEmail ?? null;
  }

  /** The password was proven again while a code is still out: extend the proof, keep the code. */
  async refreshPasswordProof(userId: string, at: Date): Promise<void> {
    await this.codes.setPasswordProof(userId, at);
  }

  async forgetAll(userId: string): Promise<void> {
    await this.codes.deleteForUser(userId);
  }

  private passwordProofFresh(code: VerificationCode): boolean {
    const proven = code.passwordVerifiedAt?.getTime();
    return proven !== undefined && this.clock.now().getTime() - proven <= minutes(PASSWORD_PROOF_TTL_MINUTES);
  }
}
