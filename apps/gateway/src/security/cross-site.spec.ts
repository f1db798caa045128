import { crossSiteVerdict, keyExempt } from './cross-site';

const APP = 'https://app.corevault.example';

describe('cross-site refusal', () => {
  it.each([
    [
      'a cross-site POST',
      { method: 'POST', path: '/api/v1/auth/sign-in', secFetchSite: 'cross-site' },
      'refuse',
    ],
    [
      'a DELETE from a foreign Origin',
      { method: 'DELETE', path: '/api/v1/artifacts/1', origin: 'https://evil.example' },
      'refuse',
    ],
    ['a PUT from a sandboxed frame (Origin null)', { method: 'PUT', path: '/x', origin: 'null' }, 'refuse'],
    [
      'a same-site sibling with another origin',
      {
        method: 'PATCH',
        path: '/x',
        secFetchSite: 'same-site',
        origin: 'https://usercontent.corevault.example',
      },
      'refuse',
    ],
    [
      'the view beacon from an embed on another site (no cookie is read there)',
      { method: 'POST', path: '/api/v1/analytics/beacon', secFetchSite: 'cross-site', origin: 'null' },
      'pass',
    ],
    [
      'consented tracking from another site (not exempt)',
      { method: 'POST', path: '/api/v1/analytics/track-view', secFetchSite: 'cross-site' },
      'refuse',
    ],
    [
      'a POST from the browser extension with a personal access token',
      {
        method: 'POST',
        path: '/api/v1/artifacts',
        origin: 'chrome-extension://abc',
        authorization: `Bearer cvpat_${'a'.repeat(43)}`,
      },
      { key: `cvpat_${'a'.repeat(43)}` },
    ],
    [
      'a POST from the browser extension with a key issued before cvpat_ (cvp_)',
      {
        method: 'POST',
        path: '/api/v1/artifacts',
        origin: 'chrome-extension://abc',
        authorization: `Bearer cvp_${'a'.repeat(43)}`,
      },
      { key: `cvp_${'a'.repeat(43)}` },
    ],
    [
      'a cross-site POST with a session token (not exempt)',
      {
        method: 'POST',
        path: '/api/v1/artifacts',
        secFetchSite: 'cross-site',
        authorization: 'Bearer eyJ.x.y',
      },
      'refuse',
    ],
    ['a same-origin POST', { method: 'POST', path: '/x', secFetchSite: 'same-origin', origin: APP }, 'pass'],
    ['a POST with neither header (server-to-server)', { method: 'POST', path: '/x' }, 'pass'],
    [
      'a cross-site GET (reads are not refused here)',
      { method: 'GET', path: '/x', secFetchSite: 'cross-site' },
      'pass',
    ],
    [
      'the Stripe webhook',
      { method: 'POST', path: '/webhooks/stripe', secFetchSite: 'cross-site', origin: 'https://stripe.com' },
      'pass',
    ],
    [
      'a path that only starts like the webhook',
      { method: 'POST', path: '/webhooks/stripe-fake', secFetchSite: 'cross-site' },
      'refuse',
    ],
    [
      'a cross-site refresh with junk after the key prefix (to be verified, not exempt by its prefix)',
      {
        method: 'POST',
        path: '/api/v1/auth/refresh',
        secFetchSite: 'cross-site',
        authorization: 'Bearer cvp_junk',
      },
      { key: 'cvp_junk' },
    ],
    [
      'a same-origin POST with a key (nothing to verify here)',
      { method: 'POST', path: '/api/v1/artifacts', origin: APP, authorization: 'Bearer cvp_junk' },
      'pass',
    ],
    ['a lower-case method', { method: 'post', path: '/x', secFetchSite: 'cross-site' }, 'refuse'],
  ])('%s → %j', (_why, input, verdict) => {
    expect(crossSiteVerdict(input, APP)).toEqual(verdict);
  });
});

describe('the exemption of a verified key', () => {
  it('reaches the routes its scopes cover, and never the cookie routes', () => {
    expect(keyExempt(['artifacts:write'], 'POST', '/api/v1/artifacts')).toBe(true);
    expect(keyExempt(['artifacts:write'], 'PATCH', '/api/v1/artifacts/a1')).toBe(true);
    expect(keyExempt(['artifacts:read'], 'POST', '/api/v1/artifacts')).toBe(false);
    for (const path of ['/api/v1/auth/refresh', '/api/v1/auth/sign-out', '/api/v1/personal-tokens'])
      expect(keyExempt(['artifacts:write', 'collections:write'], 'POST', path)).toBe(false);
    expect(keyExempt(['artifacts:write'], 'POST', '/api/v1/nowhere')).toBe(false);
  });
});
