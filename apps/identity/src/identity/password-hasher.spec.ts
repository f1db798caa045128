import { PasswordHasher } from './password-hasher';

describe('PasswordHasher (scrypt)', () => {
  it('uses the OWASP parameters by default and stores them with a 32-byte salt', async () => {
    const stored = await new PasswordHasher().hash('correct horse');
    const [alg, logN, r, p, salt, key] = stored.split('$');
    expect([alg, logN, r, p]).toEqual(['scrypt', '17', '8', '1']);
    expect(Buffer.from(salt ?? '', 'base64')).toHaveLength(32);
    expect(Buffer.from(key ?? '', 'base64')).toHaveLength(32);
  });

  const fast = new PasswordHasher(14);

  it('verifies the right password only', async () => {
    const stored = await fast.hash('correct horse');
    expect(await fast.verify('correct horse', stored)).toBe(true);
    expect(await fast.verify('correct horsE', stored)).toBe(false);
    expect(await fast.verify('', stored)).toBe(false);
  });

  it('salts: the same password never hashes the same twice', async () => {
    expect(await fast.hash('same')).not.toBe(await fast.hash('same'));
  });

  it('verifies hashes made with another cost, and says when to upgrade them', async () => {
    const old = await fast.hash('pw-12345');
    const current = new PasswordHasher(15);
    expect(await current.verify('pw-12345', old)).toBe(true);
    expect(current.needsRehash(old)).toBe(true);
    expect(fast.needsRehash(old)).toBe(false);
  });

  it('treats composed and decomposed Unicode as the same password', async () => {
    const stored = await fast.hash('caf\u00e9-password');
    expect(await fast.verify('cafe\u0301-password', stored)).toBe(true);
  });

  it('refuses malformed stored values and always fails the dummy check', async () => {
    expect(await fast.verify('x', 'bcrypt$whatever')).toBe(false);
    expect(await fast.verifyDummy('dummy password for timing')).toBe(false);
  });
});
