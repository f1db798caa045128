import { type Logger } from 'pino';
import { type Clock, type MailMessage, type Mailer } from '@core-vault/platform';
import { type CodeRepository, codeId } from './code.repository';
import { type CodePurpose, type VerificationCode } from './code.schema';
import {
  CODE_MAX_WRONG_ATTEMPTS,
  CODE_TTL_MINUTES,
  CodeService,
  PASSWORD_PROOF_TTL_MINUTES,
} from './code.service';
import { type SecretHasher } from './secrets';

/** The service sees only the methods a fake gives; this is the one place that says so. */
const as = <T>(fake: Partial<T>): T => fake as T;

const MIN = 60_000;
const user = { _id: 'u1', email: 'u1@example.test' };

/** Codes in memory, with the repository's guarantees: a try is taken only from a live code. */
class FakeCodes implements Partial<CodeRepository> {
  readonly docs = new Map<string, VerificationCode>();
  replace(code: VerificationCode): Promise<void> {
    this.docs.set(code._id, { ...code });
    return Promise.resolve();
  }
  findCode(purpose: CodePurpose, userId: string): Promise<VerificationCode | null> {
    return Promise.resolve(this.docs.get(codeId(purpose, userId)) ?? null);
  }
  takeAttempt(
    purpose: CodePurpose,
    userId: string,
    max: number,
    now: Date,
  ): Promise<VerificationCode | null> {
    const c = this.docs.get(codeId(purpose, userId));
    if (!c || c.usedAt || c.attempts >= max || c.expiresAt <= now) return Promise.resolve(null);
    c.attempts++;
    return Promise.resolve({ ...c });
  }
  consume(purpose: CodePurpose, userId: string, codeHash: string, now: Date): Promise<boolean> {
    const c = this.docs.get(codeId(purpose, userId));
    if (!c || c.usedAt || c.codeHash !== codeHash) return Promise.resolve(false);
    c.usedAt = now;
    return Promise.resolve(true);
  }
  setPasswordProof(userId: string, at: Date): Promise<void> {
    const c = this.docs.get(codeId('sign-in', userId));
    if (c) c.passwordVerifiedAt = at;
    return Promise.resolve();
  }
}

function setup() {
  let now = new Date('2026-11-24T10:00:00Z');
  const codes = new FakeCodes();
  const mails: MailMessage[] = [];
  let mailDown = false;
  const service = new CodeService(
    as<CodeRepository>(codes),
    // Hashing is the hasher's business (and specified with it); here a readable stand-in.
    as<SecretHasher>({
      hash: (purpose: string, userId: string, code: string) => `${purpose}|${userId}|${code}`,
      matches: (a: string, b: string) => a === b,
    }),
    as<Mailer>({
      send: (m: MailMessage) =>
        mailDown ? Promise.reject(new Error('smtp down')) : Promise.resolve(void mails.push(m)),
    }),
    as<Clock>({ now: () => now }),
    as<Logger>({ error: () => undefined }),
  );
  /** The code in the last e-mail, as the user would read it. */
  const mailed = () => /\b(\d{6})\b/.exec(mails.at(-1)?.text ?? '')?.[1] ?? '';
  const wrong = () => (mailed() === '000000' ? '111111' : '000000');
  return {
    service,
    codes,
    mailed,
    wrong,
    later: (ms: number) => (now = new Date(now.getTime() + ms)),
    now: () => now,
    mailDown: () => (mailDown = true),
  };
}

describe('CodeService', () => {
  it('accepts the mailed code once', async () => {
    const t = setup();
    await t.service.issue('reset', user);
    expect(await t.service.verify('reset', 'u1', t.mailed())).toBe(true);
    expect(await t.service.verify('reset', 'u1', t.mailed())).toBe(false);
  });

  it('refuses anything but six digits without spending a try', async () => {
    const t = setup();
    await t.service.issue('reset', user);
    for (const guess of ['12345', '1234567', 'abcdef', ''])
      expect(await t.service.verify('reset', 'u1', guess)).toBe(false);
    expect(t.codes.docs.get(codeId('reset', 'u1'))?.attempts).toBe(0);
  });

  it(`kills the code after ${CODE_MAX_WRONG_ATTEMPTS} wrong tries, even for the right one`, async () => {
    const t = setup();
    await t.service.issue('reset', user);
    for (let i = 0; i < CODE_MAX_WRONG_ATTEMPTS; i++)
      expect(await t.service.verify('reset', 'u1', t.wrong())).toBe(false);
    expect(await t.service.verify('reset', 'u1', t.mailed())).toBe(false);
  });

  it(`expires after ${CODE_TTL_MINUTES} minutes, and a new code replaces the old one`, async () => {
    const t = setup();
    await t.service.issue('reset', user);
    const first = t.mailed();
    t.later(CODE_TTL_MINUTES * MIN + 1);
    expect(await t.service.verify('reset', 'u1', first)).toBe(false);
    await t.service.issue('reset', user);
    if (t.mailed() !== first) expect(await t.service.verify('reset', 'u1', first)).toBe(false);
    expect(await t.service.verify('reset', 'u1', t.mailed())).toBe(true);
  });

  it('completes a sign-in only while the password proof is fresh, and a new proof extends it', async () => {
    const t = setup();
    await t.service.issue('sign-in', user, t.now());
    t.later((PASSWORD_PROOF_TTL_MINUTES - 1) * MIN);
    expect(await t.service.signInChallenge('u1')).toEqual({
      codeLive: false,
      passwordVerifiedAt: expect.any(Date),
    });
    await t.service.refreshPasswordProof('u1', t.now());
    t.later(2 * MIN);
    // The code itself expired meanwhile (10 minutes), but the proof is fresh again.
    expect((await t.service.signInChallenge('u1')).passwordVerifiedAt).toEqual(expect.any(Date));

    const stale = setup();
    await stale.service.issue(
      'sign-in',
      user,
      new Date(stale.now().getTime() - (PASSWORD_PROOF_TTL_MINUTES + 1) * MIN),
    );
    expect(await stale.service.signInChallenge('u1')).toEqual({ codeLive: false, passwordVerifiedAt: null });
    expect(await stale.service.verify('sign-in', 'u1', stale.mailed())).toBe(false);
  });

  it('reports a live sign-in code while it can still be used', async () => {
    const t = setup();
    await t.service.issue('sign-in', user, t.now());
    expect((await t.service.signInChallenge('u1')).codeLive).toBe(true);
    expect(await t.service.verify('sign-in', 'u1', t.mailed())).toBe(true);
    expect((await t.service.signInChallenge('u1')).codeLive).toBe(false);
  });

  it('answers 503 when the e-mail cannot be sent', async () => {
    const t = setup();
    t.mailDown();
    const err = await t.service.issue('sign-in', user, t.now()).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 503 });
  });
});
