import { SecretHasher, newId, newRefreshToken, newVerificationCode } from './secrets';

describe('secrets', () => {
  it('makes 6-digit codes, leading zeros included', () => {
    const codes = Array.from({ length: 2000 }, newVerificationCode);
    for (const c of codes) expect(c).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1900);
  });

  it('makes 32-byte refresh tokens and prefixed opaque ids', () => {
    expect(Buffer.from(newRefreshToken(), 'base64url')).toHaveLength(32);
    expect(newId('usr')).toMatch(/^usr_[A-Za-z0-9_-]{22}$/);
  });

  it('keys hashes by secret, purpose and subject', () => {
    const a = new SecretHasher('k'.repeat(32));
    const b = new SecretHasher('j'.repeat(32));
    const h = a.hash('sign-in', 'usr_1', '123456');
    expect(a.matches(h, a.hash('sign-in', 'usr_1', '123456'))).toBe(true);
    expect(a.matches(h, a.hash('reset', 'usr_1', '123456'))).toBe(false);
    expect(a.matches(h, a.hash('sign-in', 'usr_2', '123456'))).toBe(false);
    expect(a.matches(h, b.hash('sign-in', 'usr_1', '123456'))).toBe(false);
    expect(a.matches(h, 'short')).toBe(false);
  });
});
