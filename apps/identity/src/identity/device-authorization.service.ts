import { Inject, Injectable } from '@nestjs/common';
import {
  type AuthUser,
  DEVICE_CLIENTS,
  DEVICE_MESSAGES as M,
  DEVICE_POLL_ERRORS as E,
  DEVICE_VERIFICATION_PATH,
  type DeviceCodeResponse,
  type DeviceRequest,
  type DeviceTokenResponse,
  type MessageResult,
  type PersonalTokenScope,
  deviceTokenName,
  formatUserCode,
  normalizeUserCode,
} from '@core-vault/contracts';
import { APP_CONFIG, AppException, CLOCK, type Clock } from '@core-vault/platform';
import { type IdentityConfig } from '../config';
import { DeviceAuthorizationRepository } from './device-authorization.repository';
import { type DeviceAuthorization } from './device-authorization.schema';
import {
  SLOW_DOWN_STEP_SECONDS,
  decidePoll,
  hashDeviceCode,
  newDeviceCode,
  newUserCode,
} from './device-codes';
import { IdentityException } from './identity.exception';
import { PersonalTokenService } from './personal-token.service';
import { SecretHasher, newId } from './secrets';

/** A fresh user code collides with a live one about never; a few draws settle it. */
const MAX_USER_CODE_DRAWS = 5;

/** RFC 8628 §3.5's answers: HTTP 400, the RFC's code, the interval to keep (or start) polling at. */
const pollError = (code: string, message: string, interval?: number) =>
  new IdentityException(400, code, message, interval === undefined ? undefined : { interval });

/**
 * Device sign-ins (RFC 8628) for the command line: start (the CLI), poll (the CLI), and look up,
 * approve or deny (a signed-in person on the app's /device page). The key is minted at the first
 * poll after approval, for the approver, through the same rules as a key made on the account page.
 */
@Injectable()
export class DeviceAuthorizationService {
  constructor(
    private readonly auths: DeviceAuthorizationRepository,
    private readonly tokens: PersonalTokenService,
    private readonly hasher: SecretHasher,
    @Inject(APP_CONFIG) private readonly config: IdentityConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async start(body: {
    client_id: DeviceAuthorization['clientId'];
    scope: PersonalTokenScope[];
    hostname?: string | undefined;
  }): Promise<DeviceCodeResponse> {
    const now = this.clock.now();
    const deviceCode = newDeviceCode();
    for (let draw = 0; draw < MAX_USER_CODE_DRAWS; draw++) {
      const userCode = newUserCode();
      const stored = await this.auths.create({
        _id: newId('dev'),
        deviceCodeHash: hashDeviceCode(deviceCode),
        userCodeHash: this.userCodeHash(userCode),
        clientId: body.client_id,
        hostname: body.hostname ?? null,
        scopes: [...body.scope],
        status: 'pending',
        userId: null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + this.config.DEVICE_CODE_TTL_SECONDS * 1000),
        interval: this.config.DEVICE_CODE_INTERVAL_SECONDS,
        lastPolledAt: null,
        answeredAt: null,
        tokenId: null,
      });
      if (!stored) continue;
      const page = `${this.config.WEB_ORIGIN.replace(/\/+$/, '')}${DEVICE_VERIFICATION_PATH}`;
      const shown = formatUserCode(userCode);
      return {
        device_code: deviceCode,
        user_code: shown,
        verification_uri: page,
        verification_uri_complete: `${page}?code=${shown}`,
        expires_in: this.config.DEVICE_CODE_TTL_SECONDS,
        interval: this.config.DEVICE_CODE_INTERVAL_SECONDS,
      };
    }
    throw new AppException(503, 'SERVICE_UNAVAILABLE', 'Could not start a sign-in. Please try again.');
  }

  async poll(deviceCode: string): Promise<DeviceTokenResponse> {
    const auth = await this.auths.findByDeviceCode(hashDeviceCode(deviceCode));
    if (!auth) throw pollError(E.invalidGrant, M.invalidGrant);
    const now = this.clock.now();
    const decision = decidePoll(auth, now);
    switch (decision.kind) {
      case 'invalid_grant':
        throw pollError(E.invalidGrant, M.invalidGrant);
      case 'expired_token':
        throw pollError(E.expired, M.expired);
      case 'access_denied':
        throw pollError(E.denied, M.denied);
      case 'slow_down':
        await this.auths.recordPoll(auth._id, auth.lastPolledAt, now, decision.interval);
        throw pollError(E.slowDown, M.slowDown, decision.interval);
      case 'authorization_pending':
        if (await this.auths.recordPoll(auth._id, auth.lastPolledAt, now, auth.interval))
          throw pollError(E.pending, M.pending, auth.interval);
        // Another poll was recorded since this one read the sign-in: two at once, one is too fast.
        throw pollError(E.slowDown, M.slowDown, auth.interval + SLOW_DOWN_STEP_SECONDS);
      case 'exchange':
        return this.exchange(auth, now);
    }
  }

  /** One poll claims the approved sign-in, then the key is minted; a failed mint gives the claim back. */
  private async exchange(auth: DeviceAuthorization, now: Date): Promise<DeviceTokenResponse> {
    if (!auth.userId || !(await this.auths.claimForExchange(auth._id, now)))
      throw pollError(E.invalidGrant, M.invalidGrant);
    const name = deviceTokenName(auth.hostname);
    try {
      const created = await this.tokens.createFor(auth.userId, {
        name,
        scopes: auth.scopes,
        expiresInDays: null,
      });
      await this.auths.markExchanged(auth._id, created.personalToken.id);
      return { access_token: created.token, token_type: 'Bearer', scope: auth.scopes.join(' '), name };
    } catch (err) {
      await this.auths.releaseClaim(auth._id);
      throw err;
    }
  }

  async lookup(caller: AuthUser, typed: string): Promise<DeviceRequest> {
    const { auth, code } = await this.pendingFor(caller, typed);
    return {
      userCode: formatUserCode(code),
      clientId: auth.clientId,
      clientName: DEVICE_CLIENTS[auth.clientId],
      hostname: auth.hostname,
      scopes: auth.scopes,
      tokenName: deviceTokenName(auth.hostname),
      createdAt: auth.createdAt.toISOString(),
      expiresAt: auth.expiresAt.toISOString(),
    };
  }

  async approve(caller: AuthUser, typed: string): Promise<MessageResult> {
    const { auth } = await this.pendingFor(caller, typed);
    // The limit and the plan, said here to the person rather than to the terminal later.
    await this.tokens.assertCanCreate(caller.id, auth.scopes);
    await this.answer(auth, caller, 'approved');
    return { success: true, message: M.approved };
  }

  async deny(caller: AuthUser, typed: string): Promise<MessageResult> {
    const { auth } = await this.pendingFor(caller, typed);
    await this.answer(auth, caller, 'denied');
    return { success: true, message: M.deniedDone };
  }

  private async answer(auth: DeviceAuthorization, caller: AuthUser, status: 'approved' | 'denied') {
    const now = this.clock.now();
    if (!(await this.auths.answer(auth._id, caller.id, status, now))) {
      if (now >= auth.expiresAt) throw expired();
      throw new IdentityException(409, 'DEVICE_CODE_ANSWERED', M.answered);
    }
  }

  /** The live, unanswered sign-in a typed code names, or the error the page shows. */
  private async pendingFor(
    caller: AuthUser,
    typed: string,
  ): Promise<{ auth: DeviceAuthorization; code: string }> {
    if (caller.scopes) throw new AppException(403, 'INSUFFICIENT_SCOPE', M.sessionOnly);
    const code = normalizeUserCode(typed);
    if (!code) throw new IdentityException(400, 'VALIDATION_FAILED', M.badCode);
    const auth = await this.auths.findByUserCode(this.userCodeHash(code));
    if (!auth) throw new IdentityException(404, 'DEVICE_CODE_NOT_FOUND', M.notFound);
    if (this.clock.now() >= auth.expiresAt) throw expired();
    if (auth.status !== 'pending') throw new IdentityException(409, 'DEVICE_CODE_ANSWERED', M.answered);
    return { auth, code };
  }

  private userCodeHash(code: string): string {
    return this.hasher.hash('device-user-code', '', code);
  }
}

const expired = () => new IdentityException(400, 'DEVICE_CODE_EXPIRED', M.expired);
