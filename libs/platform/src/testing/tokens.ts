import {
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
  ACCESS_TOKEN_TTL_SECONDS,
  type AccessTokenClaims,
} from '@core-vault/contracts';
import { type UnsignedClaims } from '../auth/access-token';
import { localDevKeys } from '../config/local-config';
import { SyncTokenSigner } from './sync-signer';

type Claims = UnsignedClaims;

/**
 * One signer (one worker thread) per key for the whole test process: starting a worker and
 * loading jose costs about half a second on a loaded machine, and suites mint tokens per request.
 */
const signers = new Map<string, SyncTokenSigner>();

function signerFor(privateKeyPem: string): SyncTokenSigner {
  let signer = signers.get(privateKeyPem);
  if (!signer) {
    signer = new SyncTokenSigner(privateKeyPem);
    signers.set(privateKeyPem, signer);
  }
  return signer;
}

/**
 * An access token as identity would issue it, signed with the local development key: a Pro
 * trial user unless `over` says otherwise. For suites that test what lies behind the gateway's
 * token check, not sign-in itself.
 */
export function devTokenFor(sub: string, over: Partial<Claims> = {}): string {
  const keys = localDevKeys();
  if (!keys) throw new Error('no config/local.json: cannot mint development tokens');
  const iat = Math.floor(Date.now() / 1000);
  const payload: AccessTokenClaims & { aud: string } = {
    sub,
    email: `${sub}@example.test`,
    sid: `sid-${sub}`,
    adm: false,
    act: true,
    plan: 'Pro',
    sts: 'TRIAL',
    ...over,
    iss: ACCESS_TOKEN_ISSUER,
    aud: ACCESS_TOKEN_AUDIENCE,
    iat,
    exp: iat + ACCESS_TOKEN_TTL_SECONDS,
  };
  return signerFor(keys.privateKey).sign(payload);
}

/**
 * Claims of a user who has signed up but not started a trial (what identity's sign-up leaves
 * behind): billing's suites start trials for such users, so they pass this as `over`.
 */
export const SIGNED_UP_CLAIMS: Partial<Claims> = { act: false, sts: 'NO_SUBSCRIPTION' };
