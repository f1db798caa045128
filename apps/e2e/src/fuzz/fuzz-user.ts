/**
 * A user as a new customer becomes one, through the public API only: sign up, sign in with the
 * e-mailed code, start the card-backed trial, and a fresh access token that carries the trial.
 */
import { uniqueSuffix, waitFor } from '@core-vault/platform/testing';
import { mailIds, waitForCode } from '../support/mail';

export interface SignedInUser {
  email: string;
  token: string;
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
  cookie: string;
}

async function call(
  gatewayUrl: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; cookie?: string } = {},
): Promise<Answer> {
  const res = await fetch(`${gatewayUrl}${path}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    cookie: res.headers.getSetCookie()[0]?.split(';')[0] ?? '',
  };
}

function expectStatus(answer: Answer, status: number, what: string): void {
  if (answer.status !== status)
    throw new Error(`${what}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`);
}

export async function signUpOnTrial(gatewayUrl: string, mailApiUrl: string): Promise<SignedInUser> {
  const email = `fuzz-${uniqueSuffix()}@example.com`;
  const password = 'fuzzing the front door';
  const signUp = await call(gatewayUrl, 'POST', '/api/v1/auth/sign-up', {
    body: {
      firstName: 'Fuzz',
      lastName: 'Tester',
      email,
      password,
      confirmPassword: password,
      planType: 'pro_monthly',
    },
  });
  expectStatus(signUp, 201, 'sign-up');

  const seen = await mailIds(mailApiUrl, email);
  const step1 = await call(gatewayUrl, 'POST', '/api/v1/auth/sign-in', { body: { email, password } });
  if (step1.body['code'] !== 'VERIFICATION_CODE_REQUIRED')
    throw new Error(`sign-in did not ask for a code: ${step1.status} ${JSON.stringify(step1.body)}`);
  const code = await waitForCode(mailApiUrl, email, seen);
  const step2 = await call(gatewayUrl, 'POST', '/api/v1/auth/sign-in', { body: { email, password: code } });
  expectStatus(step2, 200, 'sign-in with the code');
  const token = String(step2.body['token']);

  // The trial opens the plan's features to the fuzzer (uploads, analytics) instead of 403s.
  const trial = await call(gatewayUrl, 'POST', '/api/v1/billing/trial', {
    token,
    body: { planType: 'pro_monthly', paymentMethodId: 'pm_card_visa', firstName: 'Fuzz', lastName: 'Tester' },
  });
  expectStatus(trial, 200, 'trial');
  // Identity learns of the trial from billing's event; a refreshed token then carries it.
  await waitFor(
    async () => (await call(gatewayUrl, 'GET', '/api/v1/me', { token })).body['subscriptionStatus'],
    (status) => status === 'TRIAL',
    { timeoutMs: 30_000, intervalMs: 250, what: `${email} in trial` },
  );
  const refreshed = await call(gatewayUrl, 'POST', '/api/v1/auth/refresh', { cookie: step2.cookie });
  expectStatus(refreshed, 200, 'refresh');
  return { email, token: String(refreshed.body['token']) };
}

/**
 * Whether the token still opens the user's own data: a fuzzing run that ended its own session
 * partway would go on testing only "401 Unauthorized" while claiming to be signed in.
 */
export async function isStillSignedIn(gatewayUrl: string, token: string): Promise<boolean> {
  return (await call(gatewayUrl, 'GET', '/api/v1/me', { token })).status === 200;
}
