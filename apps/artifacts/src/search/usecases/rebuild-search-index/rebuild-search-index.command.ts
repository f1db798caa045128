/** What a rebuild is asked to do (Novu-style command: plain data, validated on creation). */
export class RebuildSearchIndexCommand {
  private constructor(
    /** Artifacts read from MongoDB and bulk-indexed at a time: bounds the memory a rebuild uses. */
    readonly batchSize: number,
    /** Told after each batch how many artifacts are in the new index so far. */
    readonly onProgress: (indexed: number) => void,
  ) {}

  static create(
    options: { batchSize?: number; onProgress?: (indexed: number) => void } = {},
  ): RebuildSearchIndexCommand {
    const batchSize = options.batchSize ?? 200;
    if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 5_000)
      throw new RangeError(`batchSize must be an integer from 1 to 5000, not ${batchSize}`);
    return new RebuildSearchIndexCommand(batchSize, options.onProgress ?? (() => {}));
  }
}
