import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type Logger } from 'pino';
import {
  AUTH_MESSAGES,
  type AuthUser,
  type EmailBody,
  type MessageResult,
  PASSWORD_MIN_LENGTH,
  type ResetConfirmBody,
  type SessionUser,
  type SignInBody,
  type SignInResult,
  type SignUpBody,
  type SignUpResult,
  Topic,
  isValidEmail,
  normalizeEmail,
  signUpProblem,
} from '@core-vault/contracts';
import {
  APP_CONFIG,
  CLOCK,
  type Clock,
  CooldownLock,
  LOGGER,
  OutboxRelayService,
  contextEvents,
} from '@core-vault/platform';
import { type IdentityConfig, adminEmails } from '../config';
import { CodeService } from './code.service';
import { IdentityException } from './identity.exception';
import { PasswordHasher } from './password-hasher';
import { PersonalTokenService } from './personal-token.service';
import { newId } from './secrets';
import { type IssuedSession, SessionService } from './session.service';
import { toSessionUser } from './session-user.view';
import { DuplicateEmailError, UserRepository } from './user.repository';
import { type User } from './user.schema';

/** Seconds between two code e-mails to one address (resend, or a repeated password step). */
export const RESEND_COOLDOWN_SECONDS = 60;

const isCode = (value: string) => /^\d{6}$/.test(value);
const emailKey = (email: string) => createHash('sha256').update(email).digest('base64url');

export interface SignInOutcome {
  result: SignInResult;
  session?: IssuedSession;
}

/** Registration, sign-in with e-mailed codes, password reset and the session user. */
@Injectable()
export class AuthService {
  private readonly events = contextEvents('identity');
  private readonly admins: ReadonlySet<string>;

  constructor(
    private readonly users: UserRepository,
    private readonly codes: CodeService,
    private readonly sessions: SessionService,
    private readonly passwords: PasswordHasher,
    private readonly cooldowns: CooldownLock,
    private readonly outbox: OutboxRelayService,
    private readonly keys: PersonalTokenService,
    @Inject(APP_CONFIG) config: IdentityConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.admins = adminEmails(config);
  }

  isAdmin(user: Pick<User, 'email'>): boolean {
    return this.admins.has(user.email);
  }

  view(user: User): SessionUser {
    return toSessionUser(user, this.isAdmin(user));
  }

  async signUp(body: SignUpBody): Promise<SignUpResult> {
    const problem = signUpProblem(body);
    if (problem) throw IdentityException.validation(problem);
    const email = normalizeEmail(body.email ?? '');
    if (await this.users.existsByEmail(email)) throw IdentityException.duplicateEmail();
    const id = newId('usr');
    const firstName = (body.firstName ?? '').trim();
    const lastName = (body.lastName ?? '').trim();
    const requestedPlan = body.planType ?? '';
    const registered = this.events.create(
      Topic.UserRegistered,
      { userId: id, email, firstName, lastName, requestedPlan },
      { key: id },
    );
    try {
      const user = await this.users.create(
        {
          _id: id,
          email,
          firstName,
          lastName,
          passwordHash: await this.passwords.hash(body.password ?? ''),
          requestedPlan,
          // Spec §4: a new account has no subscription and is inactive until billing starts a trial.
          subscriptionStatus: 'NO_SUBSCRIPTION',
          planType: 'Pro',
          isActive: false,
          trialEnd: null,
          currentPeriodEnd: null,
          stripeCustomerId: null,
          subscriptionId: null,
          lastLoginAt: null,
          passwordChangedAt: null,
          billingStateAt: null,
        },
        [registered],
      );
      this.outbox.nudge();
      return { success: true, message: AUTH_MESSAGES.accountCreated, user: this.view(user) };
    } catch (err) {
      if (err instanceof DuplicateEmailError) throw IdentityException.duplicateEmail();
      throw err;
    }
  }

  /**
   * Step 1 (email + password) e-mails a code and answers VERIFICATION_CODE_REQUIRED; step 2 (the
   * code, in `code` or in the password slot — a real password is never 6 characters) signs in.
   */
  async signIn(body: SignInBody): Promise<SignInOutcome> {
    const email = normalizeEmail(body.email ?? '');
    const password = body.password ?? '';
    const code = body.code?.trim() || (isCode(password) ? password : undefined);
    if (!email || (!password && !code)) throw IdentityException.validation(AUTH_MESSAGES.credentialsRequired);
    return code !== undefined ? this.completeWithCode(email, code) : this.checkPassword(email, password);
  }

  private async checkPassword(email: string, password: string): Promise<SignInOutcome> {
    const user = isValidEmail(email) ? await this.users.findByEmail(email, true) : null;
    // Unknown address or wrong password: the same answer after the same amount of work.
    const valid = user
      ? await this.passwords.verify(password, user.passwordHash)
      : await this.passwords.verifyDummy(password);
    if (!user || !valid) throw IdentityException.invalidCredentials();
    const now = this.clock.now();
    const cooldown = await this.cooldowns.claim(
      'identity:code-mail',
      emailKey(email),
      RESEND_COOLDOWN_SECONDS,
    );
    const challenge = await this.codes.signInChallenge(user._id);
    if (cooldown.claimed || !challenge.codeLive) {
      await this.issueSignInCode(user, now, email);
    } else {
      // A code went out moments ago: refresh the password proof, do not flood the inbox.
      await this.codes.refreshPasswordProof(user._id, now);
    }
    if (this.passwords.needsRehash(user.passwordHash)) {
      // Stored with an older cost: upgrade it now that we know the password.
      await this.users.updatePasswordHash(user._id, await this.passwords.hash(password));
    }
    return {
      result: {
        success: false,
        code: 'VERIFICATION_CODE_REQUIRED',
        message: AUTH_MESSAGES.verificationCodeRequired,
      },
    };
  }

  private async issueSignInCode(user: User, passwordVerifiedAt: Date, email: string): Promise<void> {
    try {
      await this.codes.issue('sign-in', user, passwordVerifiedAt);
    } catch (err) {
      await this.cooldowns.release('identity:code-mail', emailKey(email));
      throw err;
    }
  }

  private async completeWithCode(email: string, code: string): Promise<SignInOutcome> {
    const user = isValidEmail(email) ? await this.users.findByEmail(email) : null;
    if (!user || !(await this.codes.verify('sign-in', user._id, code))) throw IdentityException.invalidCode();
    const now = this.clock.now();
    const signedIn = this.events.create(
      Topic.UserSignedIn,
      { userId: user._id, at: now.toISOString() },
      { key: user._id },
    );
    const fresh = (await this.users.recordSignIn(user._id, now, [signedIn])) ?? user;
    this.outbox.nudge();
    const isAdmin = this.isAdmin(fresh);
    const session = await this.sessions.start(fresh, isAdmin);
    return {
      result: {
        success: true,
        message: AUTH_MESSAGES.signedIn,
        user: toSessionUser(fresh, isAdmin),
        token: session.accessToken,
      },
      session,
    };
  }

  /** A new code for a pending sign-in. The answer never tells whether the address has an account. */
  async resendCode(body: EmailBody): Promise<MessageResult> {
    const email = normalizeEmail(body.email ?? '');
    if (!email) throw IdentityException.validation(AUTH_MESSAGES.emailRequiredForResend);
    if (!isValidEmail(email)) throw IdentityException.validation(AUTH_MESSAGES.invalidEmail);
    const cooldown = await this.cooldowns.claim(
      'identity:code-mail',
      emailKey(email),
      RESEND_COOLDOWN_SECONDS,
    );
    if (!cooldown.claimed) throw IdentityException.cooldown(cooldown.retryAfterSeconds);
    const user = await this.users.findByEmail(email);
    const proven = user ? (await this.codes.signInChallenge(user._id)).passwordVerifiedAt : null;
    // Only a sign-in whose password was proven gets a new code: a code alone is not a sign-in.
    if (user && proven) await this.issueSignInCode(user, proven, email);
    return { success: true, message: AUTH_MESSAGES.codeResent };
  }

  async requestPasswordReset(body: EmailBody): Promise<MessageResult> {
    const email = normalizeEmail(body.email ?? '');
    if (!email) throw IdentityException.validation(AUTH_MESSAGES.emailRequired);
    if (!isValidEmail(email)) throw IdentityException.validation(AUTH_MESSAGES.invalidEmail);
    const user = await this.users.findByEmail(email);
    if (!user) throw IdentityException.unknownAccount();
    const cooldown = await this.cooldowns.claim(
      'identity:reset-mail',
      emailKey(email),
      RESEND_COOLDOWN_SECONDS,
    );
    if (!cooldown.claimed) throw IdentityException.cooldown(cooldown.retryAfterSeconds);
    try {
      await this.codes.issue('reset', user);
    } catch (err) {
      await this.cooldowns.release('identity:reset-mail', emailKey(email));
      throw err;
    }
    return { success: true, message: AUTH_MESSAGES.resetSent };
  }

  /** New password with the e-mailed code; every session of the user ends, every personal access token is revoked. */
  async confirmPasswordReset(body: ResetConfirmBody): Promise<MessageResult> {
    const email = normalizeEmail(body.email ?? '');
    const code = body.code?.trim() ?? '';
    const newPassword = body.newPassword ?? '';
    if (!email || !code || !newPassword) throw IdentityException.resetFailed(AUTH_MESSAGES.fillAllFields);
    if (newPassword.length < PASSWORD_MIN_LENGTH)
      throw IdentityException.resetFailed(AUTH_MESSAGES.passwordTooShort);
    const user = isValidEmail(email) ? await this.users.findByEmail(email) : null;
    if (!user || !(await this.codes.verify('reset', user._id, code))) {
      throw IdentityException.resetFailed(AUTH_MESSAGES.resetInvalidCode);
    }
    const now = this.clock.now();
    const reset = this.events.create(
      Topic.PasswordReset,
      { userId: user._id, at: now.toISOString() },
      { key: user._id },
    );
    if (!(await this.users.setPassword(user._id, await this.passwords.hash(newPassword), now, [reset]))) {
      throw IdentityException.resetFailed();
    }
    this.outbox.nudge();
    await this.sessions.revokeAllForUser(user._id, 'password-reset');
    const keys = await this.keys.revokeAllOf(user._id, 'password-reset');
    await this.codes.forgetAll(user._id);
    this.logger.info({ userId: user._id, keys }, 'password reset; all sessions and personal tokens revoked');
    return { success: true, message: AUTH_MESSAGES.resetDoneEverywhere };
  }

  async me(caller: AuthUser): Promise<SessionUser> {
    const user = await this.users.findById(caller.id);
    if (!user) throw IdentityException.sessionExpired();
    return this.view(user);
  }

  /** Rotates the refresh cookie and issues a fresh access token with the user's current facts. */
  async refresh(
    cookie: string | undefined,
  ): Promise<{ user: SessionUser; token: string; refreshCookie: string; expiresAt: Date }> {
    const rotated = await this.sessions.rotate(cookie);
    const user = await this.users.findById(rotated.userId);
    if (!user) {
      await this.sessions.revoke(rotated.sessionId, 'user-gone');
      throw IdentityException.sessionExpired();
    }
    const isAdmin = this.isAdmin(user);
    return {
      user: toSessionUser(user, isAdmin),
      token: await this.sessions.accessToken(user, isAdmin, rotated.sessionId),
      refreshCookie: rotated.refreshCookie,
      expiresAt: rotated.expiresAt,
    };
  }

  /** Revokes whatever session the caller proves (access token and/or refresh cookie). */
  async signOut(caller: AuthUser | null, cookie: string | undefined): Promise<MessageResult> {
    const ids = new Set<string>();
    // A personal access token is no session: signing out never revokes a key.
    if (caller && !caller.scopes) ids.add(caller.sessionId);
    const fromCookie = await this.sessions.sessionOfCookie(cookie);
    if (fromCookie) ids.add(fromCookie);
    for (const id of ids) await this.sessions.revoke(id, 'sign-out');
    return { success: true, message: AUTH_MESSAGES.signedOut };
  }
}
