import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  type AuthUser,
  BUSINESS_TOKEN_SCOPE_FEATURE,
  type CreatePersonalTokenBody,
  type CreatedPersonalToken,
  MAX_PERSONAL_TOKENS_PER_USER,
  type MessageResult,
  PERSONAL_TOKEN_MESSAGES as M,
  PERSONAL_TOKEN_PREFIX,
  type PersonalToken,
  type PersonalTokenList,
  hasFeature,
  isBusinessTokenScope,
} from '@core-vault/contracts';
import { AppException, CLOCK, type Clock, hashPersonalToken } from '@core-vault/platform';
import { IdentityException } from './identity.exception';
import { PersonalTokenProjection } from './personal-token.projection';
import { PersonalTokenRepository } from './personal-token.repository';
import { type PersonalTokenDoc } from './personal-token.schema';
import { newId } from './secrets';
import { UserRepository } from './user.repository';
import { type User } from './user.schema';

/** `cvpat_` + 32 random bytes (base64url, 43 characters): 256 bits, so a plain SHA-256 at rest suffices. */
export function newPersonalTokenSecret(): string {
  return `${PERSONAL_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const later = (a: Date | null, b: Date | undefined) => (b && (!a || b > a) ? b : a);

/** The owner's view of a key: never the secret or its hash. */
export function toPersonalToken(doc: PersonalTokenDoc, lastUsed?: Date): PersonalToken {
  return {
    id: doc._id,
    name: doc.name,
    prefix: doc.prefix,
    scopes: doc.scopes,
    createdAt: doc.createdAt.toISOString(),
    expiresAt: iso(doc.expiresAt),
    lastUsedAt: iso(later(doc.lastUsedAt, lastUsed)),
    revokedAt: iso(doc.revokedAt),
  };
}

/**
 * Personal access tokens: created and managed from a browser session only (a key can never mint
 * or revoke keys), at most MAX_PERSONAL_TOKENS_PER_USER live per user, the secret shown once.
 */
@Injectable()
export class PersonalTokenService {
  constructor(
    private readonly tokens: PersonalTokenRepository,
    private readonly users: UserRepository,
    private readonly projection: PersonalTokenProjection,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async create(caller: AuthUser, body: CreatePersonalTokenBody): Promise<CreatedPersonalToken> {
    sessionOnly(caller);
    return this.createFor(caller.id, body);
  }

  /**
   * A key for `userId`, who proved who they are elsewhere: here a session (create), or a device
   * sign-in they approved from one (device-authorization.service). Same plan rule, same limit.
   */
  async createFor(userId: string, body: CreatePersonalTokenBody): Promise<CreatedPersonalToken> {
    const user = await this.users.findById(userId);
    if (!user) throw IdentityException.sessionExpired();
    this.requirePlanFor(body.scopes, user);
    const now = this.clock.now();
    const secret = newPersonalTokenSecret();
    const doc: PersonalTokenDoc = {
      _id: newId('pat'),
      userId: user._id,
      name: body.name,
      tokenHash: hashPersonalToken(secret),
      prefix: secret.slice(0, PERSONAL_TOKEN_PREFIX.length + 4),
      scopes: [...body.scopes],
      createdAt: now,
      expiresAt: body.expiresInDays ? new Date(now.getTime() + body.expiresInDays * 86_400_000) : null,
      lastUsedAt: null,
      revokedAt: null,
      revokedReason: null,
    };
    if (!(await this.tokens.createWithinLimit(doc, MAX_PERSONAL_TOKENS_PER_USER, now)))
      throw new IdentityException(409, 'TOO_MANY_TOKENS', M.tooMany, { limit: MAX_PERSONAL_TOKENS_PER_USER });
    // MongoDB first: a key that failed to reach Redis is written again by the next sync.
    await this.projection.writeOwner(user);
    await this.projection.writeToken(doc);
    return { token: secret, personalToken: toPersonalToken(doc) };
  }

  /**
   * Refuses, with the answer create would give, a key `userId` could not get now: for a device
   * sign-in, said to the person approving it rather than to the terminal minutes later. (The
   * create itself decides again; this is the early word, not the guarantee.)
   */
  async assertCanCreate(userId: string, scopes: CreatePersonalTokenBody['scopes']): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user) throw IdentityException.sessionExpired();
    this.requirePlanFor(scopes, user);
    if ((await this.tokens.countLive(userId, this.clock.now())) >= MAX_PERSONAL_TOKENS_PER_USER)
      throw new IdentityException(409, 'TOO_MANY_TOKENS', M.tooMany, { limit: MAX_PERSONAL_TOKENS_PER_USER });
  }

  async list(caller: AuthUser): Promise<PersonalTokenList> {
    sessionOnly(caller);
    const docs = await this.tokens.listForUser(caller.id);
    const uses = await this.projection.lastUsed(docs.filter((d) => !d.revokedAt).map((d) => d._id));
    return { tokens: docs.map((d) => toPersonalToken(d, uses.get(d._id))) };
  }

  /**
   * Scopes beyond the extension's need the Business plan's api_access, judged on the stored user
   * (a session token's plan may be up to 15 minutes old) exactly as the guards will judge the key.
   */
  private requirePlanFor(scopes: CreatePersonalTokenBody['scopes'], user: User): void {
    const business = scopes.filter(isBusinessTokenScope);
    if (business.length === 0) return;
    const o = this.projection.ownerFacts(user);
    const owner = { isAdmin: o.adm, isActive: o.act, planType: o.plan, subscriptionStatus: o.sts };
    if (!hasFeature(owner, BUSINESS_TOKEN_SCOPE_FEATURE))
      throw new AppException(403, 'FEATURE_NOT_AVAILABLE', M.businessScope, {
        feature: BUSINESS_TOKEN_SCOPE_FEATURE,
        scopes: business,
      });
  }

  /** Stops the key everywhere at once (its Redis record goes); repeating it is harmless. */
  async revoke(caller: AuthUser, id: string): Promise<MessageResult> {
    sessionOnly(caller);
    const doc = await this.tokens.findForUser(id, caller.id);
    if (!doc) throw new IdentityException(404, 'TOKEN_NOT_FOUND', M.notFound);
    await this.tokens.revoke(doc, 'revoked-by-owner', this.clock.now());
    await this.projection.removeToken(doc);
    return { success: true, message: M.revoked };
  }

  /**
   * A password change or reset: whoever had the old password may have made keys with it, so every
   * key of the user is revoked in MongoDB and stops at once (its Redis record goes). Returns how
   * many were live.
   */
  async revokeAllOf(userId: string, reason: 'password-changed' | 'password-reset'): Promise<number> {
    const hashes = await this.tokens.revokeAllForUser(userId, reason, this.clock.now());
    await this.projection.removeTokens(hashes);
    return hashes.length;
  }

  /** For account removal: every key of the user stops at once, and stays revoked in MongoDB. */
  async forgetUser(userId: string): Promise<void> {
    const hashes = await this.tokens.revokeAllForUser(userId, 'user-deleted', this.clock.now());
    await this.projection.removeOwner(userId, hashes);
  }
}

/** The guard already keeps keys off these routes; this keeps the rule with the service too. */
function sessionOnly(caller: AuthUser): void {
  if (caller.scopes) throw new AppException(403, 'INSUFFICIENT_SCOPE', M.sessionOnly);
}
