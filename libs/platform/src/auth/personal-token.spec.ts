import { hashPersonalToken, redactPersonalTokens } from './personal-token';

const key = (prefix: string) => `${prefix}${'Ab9_-'.repeat(8)}xyz`;

describe('redactPersonalTokens', () => {
  it('replaces current and older keys wherever they are in the text', () => {
    const current = key('cvpat_');
    const older = key('cvp_');
    expect(current).toHaveLength('cvpat_'.length + 43);
    expect(redactPersonalTokens(`/api/v1/artifacts?access_token=${current}&x=${older}`)).toBe(
      '/api/v1/artifacts?access_token=[REDACTED]&x=[REDACTED]',
    );
    expect(redactPersonalTokens(`/api/v1/artifacts/${current}`)).toBe('/api/v1/artifacts/[REDACTED]');
  });

  it('leaves everything else alone, including strings that only look alike', () => {
    for (const text of [
      '/api/v1/artifacts?limit=20',
      `/x?t=cvpat_${'a'.repeat(42)}`,
      `/x?t=cvx_${'a'.repeat(43)}`,
      `/x?t=${hashPersonalToken('cvpat_x')}`,
    ])
      expect(redactPersonalTokens(text)).toBe(text);
  });
});
