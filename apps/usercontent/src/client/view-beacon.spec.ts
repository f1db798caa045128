import { analyticsRoute, viewBeaconBodySchema } from '@core-vault/contracts';
import { BEACON_PATH, beaconBody, beaconTarget, referrerOrigin, sendBeacon, whenSeen } from './view-beacon';

describe('beaconTarget', () => {
  it("reports to the app's beacon the artifact the brand link names", () => {
    expect(beaconTarget('https://app.example/view/abc123')).toEqual({
      url: 'https://app.example/api/v1/analytics/beacon',
      artifactId: 'abc123',
    });
    expect(beaconTarget('http://127.0.0.1:4200/view/a%20b?v=3')).toEqual({
      url: 'http://127.0.0.1:4200/api/v1/analytics/beacon',
      artifactId: 'a b',
    });
  });

  it('is the contract path (the agent cannot import the contracts)', () => {
    expect(BEACON_PATH).toBe(analyticsRoute.viewBeacon.path);
  });

  it.each([
    [undefined],
    [null],
    [''],
    ['https://app.example/'],
    ['https://app.example/view/'],
    ['https://app.example/view/demo-react-counter'],
    ['https://app.example/dashboard'],
    ['javascript:alert(1)'],
    ['https://app.example/view/%E0%A4%A'],
  ])('reports nothing for %p (error pages, demos, anything else)', (href) => {
    expect(beaconTarget(href)).toBeNull();
  });
});

describe('beaconBody', () => {
  it("is a valid beacon with the embedding page's origin only", () => {
    const body = beaconBody('abc', 'https://blog.example.org/2026/11/post?name=Jane#c');
    expect(JSON.parse(body)).toEqual({
      artifactId: 'abc',
      embed: true,
      referrer: 'https://blog.example.org',
    });
    expect(viewBeaconBodySchema.safeParse(JSON.parse(body)).success).toBe(true);
    expect(JSON.parse(beaconBody('abc', ''))).toEqual({ artifactId: 'abc', embed: true });
  });

  it.each(['', 'about:blank', 'not a url', 'file:///home/x.html'])('drops the referrer %p', (r) => {
    expect(referrerOrigin(r)).toBeUndefined();
  });
});

class FakeDocument {
  visibilityState: DocumentVisibilityState = 'visible';
  private listeners = new Set<() => void>();
  addEventListener(_: 'visibilitychange', l: () => void) {
    this.listeners.add(l);
  }
  removeEventListener(_: 'visibilitychange', l: () => void) {
    this.listeners.delete(l);
  }
  set(state: DocumentVisibilityState) {
    this.visibilityState = state;
    for (const l of [...this.listeners]) l();
  }
  get listening() {
    return this.listeners.size;
  }
}

describe('whenSeen', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('fires once after the document was visible for the dwell, then stops listening', () => {
    const doc = new FakeDocument();
    const seen = jest.fn();
    whenSeen(doc, seen, 1000);
    jest.advanceTimersByTime(999);
    expect(seen).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(seen).toHaveBeenCalledTimes(1);
    expect(doc.listening).toBe(0);
    doc.set('hidden');
    doc.set('visible');
    jest.advanceTimersByTime(5000);
    expect(seen).toHaveBeenCalledTimes(1);
  });

  it('never fires for a document that stays hidden (prerendered, background tab)', () => {
    const doc = new FakeDocument();
    doc.visibilityState = 'hidden';
    const seen = jest.fn();
    whenSeen(doc, seen, 1000);
    jest.advanceTimersByTime(60_000);
    expect(seen).not.toHaveBeenCalled();
    // Shown at last (a prerender activated): counted after a full dwell.
    doc.set('visible');
    jest.advanceTimersByTime(1000);
    expect(seen).toHaveBeenCalledTimes(1);
  });

  it('restarts the dwell after a hidden spell', () => {
    const doc = new FakeDocument();
    const seen = jest.fn();
    whenSeen(doc, seen, 1000);
    jest.advanceTimersByTime(800);
    doc.set('hidden');
    jest.advanceTimersByTime(5000);
    doc.set('visible');
    jest.advanceTimersByTime(800);
    expect(seen).not.toHaveBeenCalled();
    jest.advanceTimersByTime(200);
    expect(seen).toHaveBeenCalledTimes(1);
  });

  it('can be stopped', () => {
    const doc = new FakeDocument();
    const seen = jest.fn();
    whenSeen(doc, seen, 1000)();
    jest.advanceTimersByTime(5000);
    expect(seen).not.toHaveBeenCalled();
  });
});

describe('sendBeacon', () => {
  it('posts text/plain without credentials or referrer, kept alive past the page', () => {
    const fetchFn = jest.fn<Promise<Response>, Parameters<typeof fetch>>(() =>
      Promise.resolve(new Response(null)),
    );
    sendBeacon(
      { url: 'https://app.example/api/v1/analytics/beacon', artifactId: 'a1' },
      'https://x.example/p',
      fetchFn,
    );
    expect(fetchFn).toHaveBeenCalledWith('https://app.example/api/v1/analytics/beacon', {
      method: 'POST',
      body: '{"artifactId":"a1","embed":true,"referrer":"https://x.example"}',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      credentials: 'omit',
      keepalive: true,
      mode: 'cors',
      referrerPolicy: 'no-referrer',
    });
  });

  it('ignores a failed send', async () => {
    const fetchFn = jest.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(() => sendBeacon({ url: 'https://a.example/x', artifactId: 'a' }, '', fetchFn)).not.toThrow();
    await Promise.resolve();
  });
});
