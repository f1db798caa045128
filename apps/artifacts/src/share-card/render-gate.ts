/** Refused when too many renders already wait: a burst answers 503 instead of piling up. */
export class RenderBusyError extends Error {
  constructor() {
    super('share card renders are saturated');
  }
}

/**
 * At most `concurrency` renders at once and at most `maxWaiting` in line; identical work (same
 * key) in flight is shared, so a link pasted into a busy chat renders once.
 */
export class RenderGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly inFlight = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly concurrency: number,
    private readonly maxWaiting: number,
  ) {}

  run(key: string, work: () => Promise<Buffer>): Promise<Buffer> {
    const shared = this.inFlight.get(key);
    if (shared) return shared;
    if (this.running >= this.concurrency && this.waiting.length >= this.maxWaiting)
      return Promise.reject(new RenderBusyError());
    const job = this.slot()
      .then(work)
      .finally(() => {
        this.inFlight.delete(key);
        this.release();
      });
    this.inFlight.set(key, job);
    return job;
  }

  private slot(): Promise<void> {
    if (this.running < this.concurrency) {
      this.running++;
      return Promise.resolve();
    }
    // The slot passes straight from the finishing render to this one (running stays the same).
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}
