import { generateKeyPairSync } from 'node:crypto';
import { SignJWT, errors, importPKCS8, importSPKI, jwtVerify } from 'jose';
import {
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
  ACCESS_TOKEN_TTL_SECONDS,
  type AccessTokenClaims,
  accessTokenClaimsSchema,
} from '@core-vault/contracts';

/**
 * EdDSA (Ed25519), kept rather than moving to ES256: every deployed key pair and every token in
 * flight during a rolling upgrade stays valid, signatures are deterministic (no per-signature
 * nonce to get wrong, the failure that leaks ECDSA keys), and only our own services verify these
 * tokens, so ES256's wider third-party support buys nothing here. Pinned on verification: a
 * token naming any other algorithm (`none`, HS256 with the public key as secret) is refused.
 */
export const ACCESS_TOKEN_ALGORITHM = 'EdDSA';
const CLOCK_SKEW_SECONDS = 30;
const MAX_TOKEN_LENGTH = 4096;

export type TokenFailure = 'malformed' | 'bad-signature' | 'bad-algorithm' | 'expired' | 'bad-claims';

export class TokenError extends Error {
  constructor(readonly reason: TokenFailure) {
    super(`access token rejected: ${reason}`);
  }
}

export type UnsignedClaims = Omit<AccessTokenClaims, 'iat' | 'exp' | 'iss'>;

/** Signs access tokens (identity only holds the private key). */
export class AccessTokenSigner {
  private readonly key: ReturnType<typeof importPKCS8>;

  constructor(privateKeyPem: string) {
    this.key = importPKCS8(privateKeyPem, ACCESS_TOKEN_ALGORITHM);
    // A bad key surfaces on first use; this keeps it from being an unhandled rejection meanwhile.
    this.key.catch(() => undefined);
  }

  async sign(
    claims: UnsignedClaims,
    now = Date.now(),
    ttlSeconds = ACCESS_TOKEN_TTL_SECONDS,
  ): Promise<string> {
    const iat = Math.floor(now / 1000);
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, typ: 'JWT' })
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttlSeconds)
      .sign(await this.key);
  }
}

/** Verifies access tokens with the public key; every service holds one. */
export class AccessTokenVerifier {
  private readonly key: ReturnType<typeof importSPKI>;

  constructor(publicKeyPem: string) {
    this.key = importSPKI(publicKeyPem, ACCESS_TOKEN_ALGORITHM);
    this.key.catch(() => undefined);
  }

  async verify(token: string, now = Date.now()): Promise<AccessTokenClaims> {
    if (token.length > MAX_TOKEN_LENGTH) throw new TokenError('malformed');
    let payload: unknown;
    try {
      ({ payload } = await jwtVerify(token, await this.key, {
        algorithms: [ACCESS_TOKEN_ALGORITHM],
        issuer: ACCESS_TOKEN_ISSUER,
        audience: ACCESS_TOKEN_AUDIENCE,
        typ: 'JWT',
        requiredClaims: ['sub', 'iat', 'exp'],
        clockTolerance: CLOCK_SKEW_SECONDS,
        currentDate: new Date(now),
      }));
    } catch (err) {
      throw new TokenError(failureOf(err));
    }
    const claims = accessTokenClaimsSchema.safeParse(payload);
    if (!claims.success) throw new TokenError('bad-claims');
    return claims.data;
  }
}

function failureOf(err: unknown): TokenFailure {
  if (err instanceof errors.JWTExpired) return 'expired';
  if (err instanceof errors.JWTClaimValidationFailed) return 'bad-claims';
  if (err instanceof errors.JWSSignatureVerificationFailed) return 'bad-signature';
  if (err instanceof errors.JOSEAlgNotAllowed || err instanceof errors.JOSENotSupported)
    return 'bad-algorithm';
  if (err instanceof errors.JOSEError) return 'malformed';
  throw err;
}

/** A fresh Ed25519 key pair in PEM (tests, and the local development keys). */
export function generateTokenKeys(): { publicKey: string; privateKey: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}
