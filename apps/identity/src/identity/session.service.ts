import { Inject, Injectable } from '@nestjs/common';
import { type Logger } from 'pino';
import {
  type ActiveSessionList,
  type AuthUser,
  type MessageResult,
  SESSION_MESSAGES,
} from '@core-vault/contracts';
import { APP_CONFIG, AccessTokenSigner, AppException, CLOCK, type Clock, LOGGER } from '@core-vault/platform';
import { type IdentityConfig } from '../config';
import { IdentityException } from './identity.exception';
import { parseRefreshCookie } from './refresh-cookie';
import { RevokedSessions } from './revoked-sessions';
import { SecretHasher, newId, newRefreshToken } from './secrets';
import { SessionRepository } from './session.repository';
import { type Session } from './session.schema';
import { claimsFor } from './session-user.view';
import { USER_AGENT_MAX, describeUserAgent } from './user-agent';
import { type User } from './user.schema';

export interface IssuedSession {
  sessionId: string;
  /** Cookie value `<sessionId>.<refresh token>`. */
  refreshCookie: string;
  accessToken: string;
  expiresAt: Date;
}

export interface RotatedSession {
  userId: string;
  sessionId: string;
  refreshCookie: string;
  expiresAt: Date;
}

/**
 * Sessions: a short-lived signed access token plus a rotating refresh token (stored as an HMAC)
 * per sign-in. Rotation on every refresh; a rotated token seen again revokes the whole family —
 * except within the grace window right after its rotation (SESSION_REFRESH_GRACE_SECONDS), where
 * it yields the very same successor: a browser opening several tabs at once sends one cookie
 * several times, and that is not theft (Auth0's and Okta's rotation allow the same leeway).
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
      userAgent: null,
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

  /** The browser a session was signed in from, for the list on /account (capped: client-controlled). */
  async recordUserAgent(sessionId: string, userAgent: string | undefined): Promise<void> {
    if (userAgent) await this.sessions.setUserAgent(sessionId, userAgent.slice(0, USER_AGENT_MAX));
  }

  accessToken(user: User, isAdmin: boolean, sessionId: string): Promise<string> {
    return this.signer.sign(claimsFor(user, isAdmin, sessionId), this.clock.now().getTime());
  }

  /**
   * Exchanges a refresh cookie for its successor. Returns the session's user id and the new
   * cookie; any failure is the same 401 so a caller learns nothing about why.
   *
   * The successor is derived from the presented token (a keyed hash, so only the server can
   * derive it) rather than drawn at random: every request racing with one token computes the
   * same successor, one conditional update stores it, and the losers find it already current and
   * answer with it too. No second copy of any token is stored, no transaction is needed.
   */
  async rotate(cookie: string | undefined): Promise<RotatedSession> {
    const parsed = parseRefreshCookie(cookie);
    if (!parsed) throw IdentityException.sessionExpired();
    const { sessionId, token } = parsed;
    const now = this.clock.now();
    const currentHash = this.tokenHash(sessionId, token);
    const next = this.successor(sessionId, token);
    const nextHash = this.tokenHash(sessionId, next);
    const issued = (s: Session): RotatedSession => ({
      userId: s.userId,
      sessionId,
      refreshCookie: `${sessionId}.${next}`,
      expiresAt: s.expiresAt,
    });
    const rotated = await this.sessions.rotate(sessionId, currentHash, nextHash, now);
    if (rotated) return issued(rotated);
    const session = await this.sessions.findById(sessionId);
    if (!session) throw IdentityException.sessionExpired();
    if (this.withinGrace(session, nextHash, now)) return issued(session);
    if (session.usedTokenHashes.some((h) => this.hasher.matches(h, currentHash))) {
      // A token that was already exchanged came back too late: one of the two holders is a thief.
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

  /** The caller's live sessions for /account, the one the request comes from marked. */
  async list(caller: AuthUser): Promise<ActiveSessionList> {
    sessionOnly(caller);
    const live = await this.sessions.findLiveByUser(caller.id, this.clock.now());
    return {
      sessions: live.map((s) => ({
        id: s._id,
        ...describeUserAgent(s.userAgent),
        createdAt: s.createdAt.toISOString(),
        lastUsedAt: (s.lastRefreshedAt ?? s.createdAt).toISOString(),
        current: s._id === caller.sessionId,
      })),
    };
  }

  /** Ends one of the caller's own sessions; someone else's is "not found", like a missing one. */
  async end(caller: AuthUser, sessionId: string): Promise<MessageResult> {
    sessionOnly(caller);
    if (!(await this.sessions.revokeOwned(sessionId, caller.id, 'ended-by-user', this.clock.now())))
      throw new AppException(404, 'SESSION_NOT_FOUND', SESSION_MESSAGES.notFound);
    await this.revoked.mark([sessionId], 'ended-by-user');
    return { success: true, message: SESSION_MESSAGES.ended };
  }

  async signOutOthers(caller: AuthUser): Promise<MessageResult> {
    sessionOnly(caller);
    await this.revokeOthers(caller.id, caller.sessionId);
    return { success: true, message: SESSION_MESSAGES.othersEnded };
  }

  /** Ends every live session of a user but `keepSessionId` (sign out others, password change). */
  async revokeOthers(userId: string, keepSessionId: string, reason = 'signed-out-elsewhere'): Promise<void> {
    const ids = await this.sessions.revokeAllForUser(userId, reason, this.clock.now(), keepSessionId);
    await this.revoked.mark(ids, reason);
  }

  /** Ends a session: refresh family dead in MongoDB, its access tokens refused at once (Redis). */
  async revoke(sessionId: string, reason: string): Promise<void> {
    await this.sessions.revoke(sessionId, reason, this.clock.now());
    await this.revoked.mark([sessionId], reason);
  }

  async revokeAllForUser(userId: string, reason: string): Promise<void> {
    await this.revoked.mark(await this.sessions.revokeAllForUser(userId, reason, this.clock.now()), reason);
  }

  /**
   * The presented token is the direct predecessor of the current one (its successor is current),
   * rotated no longer than the grace window ago, in a live family.
   */
  private withinGrace(session: Session, nextHash: string, now: Date): boolean {
    const rotatedAt = session.lastRefreshedAt?.getTime();
    return (
      rotatedAt !== undefined &&
      session.revokedAt === null &&
      session.expiresAt > now &&
      this.hasher.matches(session.tokenHash, nextHash) &&
      now.getTime() - rotatedAt <= this.config.SESSION_REFRESH_GRACE_SECONDS * 1000
    );
  }

  /** 43 base64url characters, like a random refresh token; its own purpose, never a stored hash. */
  private successor(sessionId: string, token: string): string {
    return this.hasher.hash('refresh-successor', sessionId, token);
  }

  private tokenHash(sessionId: string, token: string): string {
    return this.hasher.hash('refresh', sessionId, token);
  }
}

/** Personal access tokens never manage sessions (the auth guard refuses them here already). */
function sessionOnly(caller: AuthUser): void {
  if (caller.scopes) throw new AppException(403, 'INSUFFICIENT_SCOPE', SESSION_MESSAGES.sessionOnly);
}
