import { Inject, Injectable } from '@nestjs/common';
import { type Logger } from 'pino';
import { APP_CONFIG, AccessTokenSigner, CLOCK, type Clock, LOGGER } from '@core-vault/platform';
import { type IdentityConfig } from '../config';
import { IdentityException } from './identity.exception';
import { parseRefreshCookie } from './refresh-cookie';
import { RevokedSessions } from './revoked-sessions';
import { SecretHasher, newId, newRefreshToken } from './secrets';
import { SessionRepository } from './session.repository';
import { claimsFor } from './session-user.view';
import { type User } from './user.schema';

export interface IssuedSession {
  sessionId: string;
  /** Cookie value `<sessionId>.<refresh token>`. */
  refreshCookie: string;
  accessToken: string;
  expiresAt: Date;
}

/**
 * Sessions: a short-lived signed access token plus a rotating refresh token (stored as an HMAC)
 * per sign-in. Rotation on every refresh; a rotated token seen again revokes the whole family.
 */
@Injectable()
export class SessionService {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly hasher: SecretHasher,
    private readonly signer: AccessTokenSigner,
    private readonly revoked: RevokedSessions,
    @Inject(APP_CONFIG) private readonly config: IdentityConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async start(user: User, isAdmin: boolean): Promise<IssuedSession> {
    const now = this.clock.now();
    const sessionId = newId('ses');
    const token = newRefreshToken();
    const expiresAt = new Date(now.getTime() + this.config.SESSION_TTL_DAYS * 86_400_000);
    await this.sessions.create({
      _id: sessionId,
      userId: user._id,
      tokenHash: this.tokenHash(sessionId, token),
      usedTokenHashes: [],
      createdAt: now,
      lastRefreshedAt: null,
      expiresAt,
      revokedAt: null,
      revokedReason: null,
    });
    return {
      sessionId,
      refreshCookie: `${sessionId}.${token}`,
      accessToken: await this.accessToken(user, isAdmin, sessionId),
      expiresAt,
    };
  }

  accessToken(user: User, isAdmin: boolean, sessionId: string): Promise<string> {
    return this.signer.sign(claimsFor(user, isAdmin, sessionId), this.clock.now().getTime());
  }

  /**
   * Exchanges a refresh cookie for a new one. Returns the session's user id and the new cookie;
   * any failure is the same 401 so a caller learns nothing about why.
   */
  async rotate(
    cookie: string | undefined,
  ): Promise<{ userId: string; sessionId: string; refreshCookie: string; expiresAt: Date }> {
    const parsed = parseRefreshCookie(cookie);
    if (!parsed) throw IdentityException.sessionExpired();
    const { sessionId, token } = parsed;
    const now = this.clock.now();
    const currentHash = this.tokenHash(sessionId, token);
    const next = newRefreshToken();
    const rotated = await this.sessions.rotate(sessionId, currentHash, this.tokenHash(sessionId, next), now);
    if (rotated) {
      return {
        userId: rotated.userId,
        sessionId,
        refreshCookie: `${sessionId}.${next}`,
        expiresAt: rotated.expiresAt,
      };
    }
    const session = await this.sessions.findById(sessionId);
    if (session?.usedTokenHashes.some((h) => this.hasher.matches(h, currentHash))) {
      // A token that was already exchanged came back: one of the two holders is a thief.
      this.logger.warn({ sessionId, userId: session.userId }, 'refresh token reuse; session family revoked');
      await this.revoke(sessionId, 'refresh-token-reuse');
    }
    throw IdentityException.sessionExpired();
  }

  /** The session a refresh cookie belongs to, if the cookie is genuine (current or rotated). */
  async sessionOfCookie(cookie: string | undefined): Promise<string | undefined> {
    const parsed = parseRefreshCookie(cookie);
    if (!parsed) return undefined;
    const session = await this.sessions.findById(parsed.sessionId);
    const hash = this.tokenHash(parsed.sessionId, parsed.token);
    const genuine =
      session && [session.tokenHash, ...session.usedTokenHashes].some((h) => this.hasher.matches(h, hash));
    return genuine ? session._id : undefined;
  }

  /** Ends a session: refresh family dead in MongoDB, its access tokens refused at once (Redis). */
  async revoke(sessionId: string, reason: string): Promise<void> {
    await this.sessions.revoke(sessionId, reason, this.clock.now());
    await this.revoked.mark([sessionId], reason);
  }

  async revokeAllForUser(userId: string, reason: string): Promise<void> {
    await this.revoked.mark(await this.sessions.revokeAllForUser(userId, reason, this.clock.now()), reason);
  }

  private tokenHash(sessionId: string, token: string): string {
    return this.hasher.hash('refresh', sessionId, token);
  }
}
