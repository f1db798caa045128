import { type RefreshResult } from '@core-vault/contracts';
import { type ChannelLike, type LockManagerLike, SessionSync } from './session-sync';

/** One browser: a Web Lock shared by its tabs (a promise chain), a broadcast bus between them. */
function browser() {
  let tail: Promise<unknown> = Promise.resolve();
  const locks: LockManagerLike = {
    request<T>(_name: string, callback: () => Promise<T>): Promise<T> {
      const run = tail.then(callback);
      tail = run.catch(() => undefined);
      return run;
    },
  };
  const tabs: ((event: MessageEvent) => void)[][] = [];
  let clock = 0;
  const tab = (withLocks = true) => {
    const listeners: ((event: MessageEvent) => void)[] = [];
    tabs.push(listeners);
    const channel: ChannelLike = {
      // Like BroadcastChannel: every other tab, never the sender, delivered synchronously here.
      postMessage: (data) => {
        for (const other of tabs) if (other !== listeners) for (const l of other) l({ data } as MessageEvent);
      },
      addEventListener: (_type, listener) => void listeners.push(listener as (event: MessageEvent) => void),
      close: () => undefined,
    };
    return new SessionSync(withLocks ? locks : undefined, channel, () => ++clock);
  };
  return { tab };
}

const session = (token: string) => ({ success: true, token }) as unknown as RefreshResult;

describe('SessionSync', () => {
  it('lets one tab refresh at a time; the tabs that waited reuse its fresh session', async () => {
    const { tab } = browser();
    const tabs = Array.from({ length: 6 }, () => tab());
    let calls = 0;
    let inFlight = 0;
    const results = await Promise.all(
      tabs.map((t, i) =>
        t.refresh(async () => {
          calls += 1;
          inFlight += 1;
          expect(inFlight).toBe(1);
          await Promise.resolve();
          inFlight -= 1;
          return session(`t${i}`);
        }),
      ),
    );
    expect(calls).toBe(1);
    expect(results.map((r) => r?.token)).toEqual(['t0', 't0', 't0', 't0', 't0', 't0']);
  });

  it('refreshes again when asked after the last shared session (it may be stale by then)', async () => {
    const { tab } = browser();
    const [a, b] = [tab(), tab()];
    await a.refresh(() => Promise.resolve(session('first')));
    expect((await b.refresh(() => Promise.resolve(session('second'))))?.token).toBe('second');
  });

  it('a sign-out, or a refresh that found the session gone, signs out the other tabs', async () => {
    const { tab } = browser();
    const [a, b, c] = [tab(), tab(), tab()];
    const heard: string[] = [];
    b.onSignedOut(() => heard.push('b'));
    c.onSignedOut(() => heard.push('c'));
    a.announceSignOut();
    expect(heard).toEqual(['b', 'c']);
    await b.refresh(() => Promise.resolve(null));
    expect(heard).toEqual(['b', 'c', 'c']);
  });

  it('a failed refresh (network) announces nothing and rethrows', async () => {
    const { tab } = browser();
    const [a, b] = [tab(), tab()];
    const heard: string[] = [];
    b.onSignedOut(() => heard.push('b'));
    await expect(a.refresh(() => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    expect(heard).toEqual([]);
    // The lock is free again.
    expect((await a.refresh(() => Promise.resolve(session('ok'))))?.token).toBe('ok');
  });

  it('without Web Locks or BroadcastChannel each tab simply refreshes itself', async () => {
    const alone = new SessionSync(undefined, undefined);
    expect((await alone.refresh(() => Promise.resolve(session('x'))))?.token).toBe('x');
    alone.announceSignOut();
  });
});
