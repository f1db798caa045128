import {
  type CreatePersonalTokenBody,
  type CreatedPersonalToken,
  DEVICE_MESSAGES,
  deviceCodeRequestSchema,
} from '@core-vault/contracts';
import { AppException } from '@core-vault/platform';
import { authUser } from '@core-vault/platform/testing';
import { type IdentityConfig } from '../config';
import { type DeviceAuthorizationRepository } from './device-authorization.repository';
import { type DeviceAuthorization } from './device-authorization.schema';
import { DeviceAuthorizationService } from './device-authorization.service';
import { IdentityException } from './identity.exception';
import { type PersonalTokenService } from './personal-token.service';
import { SecretHasher } from './secrets';

const as = <T>(fake: Partial<T>): T => fake as T;
const T0 = new Date('2026-12-07T12:00:00.000Z');
const person = authUser({ id: 'usr_ada', sessionId: 'ses_1' });

/** The repository's promises, in memory: every step is conditional on the state it expects. */
class FakeAuths implements Partial<DeviceAuthorizationRepository> {
  readonly docs: DeviceAuthorization[] = [];
  create(auth: DeviceAuthorization) {
    if (this.docs.some((d) => d.userCodeHash === auth.userCodeHash)) return Promise.resolve(false);
    this.docs.push({ ...auth });
    return Promise.resolve(true);
  }
  findByDeviceCode(hash: string) {
    const doc = this.docs.find((d) => d.deviceCodeHash === hash);
    return Promise.resolve(doc ? { ...doc } : null);
  }
  findByUserCode(hash: string) {
    const doc = this.docs.find((d) => d.userCodeHash === hash);
    return Promise.resolve(doc ? { ...doc } : null);
  }
  private update(id: string, when: (d: DeviceAuthorization) => boolean, set: Partial<DeviceAuthorization>) {
    const doc = this.docs.find((d) => d._id === id && when(d));
    if (doc) Object.assign(doc, set);
    return Promise.resolve(Boolean(doc));
  }
  recordPoll(id: string, seen: Date | null, now: Date, interval: number) {
    return this.update(id, (d) => d.lastPolledAt?.getTime() === seen?.getTime(), {
      lastPolledAt: now,
      interval,
    });
  }
  answer(id: string, userId: string, status: 'approved' | 'denied', now: Date) {
    return this.update(id, (d) => d.status === 'pending' && d.expiresAt > now, {
      status,
      userId,
      answeredAt: now,
    });
  }
  claimForExchange(id: string, now: Date) {
    return this.update(id, (d) => d.status === 'approved' && d.expiresAt > now, {
      status: 'exchanging',
      lastPolledAt: now,
    });
  }
  async markExchanged(id: string, tokenId: string) {
    await this.update(id, (d) => d.status === 'exchanging', { status: 'exchanged', tokenId });
  }
  async releaseClaim(id: string) {
    await this.update(id, (d) => d.status === 'exchanging', { status: 'approved' });
  }
}

class FakeKeys implements Partial<PersonalTokenService> {
  readonly made: Array<{ userId: string; body: CreatePersonalTokenBody }> = [];
  failWith: Error | null = null;
  refuseWith: Error | null = null;
  createFor(userId: string, body: CreatePersonalTokenBody): Promise<CreatedPersonalToken> {
    if (this.failWith) return Promise.reject(this.failWith);
    this.made.push({ userId, body });
    const n = this.made.length;
    return Promise.resolve({
      token: `cvpat_${String(n).repeat(43)}`,
      personalToken: {
        id: `pat_${n}`,
        name: body.name,
        prefix: 'cvpat_1111',
        scopes: body.scopes,
        createdAt: T0.toISOString(),
        expiresAt: null,
        lastUsedAt: null,
        revokedAt: null,
      },
    });
  }
  assertCanCreate(): Promise<void> {
    return this.refuseWith ? Promise.reject(this.refuseWith) : Promise.resolve();
  }
}

function setup() {
  let now = T0;
  const auths = new FakeAuths();
  const keys = new FakeKeys();
  const config = as<IdentityConfig>({
    WEB_ORIGIN: 'https://vault.test/',
    DEVICE_CODE_TTL_SECONDS: 600,
    DEVICE_CODE_INTERVAL_SECONDS: 5,
  });
  const service = new DeviceAuthorizationService(
    as<DeviceAuthorizationRepository>(auths),
    as<PersonalTokenService>(keys),
    new SecretHasher('k'.repeat(32)),
    config,
    { now: () => now },
  );
  const start = (hostname = 'ada-laptop') =>
    service.start(deviceCodeRequestSchema.parse({ client_id: 'corevault-cli', hostname }));
  const wait = (seconds: number) => (now = new Date(now.getTime() + seconds * 1000));
  return { service, auths, keys, start, wait };
}

/** The RFC code a refused poll answers, with its details. */
async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (err) {
    if (!(err instanceof AppException)) throw err;
    return { status: err.getStatus(), code: err.code, details: err.details };
  }
  throw new Error('expected a refusal');
}

describe('device sign-in (RFC 8628)', () => {
  it('starts with the app page, a code to type and one to poll with; stores neither code', async () => {
    const { start, auths } = setup();
    const started = await start();
    expect(started).toMatchObject({
      verification_uri: 'https://vault.test/device',
      verification_uri_complete: `https://vault.test/device?code=${started.user_code}`,
      expires_in: 600,
      interval: 5,
    });
    expect(started.user_code).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
    const stored = JSON.stringify(auths.docs);
    expect(stored).not.toContain(started.device_code);
    expect(stored).not.toContain(started.user_code.replace('-', ''));
    expect(auths.docs[0]).toMatchObject({
      scopes: ['artifacts:read', 'artifacts:write'],
      hostname: 'ada-laptop',
    });
  });

  it('is pending, slows a fast poller down, then hands the approved key over exactly once', async () => {
    const { service, start, wait, keys } = setup();
    const { device_code, user_code } = await start();
    expect(await refusal(service.poll(device_code))).toEqual({
      status: 400,
      code: 'authorization_pending',
      details: { interval: 5 },
    });
    wait(1);
    expect(await refusal(service.poll(device_code))).toMatchObject({
      code: 'slow_down',
      details: { interval: 10 },
    });
    // The raised interval holds: 6 s later is still too soon.
    wait(6);
    expect(await refusal(service.poll(device_code))).toMatchObject({
      code: 'slow_down',
      details: { interval: 15 },
    });

    const shown = await service.lookup(person, user_code.toLowerCase());
    expect(shown).toMatchObject({
      userCode: user_code,
      clientName: 'Core Vault CLI',
      tokenName: 'corevault CLI on ada-laptop',
    });
    await expect(service.approve(person, user_code)).resolves.toEqual({
      success: true,
      message: DEVICE_MESSAGES.approved,
    });

    wait(15);
    const granted = await service.poll(device_code);
    expect(granted).toMatchObject({
      token_type: 'Bearer',
      scope: 'artifacts:read artifacts:write',
      name: 'corevault CLI on ada-laptop',
    });
    expect(keys.made).toEqual([
      {
        userId: 'usr_ada',
        body: {
          name: 'corevault CLI on ada-laptop',
          scopes: ['artifacts:read', 'artifacts:write'],
          expiresInDays: null,
        },
      },
    ]);
    wait(15);
    expect(await refusal(service.poll(device_code))).toMatchObject({ code: 'invalid_grant' });
    expect(keys.made).toHaveLength(1);
  });

  it('gives one key to two polls that arrive together', async () => {
    const { service, start, keys } = setup();
    const { device_code, user_code } = await start();
    await service.approve(person, user_code);
    const answers = await Promise.allSettled([service.poll(device_code), service.poll(device_code)]);
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    expect(keys.made).toHaveLength(1);
  });

  it('keeps the approval when minting fails, so nothing is half done', async () => {
    const { service, start, keys, auths } = setup();
    const { device_code, user_code } = await start();
    await service.approve(person, user_code);
    keys.failWith = new IdentityException(409, 'TOO_MANY_TOKENS', 'too many');
    expect(await refusal(service.poll(device_code))).toMatchObject({ status: 409, code: 'TOO_MANY_TOKENS' });
    expect(auths.docs[0]?.status).toBe('approved');
    keys.failWith = null;
    await expect(service.poll(device_code)).resolves.toMatchObject({ token_type: 'Bearer' });
  });

  it('denied: access_denied to the device, no key; answered once', async () => {
    const { service, start, keys } = setup();
    const { device_code, user_code } = await start();
    await expect(service.deny(person, user_code)).resolves.toMatchObject({
      message: DEVICE_MESSAGES.deniedDone,
    });
    expect(await refusal(service.poll(device_code))).toMatchObject({ code: 'access_denied' });
    expect(await refusal(service.approve(person, user_code))).toMatchObject({
      status: 409,
      code: 'DEVICE_CODE_ANSWERED',
    });
    expect(keys.made).toEqual([]);
  });

  it('expired: expired_token to the device, and the page says so', async () => {
    const { service, start, wait } = setup();
    const { device_code, user_code } = await start();
    wait(600);
    expect(await refusal(service.poll(device_code))).toMatchObject({ code: 'expired_token' });
    expect(await refusal(service.lookup(person, user_code))).toMatchObject({
      status: 400,
      code: 'DEVICE_CODE_EXPIRED',
    });
    expect(await refusal(service.approve(person, user_code))).toMatchObject({ code: 'DEVICE_CODE_EXPIRED' });
  });

  it('refuses unknown and malformed codes, a key instead of a session, and says the limit before approving', async () => {
    const { service, start, keys, auths } = setup();
    const { user_code } = await start();
    expect(await refusal(service.poll(`cvdc_${'x'.repeat(43)}`))).toMatchObject({ code: 'invalid_grant' });
    expect(await refusal(service.lookup(person, 'BBBB-BBBB'))).toMatchObject({
      status: 404,
      code: 'DEVICE_CODE_NOT_FOUND',
    });
    expect(await refusal(service.lookup(person, 'ABCD-1234'))).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
    const key = authUser({ id: 'usr_ada', sessionId: 'pat_1', scopes: ['artifacts:read'] });
    expect(await refusal(service.approve(key, user_code))).toMatchObject({ status: 403 });
    keys.refuseWith = new IdentityException(409, 'TOO_MANY_TOKENS', 'too many');
    expect(await refusal(service.approve(person, user_code))).toMatchObject({ code: 'TOO_MANY_TOKENS' });
    expect(auths.docs[0]?.status).toBe('pending');
  });
});
