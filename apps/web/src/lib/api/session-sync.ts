import { type RefreshResult } from '@core-vault/contracts';

/** What tabs of one browser tell each other about the shared session. */
type SyncMessage = { type: 'refreshed'; session: RefreshResult } | { type: 'signed-out' };

/** The parts of the Web Locks API used here (navigator.locks), injectable for tests. */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** The parts of BroadcastChannel used here. */
export interface ChannelLike {
  postMessage(message: SyncMessage): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<SyncMessage>) => void): void;
  close(): void;
}

const LOCK_NAME = 'core-vault:session-refresh';
const CHANNEL_NAME = 'core-vault:session';

/**
 * Keeps the tabs of one browser on one session. All tabs share one refresh cookie, and identity
 * rotates it on every refresh, so:
 * - one refresh at a time per browser (a Web Lock): a tab that waited for the lock and meanwhile
 *   heard another tab's fresh result uses it instead of refreshing again;
 * - a sign-out (or a refresh that found the session gone) in one tab signs out every tab.
 * Without Web Locks (older browsers) tabs refresh on their own; identity's rotation grace window
 * then gives racing refreshes the same successor. Without BroadcastChannel each tab is alone.
 */
export class SessionSync {
  private lastShared: { receivedAt: number; session: RefreshResult } | null = null;
  private readonly signedOutListeners = new Set<() => void>();

  constructor(
    private readonly locks: LockManagerLike | undefined,
    private readonly channel: ChannelLike | undefined,
    private readonly now: () => number = () => performance.now(),
  ) {
    channel?.addEventListener('message', (event) => {
      const message = event.data;
      if (message.type === 'refreshed')
        this.lastShared = { receivedAt: this.now(), session: message.session };
      else {
        this.lastShared = null;
        for (const listener of this.signedOutListeners) listener();
      }
    });
  }

  /** The real browser's: navigator.locks and a BroadcastChannel where they exist. */
  static forBrowser(): SessionSync {
    const locks = typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined;
    const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : undefined;
    return new SessionSync(locks, channel);
  }

  /**
   * Runs `refresh` while no other tab of this browser refreshes. A session another tab
   * announced after this call was made is fresher than anything this tab could get: reused.
   */
  async refresh(refresh: () => Promise<RefreshResult | null>): Promise<RefreshResult | null> {
    const askedAt = this.now();
    const run = async () => {
      const shared = this.lastShared;
      if (shared && shared.receivedAt >= askedAt) return shared.session;
      const session = await refresh();
      // Announced before the lock is released, so the next waiter has heard it.
      this.channel?.postMessage(session ? { type: 'refreshed', session } : { type: 'signed-out' });
      return session;
    };
    return this.locks ? this.locks.request(LOCK_NAME, run) : run();
  }

  /** This tab signed out: every other tab follows. */
  announceSignOut(): void {
    this.lastShared = null;
    this.channel?.postMessage({ type: 'signed-out' });
  }

  /** Another tab signed out (or found the session gone). */
  onSignedOut(listener: () => void): () => void {
    this.signedOutListeners.add(listener);
    return () => this.signedOutListeners.delete(listener);
  }
}
