import { isRefusedCrossSite } from './cross-site';

const APP = 'https://app.corevault.example';

describe('cross-site refusal', () => {
  it.each([
    ['a cross-site POST', { method: 'POST', path: '/api/v1/auth/sign-in', secFetchSite: 'cross-site' }, true],
    [
      'a DELETE from a foreign Origin',
      { method: 'DELETE', path: '/api/v1/artifacts/1', origin: 'https://evil.example' },
      true,
    ],
    ['a PUT from a sandboxed frame (Origin null)', { method: 'PUT', path: '/x', origin: 'null' }, true],
    [
      'a same-site sibling with another origin',
      {
        method: 'PATCH',
        path: '/x',
        secFetchSite: 'same-site',
        origin: 'https://usercontent.corevault.example',
      },
      true,
    ],
    [
      'the view beacon from an embed on another site (no cookie is read there)',
      { method: 'POST', path: '/api/v1/analytics/beacon', secFetchSite: 'cross-site', origin: 'null' },
      false,
    ],
    [
      'consented tracking from another site (not exempt)',
      { method: 'POST', path: '/api/v1/analytics/track-view', secFetchSite: 'cross-site' },
      true,
    ],
    [
      'a POST from the browser extension with a personal access token',
      {
        method: 'POST',
        path: '/api/v1/artifacts',
        origin: 'chrome-extension://abc',
        authorization: `Bearer cvpat_${'a'.repeat(43)}`,
      },
      false,
    ],
    [
      'a POST from the browser extension with a key issued before cvpat_ (cvp_)',
      {
        method: 'POST',
        path: '/api/v1/artifacts',
        origin: 'chrome-extension://abc',
        authorization: `Bearer cvp_${'a'.repeat(43)}`,
      },
      false,
    ],
    [
      'a cross-site POST with a session token (not exempt)',
      {
        method: 'POST',
        path: '/api/v1/artifacts',
        secFetchSite: 'cross-site',
        authorization: 'Bearer eyJ.x.y',
      },
      true,
    ],
    ['a same-origin POST', { method: 'POST', path: '/x', secFetchSite: 'same-origin', origin: APP }, false],
    ['a POST with neither header (server-to-server)', { method: 'POST', path: '/x' }, false],
    [
      'a cross-site GET (reads are not refused here)',
      { method: 'GET', path: '/x', secFetchSite: 'cross-site' },
      false,
    ],
    [
      'the Stripe webhook',
      { method: 'POST', path: '/webhooks/stripe', secFetchSite: 'cross-site', origin: 'https://stripe.com' },
      false,
    ],
    [
      'a path that only starts like the webhook',
      { method: 'POST', path: '/webhooks/stripe-fake', secFetchSite: 'cross-site' },
      true,
    ],
    ['a lower-case method', { method: 'post', path: '/x', secFetchSite: 'cross-site' }, true],
  ])('%s → refused=%s', (_why, input, refused) => {
    expect(isRefusedCrossSite(input, APP)).toBe(refused);
  });
});
