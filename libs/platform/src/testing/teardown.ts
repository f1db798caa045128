/**
 * What a test fixture has opened so far, closed in reverse order. A fixture registers each
 * resource as soon as it exists, so a setup that fails halfway (a browser that cannot launch, a
 * service that never gets ready) still closes what it had opened and Jest can exit.
 */
export class Teardown {
  private readonly steps: (() => unknown)[] = [];

  add(step: () => unknown): void {
    this.steps.push(step);
  }

  /** Runs every step once, last added first; a failing step does not stop the others. */
  async run(): Promise<void> {
    const errors: unknown[] = [];
    for (let step = this.steps.pop(); step; step = this.steps.pop()) {
      try {
        await step();
      } catch (err) {
        errors.push(err);
      }
    }
    if (errors.length) throw new AggregateError(errors, `${errors.length} teardown step(s) failed`);
  }

  /** Runs `setup`; if it throws, closes what was opened and rethrows the setup's error. */
  async guard<T>(setup: () => Promise<T>): Promise<T> {
    try {
      return await setup();
    } catch (err) {
      await this.run().catch(() => undefined);
      throw err;
    }
  }
}
