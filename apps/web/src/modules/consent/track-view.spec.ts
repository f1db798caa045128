import { CONSENT_KEY, SESSION_ID_KEY, setConsent } from './consent-store';
import { countView } from './track-view';

const artifact = { id: 'art-1', title: 'T', type: 'HTML' as const };

function stubFetch() {
  const fetch = vi.fn((_url: string, _init?: RequestInit) =>
    Promise.resolve(
      new Response(_url.endsWith('/beacon') ? null : JSON.stringify({ accepted: 1 }), {
        status: _url.endsWith('/beacon') ? 204 : 202,
      }),
    ),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const sent = (fetch: ReturnType<typeof stubFetch>) =>
  fetch.mock.calls.map(([url, init]) => ({
    url,
    body: JSON.parse(typeof init?.body === 'string' ? init.body : 'null') as Record<string, unknown>,
  }));

describe('countView', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('without an answer to the banner: one cookie-less beacon, nothing written to the browser', () => {
    // The test setup holds identity's session hint cookie; counting adds none of its own.
    const cookies = document.cookie;
    const fetch = stubFetch();
    countView(artifact);
    expect(sent(fetch)).toEqual([
      { url: '/api/v1/analytics/beacon', body: { artifactId: 'art-1', embed: false } },
    ]);
    expect(localStorage.length).toBe(0);
    expect(document.cookie).toBe(cookies);
  });

  it('declined: the beacon too, and still no session id', () => {
    setConsent(false);
    const fetch = stubFetch();
    countView(artifact);
    expect(sent(fetch).map((s) => s.url)).toEqual(['/api/v1/analytics/beacon']);
    expect(localStorage.getItem(SESSION_ID_KEY)).toBeNull();
    expect(localStorage.getItem(CONSENT_KEY)).toBe('false');
  });

  it('with consent: track-view with the session id, no beacon — one count either way', () => {
    setConsent(true);
    const fetch = stubFetch();
    countView(artifact);
    const calls = sent(fetch);
    expect(calls.map((s) => s.url)).toEqual(['/api/v1/analytics/track-view']);
    expect(calls[0]?.body).toMatchObject({
      artifactId: 'art-1',
      type: 'VIEW',
      sessionId: localStorage.getItem(SESSION_ID_KEY),
    });
  });

  it('never counts demos', () => {
    const fetch = stubFetch();
    countView({ ...artifact, id: 'demo-react-counter' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('waits until a hidden (prerendered, background) page is shown', () => {
    const fetch = stubFetch();
    const state = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    countView(artifact);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(fetch).not.toHaveBeenCalled();
    state.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    document.dispatchEvent(new Event('visibilitychange'));
    expect(fetch).toHaveBeenCalledTimes(1);
    state.mockRestore();
  });
});
