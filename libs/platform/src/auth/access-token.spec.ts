import { SignJWT, UnsecuredJWT, importPKCS8 } from 'jose';
import { AccessTokenSigner, AccessTokenVerifier, TokenError, generateTokenKeys } from './access-token';

const keys = generateTokenKeys();
const signer = new AccessTokenSigner(keys.privateKey);
const verifier = new AccessTokenVerifier(keys.publicKey);
const claims = {
  sub: 'u1',
  email: 'a@b.co',
  sid: 's1',
  adm: false,
  act: true,
  plan: 'Pro',
  sts: 'TRIAL',
} as const;

async function reason(token: string | Promise<string>): Promise<string | undefined> {
  try {
    await verifier.verify(await token);
  } catch (err) {
    return err instanceof TokenError ? err.reason : 'other';
  }
  return undefined;
}

/** A token signed with the right key but otherwise as `shape` says (what a forger can vary). */
async function signedWith(shape: { alg?: string; iss?: string; aud?: string; typ?: string }) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: shape.alg ?? 'EdDSA', typ: shape.typ ?? 'JWT' })
    .setIssuer(shape.iss ?? 'core-vault-identity')
    .setAudience(shape.aud ?? 'core-vault-api')
    .setIssuedAt(now)
    .setExpirationTime(now + 60)
    .sign(await importPKCS8(keys.privateKey, 'EdDSA'));
}

describe('access tokens (jose, EdDSA)', () => {
  it('round-trips the claims, with issuer and audience', async () => {
    const token = await signer.sign(claims);
    expect(await verifier.verify(token)).toMatchObject({ ...claims, iss: 'core-vault-identity' });
    expect(JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString())).toEqual({
      alg: 'EdDSA',
      typ: 'JWT',
    });
  });

  it('rejects an expired token (beyond 30 s of skew) and accepts one within the skew', async () => {
    expect(await reason(signer.sign(claims, Date.now() - 20 * 60_000))).toBe('expired');
    expect(await reason(signer.sign(claims, Date.now() - 15 * 60_000 - 10_000))).toBeUndefined();
  });

  it('rejects a token for another audience or from another issuer', async () => {
    expect(await reason(signedWith({ aud: 'some-other-api' }))).toBe('bad-claims');
    expect(await reason(signedWith({ iss: 'someone-else' }))).toBe('bad-claims');
  });

  it('rejects a token signed by another key', async () => {
    const other = new AccessTokenSigner(generateTokenKeys().privateKey);
    expect(await reason(other.sign(claims))).toBe('bad-signature');
  });

  it('rejects other algorithms: an HS256 token keyed with the public key, and alg none', async () => {
    const now = Math.floor(Date.now() / 1000);
    const hs256 = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('core-vault-identity')
      .setAudience('core-vault-api')
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(new TextEncoder().encode(keys.publicKey));
    expect(await reason(hs256)).toBe('bad-algorithm');
    const none = new UnsecuredJWT({ ...claims, iss: 'core-vault-identity', aud: 'core-vault-api' })
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .encode();
    expect(await reason(none)).toBe('bad-algorithm');
  });

  it('rejects a tampered payload (privilege escalation)', async () => {
    const [h, p, s] = (await signer.sign(claims)).split('.') as [string, string, string];
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), adm: true }),
    ).toString('base64url');
    expect(await reason(`${h}.${forged}.${s}`)).toBe('bad-signature');
  });

  it('rejects well-signed claims that do not fit the contract', async () => {
    const token = await new SignJWT({ sub: 'u1', adm: 'yes' })
      .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT' })
      .setIssuer('core-vault-identity')
      .setAudience('core-vault-api')
      .setIssuedAt()
      .setExpirationTime('1m')
      .sign(await importPKCS8(keys.privateKey, 'EdDSA'));
    expect(await reason(token)).toBe('bad-claims');
  });

  it.each(['', 'abc', 'a.b', 'a.b.c.d', 'e30.e30.', 'x'.repeat(5000)])(
    'rejects malformed token %#',
    async (token) => {
      expect(await reason(token)).toBe('malformed');
    },
  );
});
