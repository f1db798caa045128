import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  type AccessTokenClaims,
  accessTokenClaimsSchema,
} from '@core-vault/contracts';

const HEADER = Buffer.from(JSON.stringify({ alg: 'EdDSA', typ: 'JWT' })).toString('base64url');
const CLOCK_SKEW_SECONDS = 30;

export type TokenFailure = 'malformed' | 'bad-signature' | 'expired' | 'bad-claims';

export class TokenError extends Error {
  constructor(readonly reason: TokenFailure) {
    super(`access token rejected: ${reason}`);
  }
}

/** Signs access tokens (identity only holds the private key). */
export class AccessTokenSigner {
  private readonly key: KeyObject;

  constructor(privateKeyPem: string) {
    this.key = createPrivateKey(privateKeyPem);
  }

  sign(
    claims: Omit<AccessTokenClaims, 'iat' | 'exp' | 'iss'>,
    now = Date.now(),
    ttlSeconds = ACCESS_TOKEN_TTL_SECONDS,
  ): string {
    const iat = Math.floor(now / 1000);
    const body: AccessTokenClaims = { ...claims, iat, exp: iat + ttlSeconds, iss: 'core-vault-identity' };
    const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
    const signature = sign(null, Buffer.from(`${HEADER}.${payload}`), this.key).toString('base64url');
    return `${HEADER}.${payload}.${signature}`;
  }
}

/** Verifies access tokens with the public key; every service holds one. */
export class AccessTokenVerifier {
  private readonly key: KeyObject;

  constructor(publicKeyPem: string) {
    this.key = createPublicKey(publicKeyPem);
  }

  verify(token: string, now = Date.now()): AccessTokenClaims {
    const parts = token.split('.');
    if (parts.length !== 3 || parts[0] !== HEADER || token.length > 4096) throw new TokenError('malformed');
    const [header, payload, signature] = parts as [string, string, string];
    const ok = verify(
      null,
      Buffer.from(`${header}.${payload}`),
      this.key,
      Buffer.from(signature, 'base64url'),
    );
    if (!ok) throw new TokenError('bad-signature');
    let raw: unknown;
    try {
      raw = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      throw new TokenError('malformed');
    }
    const claims = accessTokenClaimsSchema.safeParse(raw);
    if (!claims.success) throw new TokenError('bad-claims');
    if (claims.data.exp + CLOCK_SKEW_SECONDS < Math.floor(now / 1000)) throw new TokenError('expired');
    return claims.data;
  }
}

/** A fresh Ed25519 key pair in PEM (tests, and the local development keys). */
export function generateTokenKeys(): { publicKey: string; privateKey: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}
