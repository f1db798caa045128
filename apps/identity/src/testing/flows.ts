import { type SessionUser } from '@core-vault/contracts';
import { testInfra, waitFor } from '@core-vault/platform/testing';
import { call, codeIn, latestMail, mailCount } from './http';
import { registration } from './factories';

const { mailApiUrl } = testInfra();

export interface SignedIn {
  email: string;
  password: string;
  user: SessionUser;
  token: string;
  /** `name=value`, ready for a Cookie header. */
  cookie: string;
}

/** Registers an account and returns its address and password. */
export async function signUp(baseUrl: string, over: Record<string, unknown> = {}) {
  const body = registration(over);
  const res = await call<{ user: SessionUser }>(baseUrl, 'POST', '/api/v1/auth/sign-up', body);
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { email: body.email, password: body.password, user: res.body.user };
}

/** Step 1 of sign-in, then the code from the mail sink. */
export async function requestCode(baseUrl: string, email: string, password: string): Promise<string> {
  const before = await mailCount(mailApiUrl, email);
  const step1 = await call(baseUrl, 'POST', '/api/v1/auth/sign-in', { email, password });
  if (step1.body['code'] !== 'VERIFICATION_CODE_REQUIRED')
    throw new Error(`step 1: ${JSON.stringify(step1.body)}`);
  await waitFor(
    () => mailCount(mailApiUrl, email),
    (n) => n > before,
    { what: `code mail to ${email}` },
  );
  return codeIn(await latestMail(mailApiUrl, email));
}

export async function signUpAndSignIn(
  baseUrl: string,
  over: Record<string, unknown> = {},
): Promise<SignedIn> {
  const { email, password } = await signUp(baseUrl, over);
  return signIn(baseUrl, email, password);
}

export async function signIn(baseUrl: string, email: string, password: string): Promise<SignedIn> {
  const code = await requestCode(baseUrl, email, password);
  const res = await call<{ user: SessionUser; token: string }>(baseUrl, 'POST', '/api/v1/auth/sign-in', {
    email,
    password: code,
  });
  if (res.status !== 200) throw new Error(`step 2: ${res.status} ${JSON.stringify(res.body)}`);
  const [name, value] = Object.entries(res.cookies)[0] ?? [];
  return { email, password, user: res.body.user, token: res.body.token, cookie: `${name}=${value}` };
}
