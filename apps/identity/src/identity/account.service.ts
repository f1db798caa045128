import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type Logger } from 'pino';
import {
  ACCOUNT_MESSAGES,
  AUTH_MESSAGES,
  type AccountProfile,
  type AuthUser,
  type EmailChangeConfirmBody,
  type EmailChangeRequestBody,
  type MessageResult,
  PASSWORD_MIN_LENGTH,
  type PasswordChangeBody,
  Topic,
  type UpdateNameBody,
  isValidEmail,
  normalizeEmail,
} from '@core-vault/contracts';
import {
  AppException,
  CLOCK,
  type Clock,
  CooldownLock,
  LOGGER,
  OutboxRelayService,
  contextEvents,
} from '@core-vault/platform';
import { RESEND_COOLDOWN_SECONDS } from './auth.service';
import { CodeService } from './code.service';
import { IdentityException } from './identity.exception';
import { PasswordHasher } from './password-hasher';
import { PersonalTokenService } from './personal-token.service';
import { SessionService } from './session.service';
import { DuplicateEmailError, UserRepository } from './user.repository';
import { type User } from './user.schema';

type Change = 'name' | 'email';

const profileOf = (user: User): AccountProfile => ({
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
});
const emailKey = (email: string) => createHash('sha256').update(email).digest('base64url');

const invalid = (message: string) => new AppException(400, 'VALIDATION_FAILED', message);
const emailTaken = () => new AppException(409, 'EMAIL_TAKEN', ACCOUNT_MESSAGES.emailTaken);
// 400, not 401: a 401 tells the SPA its session is gone, and it is not.
const wrongPassword = () => new AppException(400, 'WRONG_PASSWORD', ACCOUNT_MESSAGES.wrongPassword);

/**
 * Account settings of the signed-in user: name, e-mail (proven by a code sent to the new
 * address) and password (proven by the current one; every other session ends). Each profile
 * change records identity.profile-updated.v1 in the same write as the change (the outbox).
 */
@Injectable()
export class AccountService {
  private readonly events = contextEvents('identity');

  constructor(
    private readonly users: UserRepository,
    private readonly codes: CodeService,
    private readonly sessions: SessionService,
    private readonly passwords: PasswordHasher,
    private readonly cooldowns: CooldownLock,
    private readonly outbox: OutboxRelayService,
    private readonly keys: PersonalTokenService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async profile(caller: AuthUser): Promise<AccountProfile> {
    return profileOf(await this.userOf(caller));
  }

  async updateName(caller: AuthUser, body: UpdateNameBody): Promise<AccountProfile> {
    const user = await this.userOf(caller);
    const firstName = (body.firstName ?? '').trim();
    const lastName = (body.lastName ?? '').trim();
    if (!firstName || !lastName) throw invalid(ACCOUNT_MESSAGES.nameRequired);
    if (firstName === user.firstName && lastName === user.lastName) return profileOf(user);
    const event = this.profileEvent({ ...user, firstName, lastName }, 'name');
    const fresh = await this.users.updateName(user._id, { firstName, lastName }, [event]);
    if (!fresh) throw IdentityException.sessionExpired();
    this.outbox.nudge();
    return profileOf(fresh);
  }

  /** Step 1: checks the password and the new address, then e-mails a code to the new address. */
  async requestEmailChange(caller: AuthUser, body: EmailChangeRequestBody): Promise<MessageResult> {
    const newEmail = normalizeEmail(body.newEmail ?? '');
    if (!newEmail || !body.currentPassword) throw invalid(AUTH_MESSAGES.fillAllFields);
    if (!isValidEmail(newEmail)) throw invalid(AUTH_MESSAGES.invalidEmail);
    const user = await this.userOf(caller, true);
    if (!(await this.passwords.verify(body.currentPassword, user.passwordHash))) throw wrongPassword();
    if (newEmail === user.email) throw invalid(ACCOUNT_MESSAGES.emailUnchanged);
    if (await this.users.existsByEmail(newEmail)) throw emailTaken();
    // One code mail a minute per account, so the form cannot be used to flood an address.
    const cooldown = await this.cooldowns.claim(
      'identity:email-change-mail',
      emailKey(user._id),
      RESEND_COOLDOWN_SECONDS,
    );
    if (!cooldown.claimed) throw IdentityException.cooldown(cooldown.retryAfterSeconds);
    try {
      await this.codes.issue('email-change', { _id: user._id, email: newEmail });
    } catch (err) {
      await this.cooldowns.release('identity:email-change-mail', emailKey(user._id));
      throw err;
    }
    return { success: true, message: ACCOUNT_MESSAGES.emailCodeSent };
  }

  /** Step 2: the right code moves the account to the address it was sent to. */
  async confirmEmailChange(caller: AuthUser, body: EmailChangeConfirmBody): Promise<AccountProfile> {
    const user = await this.userOf(caller);
    const code = body.code?.trim() ?? '';
    const newEmail = code ? await this.codes.verifyEmailChange(user._id, code) : null;
    if (!newEmail) throw invalid(ACCOUNT_MESSAGES.emailCodeInvalid);
    const event = this.profileEvent({ ...user, email: newEmail }, 'email');
    try {
      const fresh = await this.users.changeEmail(user._id, newEmail, [event]);
      if (!fresh) throw IdentityException.sessionExpired();
      this.outbox.nudge();
      this.logger.info({ userId: user._id }, 'e-mail address changed');
      return profileOf(fresh);
    } catch (err) {
      // Someone signed up with the address after the code went out.
      if (err instanceof DuplicateEmailError) throw emailTaken();
      throw err;
    }
  }

  /**
   * The current password proves the owner; the caller's session stays, every other one ends, and
   * every personal access token is revoked (one made by someone who knew the old password would
   * otherwise keep full read/write).
   */
  async changePassword(caller: AuthUser, body: PasswordChangeBody): Promise<MessageResult> {
    const { currentPassword, newPassword } = body;
    if (!currentPassword || !newPassword) throw invalid(AUTH_MESSAGES.fillAllFields);
    if (newPassword.length < PASSWORD_MIN_LENGTH) throw invalid(AUTH_MESSAGES.passwordTooShort);
    const user = await this.userOf(caller, true);
    if (!(await this.passwords.verify(currentPassword, user.passwordHash))) throw wrongPassword();
    if (newPassword === currentPassword) throw invalid(ACCOUNT_MESSAGES.passwordSame);
    const now = this.clock.now();
    if (!(await this.users.setPassword(user._id, await this.passwords.hash(newPassword), now, []))) {
      throw IdentityException.sessionExpired();
    }
    await this.sessions.revokeOthers(user._id, caller.sessionId, 'password-changed');
    const keys = await this.keys.revokeAllOf(user._id, 'password-changed');
    this.logger.info(
      { userId: user._id, keys },
      'password changed; other sessions and all personal tokens revoked',
    );
    return { success: true, message: ACCOUNT_MESSAGES.passwordChanged };
  }

  private profileEvent(user: User, changed: Change) {
    return this.events.create(
      Topic.ProfileUpdated,
      {
        userId: user._id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        changed: [changed],
        at: this.clock.now().toISOString(),
      },
      { key: user._id },
    );
  }

  private async userOf(caller: AuthUser, withPassword = false): Promise<User> {
    // A personal access token is no proof of the person: settings need the browser session.
    if (caller.scopes) throw new AppException(403, 'INSUFFICIENT_SCOPE', ACCOUNT_MESSAGES.sessionOnly);
    const user = await this.users.findById(caller.id, withPassword);
    if (!user) throw IdentityException.sessionExpired();
    return user;
  }
}
