/** A Storage kept in memory, for documents whose (opaque) origin has no web storage. */
export class MemoryStorage implements Storage {
  protected readonly items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(String(key)) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(String(key));
  }
  setItem(key: string, value: string): void {
    this.items.set(String(key), String(value));
  }
  [name: string]: unknown;
}

/**
 * Inside the app's frame the renderer origin has real storage (allow-same-origin on the renderer
 * host). An embedder may sandbox us into an opaque origin, where touching localStorage throws:
 * then artifacts get an in-memory Storage instead of crashing.
 */
export function installStorageShim(win: Window = window): void {
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    try {
      void win[name]?.length;
    } catch {
      Object.defineProperty(win, name, { value: new MemoryStorage(), configurable: true });
    }
  }
}

/** Most an artifact may keep (mirrors ARTIFACT_STORAGE_MAX_CHARS in the contracts). */
export const PERSISTED_STORAGE_MAX_CHARS = 100_000;

/**
 * The frame's localStorage: seeded with what the app kept for this artifact, and every change
 * handed back to the app (debounced) to keep. Per artifact, and independent of whether the
 * browser lets a third-party frame have storage at all.
 */
export class PersistedStorage extends MemoryStorage {
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    seed: Record<string, string>,
    private readonly persist: (items: Record<string, string>) => void,
  ) {
    super();
    for (const [k, v] of Object.entries(seed)) if (typeof v === 'string') this.items.set(k, v);
  }

  override setItem(key: string, value: string): void {
    const k = String(key);
    const v = String(value);
    const size = [...this.items].reduce(
      (n, [ik, iv]) => (ik === k ? n : n + ik.length + iv.length),
      k.length + v.length,
    );
    if (size > PERSISTED_STORAGE_MAX_CHARS)
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    super.setItem(k, v);
    this.changed();
  }
  override removeItem(key: string): void {
    super.removeItem(key);
    this.changed();
  }
  override clear(): void {
    super.clear();
    this.changed();
  }

  private changed(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.persist(Object.fromEntries(this.items)), 50);
  }
}

/** Frame mode: localStorage is the persisted storage, sessionStorage a memory one. */
export function installPersistedStorage(
  seed: Record<string, string>,
  persist: (items: Record<string, string>) => void,
  win: Window = window,
): void {
  Object.defineProperty(win, 'localStorage', {
    value: new PersistedStorage(seed, persist),
    configurable: true,
  });
  Object.defineProperty(win, 'sessionStorage', { value: new MemoryStorage(), configurable: true });
}
