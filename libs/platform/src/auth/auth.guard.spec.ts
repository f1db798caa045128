import { Controller, Get, Global, type INestApplication, Module, Post } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { SignJWT, importPKCS8 } from 'jose';
import { type AuthUser, type PersonalTokenScope } from '@core-vault/contracts';
import { Public } from '../http/public.decorator';
import { REDIS } from '../redis/redis.module';
import { AccessTokenSigner, type UnsignedClaims, generateTokenKeys } from './access-token';
import { AdminOnly, CurrentUser, OptionalUser, RequireFeature } from './auth.decorators';
import { AuthModule } from './auth.module';
import {
  hashPersonalToken,
  personalTokenKey,
  personalTokenOwnerKey,
  personalTokenUsedKey,
} from './personal-token';
import { revokedSessionKey } from './session-token.strategy';

/** The few Redis commands the strategies use, in memory; `status` as ioredis reports it. */
class FakeRedis {
  status = 'ready';
  readonly data = new Map<string, string>();
  readonly writes: string[] = [];
  get(key: string): Promise<string | null> {
    return Promise.resolve(this.data.get(key) ?? null);
  }
  exists(key: string): Promise<number> {
    return Promise.resolve(this.data.has(key) ? 1 : 0);
  }
  set(key: string, value: string): Promise<'OK'> {
    this.writes.push(key);
    this.data.set(key, value);
    return Promise.resolve('OK');
  }
}

@Controller('api/v1')
class Routes {
  @Get('me')
  me(@CurrentUser() user: AuthUser): AuthUser {
    return user;
  }
  @Get('artifacts')
  listArtifacts(@CurrentUser() user: AuthUser): { id: string } {
    return { id: user.id };
  }
  @RequireFeature('basic_upload')
  @Post('artifacts')
  createArtifact(): { ok: true } {
    return { ok: true };
  }
  @Get('collections')
  listCollections(): { ok: true } {
    return { ok: true };
  }
  @Get('personal-tokens')
  listKeys(): { ok: true } {
    return { ok: true };
  }
  @AdminOnly()
  @Get('onboarding/admin/queue')
  adminQueue(): { ok: true } {
    return { ok: true };
  }
  @Public()
  @Get('artifacts/public/:slug')
  publicView(@OptionalUser() user: AuthUser | null): { user: string | null } {
    return { user: user?.id ?? null };
  }
}

const keys = generateTokenKeys();
const signer = new AccessTokenSigner(keys.privateKey);
const redis = new FakeRedis();
const claims: UnsignedClaims = {
  sub: 'u1',
  email: 'u1@example.test',
  sid: 'ses_1',
  adm: false,
  act: true,
  plan: 'Pro',
  sts: 'TRIAL',
};

@Global()
@Module({ providers: [{ provide: REDIS, useValue: redis }], exports: [REDIS] })
class FakeRedisModule {}

let app: INestApplication;
let baseUrl = '';

beforeAll(async () => {
  const moduleRef = await Test.createTestingModule({
    imports: [FakeRedisModule, AuthModule.forRoot({ publicKey: keys.publicKey })],
    controllers: [Routes],
  }).compile();
  app = moduleRef.createNestApplication({ logger: false });
  await app.listen(0, '127.0.0.1');
  baseUrl = await app.getUrl();
});

afterAll(() => app.close());

beforeEach(() => {
  redis.status = 'ready';
});

async function call(method: 'get' | 'post', path: string, token?: string) {
  const res = await fetch(`${baseUrl}${path}`, {
    method: method.toUpperCase(),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A personal access token as identity projects it into Redis. */
function personalToken(
  over: {
    scopes?: PersonalTokenScope[];
    exp?: number | null;
    owner?: boolean;
    sub?: string;
    prefix?: 'cvpat_' | 'cvp_';
    plan?: 'Pro' | 'Business';
  } = {},
): string {
  const random = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
  const secret = `${over.prefix ?? 'cvpat_'}${random}`;
  const sub = over.sub ?? `u-${random.slice(0, 8)}`;
  const tid = `pat_${random.slice(8, 16)}`;
  redis.data.set(
    personalTokenKey(hashPersonalToken(secret)),
    JSON.stringify({ tid, sub, scp: over.scopes ?? ['artifacts:read'], exp: over.exp ?? null }),
  );
  if (over.owner !== false)
    redis.data.set(
      personalTokenOwnerKey(sub),
      JSON.stringify({
        email: `${sub}@example.test`,
        adm: false,
        act: true,
        plan: over.plan ?? 'Pro',
        sts: 'ACTIVE',
      }),
    );
  return secret;
}

describe('AuthGuard: session JWT strategy', () => {
  it('admits a valid token and gives the route its claims', async () => {
    const res = await call('get', '/api/v1/me', await signer.sign(claims));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: 'u1', sessionId: 'ses_1', planType: 'Pro' });
    expect(res.body).not.toHaveProperty('scopes');
  });

  it('answers 401 UNAUTHENTICATED without a token, and ignores a token in the query string', async () => {
    const token = await signer.sign(claims);
    for (const res of [
      await call('get', '/api/v1/me'),
      await call('get', `/api/v1/me?access_token=${token}`),
    ])
      expect([res.status, res.body.code]).toEqual([401, 'UNAUTHENTICATED']);
  });

  it.each([
    ['expired', () => signer.sign(claims, Date.now() - 20 * 60_000)],
    ['for another audience', () => forged({ aud: 'another-api' })],
    ['from another issuer', () => forged({ iss: 'someone-else' })],
    ['signed by another key', () => new AccessTokenSigner(generateTokenKeys().privateKey).sign(claims)],
    ['signed with HS256 and the public key', () => forged({ alg: 'HS256' })],
    ['tampered with', () => tampered()],
  ])('answers 401 SESSION_EXPIRED for a token %s', async (_, token) => {
    const res = await call('get', '/api/v1/me', await token());
    expect([res.status, res.body.code]).toEqual([401, 'SESSION_EXPIRED']);
  });

  it('refuses the token of a signed-out session', async () => {
    redis.data.set(revokedSessionKey('ses_revoked'), 'sign-out');
    const res = await call('get', '/api/v1/me', await signer.sign({ ...claims, sid: 'ses_revoked' }));
    expect([res.status, res.body.code]).toEqual([401, 'SESSION_EXPIRED']);
  });

  it('answers 503 rather than guess when Redis cannot say whether the session was revoked', async () => {
    const token = await signer.sign(claims);
    redis.status = 'end';
    expect((await call('get', '/api/v1/me', token)).status).toBe(503);
  });

  it('keeps @AdminOnly and @RequireFeature', async () => {
    expect((await call('get', '/api/v1/onboarding/admin/queue', await signer.sign(claims))).status).toBe(403);
    const admin = await signer.sign({ ...claims, adm: true });
    expect((await call('get', '/api/v1/onboarding/admin/queue', admin)).status).toBe(200);
    const free = await call(
      'post',
      '/api/v1/artifacts',
      await signer.sign({ ...claims, plan: 'Free', act: false }),
    );
    expect([free.status, free.body.code]).toEqual([403, 'FEATURE_NOT_AVAILABLE']);
  });

  it('treats a bad token on a public route as anonymous', async () => {
    const res = await call('get', '/api/v1/artifacts/public/x', 'not-a-token');
    expect([res.status, res.body]).toEqual([200, { user: null }]);
    const ok = await call('get', '/api/v1/artifacts/public/x', await signer.sign(claims));
    expect(ok.body).toEqual({ user: 'u1' });
  });
});

describe('AuthGuard: personal access token strategy', () => {
  it('admits a valid key within its scope, as its owner, with the scopes on the caller', async () => {
    const key = personalToken({ sub: 'owner-1' });
    expect((await call('get', '/api/v1/artifacts', key)).body).toEqual({ id: 'owner-1' });
    const me = await call('get', '/api/v1/me', key);
    expect(me.body).toMatchObject({ id: 'owner-1', scopes: ['artifacts:read'] });
  });

  it('still admits a key issued before cvpat_ (cvp_ + 43 characters)', async () => {
    const key = personalToken({ sub: 'owner-legacy', prefix: 'cvp_' });
    expect(key).toMatch(/^cvp_[A-Za-z0-9_-]{43}$/);
    expect((await call('get', '/api/v1/artifacts', key)).body).toEqual({ id: 'owner-legacy' });
  });

  it('answers 403 INSUFFICIENT_SCOPE for a route the key has no scope for', async () => {
    const readOnly = personalToken({ scopes: ['artifacts:read'] });
    const res = await call('post', '/api/v1/artifacts', readOnly);
    expect([res.status, res.body.code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    const writer = personalToken({ scopes: ['artifacts:write'] });
    expect((await call('post', '/api/v1/artifacts', writer)).status).toBe(201);
  });

  it('admits a Business scope while the owner holds api_access, and refuses it the moment they lose it', async () => {
    const key = personalToken({ sub: 'owner-biz', scopes: ['collections:read'], plan: 'Business' });
    expect((await call('get', '/api/v1/collections', key)).status).toBe(200);
    // Billing moved the owner to Pro: identity rewrites the owner facts, the next request is refused.
    redis.data.set(
      personalTokenOwnerKey('owner-biz'),
      JSON.stringify({ email: 'b@example.test', adm: false, act: true, plan: 'Pro', sts: 'ACTIVE' }),
    );
    const res = await call('get', '/api/v1/collections', key);
    expect([res.status, res.body.code]).toEqual([403, 'FEATURE_NOT_AVAILABLE']);
    expect(res.body.message).toMatch(/API access/);
    // Its artifacts scopes, were it to hold any, are no Business feature.
    const proKey = personalToken({ scopes: ['artifacts:read', 'collections:read'] });
    expect((await call('get', '/api/v1/artifacts', proKey)).status).toBe(200);
    expect((await call('get', '/api/v1/collections', proKey)).status).toBe(403);
  });

  it('refuses collections to a key with only the artifacts scopes', async () => {
    const key = personalToken({ scopes: ['artifacts:read', 'artifacts:write'], plan: 'Business' });
    const res = await call('get', '/api/v1/collections', key);
    expect([res.status, res.body.code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
  });

  it('never reaches routes outside the scoped contexts (a key cannot manage keys)', async () => {
    const key = personalToken({ scopes: ['artifacts:read', 'artifacts:write'] });
    expect((await call('get', '/api/v1/personal-tokens', key)).status).toBe(403);
  });

  it.each([
    ['unknown or revoked (no record)', () => `cvpat_${'A'.repeat(43)}`],
    ['expired', () => personalToken({ exp: Date.now() - 1000 })],
    ['of a deleted user (no owner facts)', () => personalToken({ owner: false })],
    ['not in the key format', () => 'cvpat_short'],
    ['in the older cvp_ format', () => `cvp_${'A'.repeat(43)}`],
  ])('answers 401 INVALID_TOKEN (not "session expired") for a key %s', async (_, key) => {
    const res = await call('get', '/api/v1/artifacts', key());
    expect([res.status, res.body.code]).toEqual([401, 'INVALID_TOKEN']);
  });

  it('answers a token with an unknown prefix as any bad session token', async () => {
    const res = await call('get', '/api/v1/artifacts', `cvx_${'A'.repeat(43)}`);
    expect([res.status, res.body.code]).toEqual([401, 'SESSION_EXPIRED']);
  });

  it('stops admitting a key the moment its record is deleted (revoked)', async () => {
    const key = personalToken();
    expect((await call('get', '/api/v1/artifacts', key)).status).toBe(200);
    redis.data.delete(personalTokenKey(hashPersonalToken(key)));
    expect((await call('get', '/api/v1/artifacts', key)).status).toBe(401);
  });

  it('records the last use at most once a minute per key', async () => {
    const key = personalToken({ sub: 'owner-used' });
    const record = JSON.parse(redis.data.get(personalTokenKey(hashPersonalToken(key))) ?? '{}') as {
      tid: string;
    };
    const before = Date.now();
    for (let i = 0; i < 3; i++) await call('get', '/api/v1/artifacts', key);
    expect(redis.writes.filter((k) => k === personalTokenUsedKey(record.tid))).toHaveLength(1);
    expect(Number(redis.data.get(personalTokenUsedKey(record.tid)))).toBeGreaterThanOrEqual(before);
  });

  it('answers 503 when Redis cannot be asked about a key', async () => {
    const key = personalToken();
    redis.status = 'end';
    expect((await call('get', '/api/v1/artifacts', key)).status).toBe(503);
  });
});

async function forged(shape: { alg?: string; iss?: string; aud?: string }): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const key =
    shape.alg === 'HS256'
      ? new TextEncoder().encode(keys.publicKey)
      : await importPKCS8(keys.privateKey, 'EdDSA');
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: shape.alg ?? 'EdDSA', typ: 'JWT' })
    .setIssuer(shape.iss ?? 'core-vault-identity')
    .setAudience(shape.aud ?? 'core-vault-api')
    .setIssuedAt(now)
    .setExpirationTime(now + 60)
    .sign(key);
}

async function tampered(): Promise<string> {
  const [h, p, s] = (await signer.sign(claims)).split('.') as [string, string, string];
  const body = { ...(JSON.parse(Buffer.from(p, 'base64url').toString()) as object), adm: true };
  return `${h}.${Buffer.from(JSON.stringify(body)).toString('base64url')}.${s}`;
}
