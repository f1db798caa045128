import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_BYTES = 32;

function derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  return new Promise((resolve, reject) =>
    // scrypt needs 128·N·r bytes; Node's default cap (32 MiB) is below OWASP's 128 MiB.
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { N, r, p, maxmem: 256 * N * r }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/**
 * scrypt with OWASP's parameters (N=2^17, r=8, p=1, 32-byte salt, 32-byte key). The parameters
 * are stored with each hash (`scrypt$logN$r$p$salt$key`), so raising the cost later still
 * verifies old hashes and `needsRehash` tells when to upgrade one at the next sign-in.
 */
export class PasswordHasher {
  private dummy: Promise<string> | undefined;

  constructor(private readonly logN = 17) {}

  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_BYTES);
    const key = await derive(password, salt, this.logN, R, P);
    return ['scrypt', this.logN, R, P, salt.toString('base64'), key.toString('base64')].join('$');
  }

  async verify(password: string, stored: string): Promise<boolean> {
    const [alg, logN, r, p, salt, key] = stored.split('$');
    if (alg !== 'scrypt' || !logN || !r || !p || !salt || !key) return false;
    const expected = Buffer.from(key, 'base64');
    const actual = await derive(password, Buffer.from(salt, 'base64'), Number(logN), Number(r), Number(p));
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  /**
   * The same work as a real check, for an unknown e-mail: answering faster for unknown
   * addresses would tell an attacker which ones have accounts.
   */
  async verifyDummy(password: string): Promise<false> {
    this.dummy ??= this.hash('dummy password for timing');
    await this.verify(password, await this.dummy);
    return false;
  }

  needsRehash(stored: string): boolean {
    return stored.split('$')[1] !== String(this.logN);
  }
}
