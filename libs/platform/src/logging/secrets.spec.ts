import { hashPersonalToken } from '../auth/personal-token';
import { acceptRequestId } from './request-context';
import { REDACTED, credentialInQuery, holdsSecret, redactSecrets, redactUrl } from './secrets';

const key = (prefix: string) => `${prefix}${'Ab9_-'.repeat(8)}xyz`;
const current = key('cvpat_');
const older = key('cvp_');
// The shape of a session token: base64url JSON header and payload, then a signature.
const jwt = `${Buffer.from('{"alg":"EdDSA","typ":"JWT"}').toString('base64url')}.${Buffer.from(
  '{"sub":"u_1","sid":"ses_1"}',
).toString('base64url')}.${'s'.repeat(86)}`;
const refresh = `ses_${'a'.repeat(22)}.${'B'.repeat(43)}`;
const percent = (text: string) =>
  [...text].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0').toUpperCase()}`).join('');

describe('redactSecrets', () => {
  it('replaces current and older keys, tokens and refresh cookies wherever they are', () => {
    expect(current).toHaveLength('cvpat_'.length + 43);
    expect(redactSecrets(`/api/v1/artifacts?access_token=${current}&x=${older}`)).toBe(
      `/api/v1/artifacts?access_token=${REDACTED}&x=${REDACTED}`,
    );
    expect(redactSecrets(`/api/v1/artifacts/${current}`)).toBe(`/api/v1/artifacts/${REDACTED}`);
    expect(redactSecrets(`{"msg":"Bearer ${jwt} refused","cookie":"cv_rt=${refresh}"}`)).toBe(
      `{"msg":"Bearer ${REDACTED} refused","cookie":"cv_rt=${REDACTED}"}`,
    );
  });

  it('finds keys however they are encoded: percent (once, twice, every byte), base64, base64url, form', () => {
    const texts = [
      `/x?t=${current.replace('_', '%5F')}`,
      `/x?t=${current.replace('_', '%255f')}`,
      `/x?t=${percent(current)}`,
      `/x?t=Bearer%20${current}`,
      `/x?t=Bearer+${current}`,
      `Basic ${Buffer.from(`me:${current}`).toString('base64')}`,
      `blob ${Buffer.from(`{"k":"${older}"}`).toString('base64url')}`,
      `/x?jwt=${encodeURIComponent(jwt)}`,
    ];
    for (const text of texts) {
      const out = redactSecrets(text);
      expect(out).toContain(REDACTED);
      expect(out).not.toContain(current.slice(6));
      expect(out).not.toContain(older.slice(4));
    }
  });

  it('treats a truncated key as a key (its characters are the secret)', () => {
    expect(redactSecrets(`/x?t=cvpat_${'a'.repeat(20)}`)).toBe(`/x?t=${REDACTED}`);
  });

  it('leaves everything else alone, including error codes, ids, cursors and hashes', () => {
    for (const text of [
      '/api/v1/artifacts?limit=20',
      '{"level":"warn","err":{"code":"ECONNREFUSED"},"msg":"database unavailable"}',
      `/x?t=cvx_${'a'.repeat(43)}`,
      '/x?t=cvpat_short',
      `/x?t=${hashPersonalToken('cvpat_x')}`,
      `/api/v1/artifacts?cursor=${Buffer.from('{"k":"title","id":"a1"}').toString('base64url')}`,
      '{"sessionId":"ses_abc123","userId":"usr_x"}',
      'Progress 100% done',
      'a.b.c and eyJ.short.x',
    ])
      expect(redactSecrets(text)).toBe(text);
  });

  it('takes linear time on hostile text', () => {
    const hostile = [
      'cvp_'.repeat(50_000),
      'eyJ_'.repeat(50_000),
      `${'eyJaaaaaaaaaaaa.'.repeat(20_000)}`,
      '%25'.repeat(60_000),
      `${'Y3Zw'.repeat(50_000)}`,
      'ses_aaaa.'.repeat(20_000),
    ];
    for (const text of hostile) {
      const started = performance.now();
      redactSecrets(text);
      redactUrl(`/x?${text}`);
      credentialInQuery(`/x?a=${text}`);
      expect(performance.now() - started).toBeLessThan(1_000);
    }
  });
});

describe('device sign-in codes (corevault login, RFC 8628)', () => {
  const deviceCode = key('cvdc_');

  it('redacts a device code wherever it is, whole, truncated or percent-encoded', () => {
    expect(redactSecrets(`{"device_code":"${deviceCode}","grant_type":"x"}`)).toBe(
      `{"device_code":"${REDACTED}","grant_type":"x"}`,
    );
    expect(redactSecrets(`poll failed for ${deviceCode.slice(0, 14)}`)).toBe(`poll failed for ${REDACTED}`);
    expect(redactSecrets(`/x?d=${deviceCode.replace('_', '%5F')}`)).toBe(`/x?d=${REDACTED}`);
    expect(holdsSecret(deviceCode)).toBe(true);
    expect(credentialInQuery(`/api/v1/auth/device/token?dc=${deviceCode}`)?.name).toBe('dc');
    // The word alone, or the prefix without a secret after it, is no code.
    expect(redactSecrets('cvdc_ and cvdc_short and the device_code field')).toBe(
      'cvdc_ and cvdc_short and the device_code field',
    );
  });

  it("hides a user code in the /device page's address, and device_code or user_code parameters", () => {
    expect(redactUrl('/device?code=BCDF-GHJK')).toBe(`/device?code=${REDACTED}`);
    expect(redactUrl('/x?user_code=BCDF-GHJK&device_code=abc&page=1')).toBe(
      `/x?user_code=${REDACTED}&device_code=${REDACTED}&page=1`,
    );
  });
});

describe('redactUrl', () => {
  it('hides the values of sensitive parameters whatever they are, keeps the rest', () => {
    expect(redactUrl('/api/v1/x?code=123456&page=2&password=hunter2&token=abc&q=hello')).toBe(
      `/api/v1/x?code=${REDACTED}&page=2&password=${REDACTED}&token=${REDACTED}&q=hello`,
    );
    expect(redactUrl(`/api/v1/x?q=${current}`)).toBe(`/api/v1/x?q=${REDACTED}`);
    expect(redactUrl('/api/v1/artifacts/a1?v=3')).toBe('/api/v1/artifacts/a1?v=3');
  });
});

describe('credentialInQuery', () => {
  it('finds a key or token in any parameter, in any encoding, and any value under a credential name', () => {
    expect(credentialInQuery(`/api/v1/artifacts?t=${current}`)?.name).toBe('t');
    expect(credentialInQuery(`/api/v1/artifacts?limit=2&k=${percent(older)}`)?.name).toBe('k');
    expect(credentialInQuery(`/x?token=${jwt}`)?.name).toBe('token');
    expect(credentialInQuery('/x?access_token=anything')?.name).toBe('access_token');
    expect(credentialInQuery('/x?API_KEY=anything')?.name).toBe('API_KEY');
    expect(credentialInQuery(`/x?${current}`)?.name).toBe(current);
  });

  it('lets every legitimate parameter through: versions, cursors, search text, Stripe ids', () => {
    for (const url of [
      '/api/v1/artifacts',
      '/api/v1/artifacts?',
      '/view/abc?v=3',
      `/api/v1/artifacts?sort=title&cursor=${Buffer.from(`{"k":"${current}"}`).toString('base64url')}`,
      '/api/v1/artifacts/search?q=cvpat_%20keys&type=HTML',
      '/complete-registration?session_id=cs_test_a1b2c3&temp_user_id=tmp_1',
      '/sitemap.xml?page=2',
      '/x?access_token=',
    ])
      expect(credentialInQuery(url)).toBeUndefined();
  });

  it('agrees with holdsSecret on decoded text', () => {
    expect(holdsSecret(`Bearer ${current}`)).toBe(true);
    expect(holdsSecret('Bearer abc')).toBe(false);
  });
});

describe('acceptRequestId', () => {
  it('takes a plain id, never a credential (it would be logged on every line and echoed)', () => {
    expect(acceptRequestId('req-42.a:b')).toBe('req-42.a:b');
    expect(acceptRequestId(current)).toBeUndefined();
    expect(acceptRequestId(older)).toBeUndefined();
    expect(acceptRequestId(jwt)).toBeUndefined();
    expect(acceptRequestId('a b')).toBeUndefined();
  });
});
