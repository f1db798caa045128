import { type AccessTokenClaims } from '@core-vault/contracts';
import { AccessTokenSigner } from '../auth/access-token';
import { localDevKeys } from '../config/local-config';

type Claims = Omit<AccessTokenClaims, 'iat' | 'exp' | 'iss'>;

/**
 * An access token as identity would issue it, signed with the local development key: a Pro
 * trial user unless `over` says otherwise. For suites that test what lies behind the gateway's
 * token check, not sign-in itself.
 */
export function devTokenFor(sub: string, over: Partial<Claims> = {}): string {
  const keys = localDevKeys();
  if (!keys) throw new Error('no config/local.json: cannot mint development tokens');
  return new AccessTokenSigner(keys.privateKey).sign({
    sub,
    email: `${sub}@example.test`,
    sid: `sid-${sub}`,
    adm: false,
    act: true,
    plan: 'Pro',
    sts: 'TRIAL',
    ...over,
  });
}

/**
 * Claims of a user who has signed up but not started a trial (what identity's sign-up leaves
 * behind): billing's suites start trials for such users, so they pass this as `over`.
 */
export const SIGNED_UP_CLAIMS: Partial<Claims> = { act: false, sts: 'NO_SUBSCRIPTION' };
