import { Inject, Injectable } from '@nestjs/common';
import { type Logger } from 'pino';
import {
  ACCOUNT_DELETION_MESSAGES as M,
  type AuthUser,
  type DeletionCodeResult,
  type DeletionConfirmBody,
  type DeletionResult,
  type DeletionSubscription,
  Topic,
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
import { AccountDeletionRepository } from './account-deletion.repository';
import { RESEND_COOLDOWN_SECONDS } from './auth.service';
import { CodeService } from './code.service';
import { IdentityException } from './identity.exception';
import { PersonalTokenService } from './personal-token.service';
import { SessionService } from './session.service';
import { UserRepository } from './user.repository';
import { type User } from './user.schema';

const COOLDOWN_BUCKET = 'identity:deletion-mail';

/** What confirming will end at Stripe (billing cancels it on the event). */
export function deletionCancels(user: Pick<User, 'subscriptionStatus'>): DeletionSubscription {
  if (user.subscriptionStatus === 'TRIAL') return 'trial';
  if (user.subscriptionStatus === 'ACTIVE' || user.subscriptionStatus === 'PAST_DUE') return 'subscription';
  return 'none';
}

const CODE_SENT: Record<DeletionSubscription, string> = {
  none: M.codeSent,
  trial: M.codeSentTrial,
  subscription: M.codeSentSubscription,
};

/**
 * Deleting one's account. Identity talks to the other services by events only, so the order is:
 * the code proves the mailbox; then ONE document write replaces every personal field of the user
 * and records identity.user-deleted.v1 (the outbox) — the account is gone at that instant and the
 * event cannot be lost; then sessions and personal tokens end. Every other service (billing's
 * Stripe cancellation included) erases on the event, retrying until it succeeds; identity's own
 * consumer of the event ends sessions again and purges what is left here. A wrong code, a mail
 * failure or a crash before the write leave the account as it was, and the user may try again.
 */
@Injectable()
export class AccountDeletionService {
  private readonly events = contextEvents('identity');

  constructor(
    private readonly users: UserRepository,
    private readonly deletion: AccountDeletionRepository,
    private readonly codes: CodeService,
    private readonly sessions: SessionService,
    private readonly personalTokens: PersonalTokenService,
    private readonly cooldowns: CooldownLock,
    private readonly outbox: OutboxRelayService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Step 1: a code to the account's own address; the answer says what deleting will cancel. */
  async requestCode(caller: AuthUser): Promise<DeletionCodeResult> {
    const user = await this.userOf(caller);
    const cooldown = await this.cooldowns.claim(COOLDOWN_BUCKET, user._id, RESEND_COOLDOWN_SECONDS);
    if (!cooldown.claimed) throw IdentityException.cooldown(cooldown.retryAfterSeconds);
    try {
      await this.codes.issue('account-deletion', user);
    } catch (err) {
      await this.cooldowns.release(COOLDOWN_BUCKET, user._id);
      throw err;
    }
    const cancels = deletionCancels(user);
    return { success: true, message: CODE_SENT[cancels], cancels };
  }

  /** Step 2: the right code deletes the account (see the class comment for the order). */
  async confirm(caller: AuthUser, body: DeletionConfirmBody): Promise<DeletionResult> {
    const user = await this.userOf(caller);
    const code = body.code?.trim() ?? '';
    if (!code || !(await this.codes.verify('account-deletion', user._id, code)))
      throw new AppException(400, 'INVALID_CODE', M.codeInvalid);
    const deleted = this.events.create(
      Topic.UserDeleted,
      { userId: user._id, email: user.email, deletedAt: this.clock.now().toISOString() },
      { key: user._id },
    );
    if (!(await this.deletion.tombstone(user._id, [deleted]))) throw IdentityException.sessionExpired();
    this.outbox.nudge();
    // Also done by identity's consumer of the event: a failure here is finished there.
    await this.sessions.revokeAllForUser(user._id, 'account-deleted');
    await this.personalTokens.forgetUser(user._id);
    await this.cooldowns.release(COOLDOWN_BUCKET, user._id);
    this.logger.info({ userId: user._id, cancels: deletionCancels(user) }, 'account deleted');
    return { success: true, message: M.deleted };
  }

  private async userOf(caller: AuthUser): Promise<User> {
    // A personal access token is no proof of the person: deleting needs the browser session.
    if (caller.scopes) throw new AppException(403, 'INSUFFICIENT_SCOPE', M.sessionOnly);
    const user = await this.users.findById(caller.id);
    if (!user || this.deletion.isTombstone(user)) throw IdentityException.sessionExpired();
    return user;
  }
}
