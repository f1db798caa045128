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

function reason(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    return err instanceof TokenError ? err.reason : 'other';
  }
  return undefined;
}

describe('access tokens', () => {
  it('round-trips the claims', () => {
    expect(verifier.verify(signer.sign(claims))).toMatchObject({ ...claims, iss: 'core-vault-identity' });
  });

  it('rejects an expired token (beyond 30 s of skew)', () => {
    const token = signer.sign(claims, Date.now() - 20 * 60_000);
    expect(reason(() => verifier.verify(token))).toBe('expired');
  });

  it('rejects a token signed by another key', () => {
    const other = new AccessTokenSigner(generateTokenKeys().privateKey).sign(claims);
    expect(reason(() => verifier.verify(other))).toBe('bad-signature');
  });

  it('rejects a tampered payload (privilege escalation)', () => {
    const [h, p, s] = signer.sign(claims).split('.') as [string, string, string];
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), adm: true }),
    ).toString('base64url');
    expect(reason(() => verifier.verify(`${h}.${forged}.${s}`))).toBe('bad-signature');
  });

  it.each(['', 'abc', 'a.b', 'a.b.c.d', 'eyJhbGciOiJub25lIn0.e30.'])(
    'rejects malformed token %j',
    (token) => {
      expect(reason(() => verifier.verify(token))).toBe('malformed');
    },
  );
});
