import { type Client } from '@opensearch-project/opensearch';
import { ADMIN_REQUEST } from './opensearch.client';
import { concreteIndexName, isConcreteIndexOf, searchIndexBody } from './search-index.mapping';

/**
 * The index lifecycle: the alias (SEARCH_INDEX) is what everything reads and writes; behind it
 * one concrete index `<alias>-<timestamp>`. A rebuild fills a new concrete index and moves the
 * alias in one atomic aliases call, so searches never see a half-built index.
 */
export class SearchIndexAdmin {
  constructor(
    private readonly client: Client,
    readonly alias: string,
  ) {}

  /** The concrete index the alias points at, or null when there is no alias yet. */
  async liveIndex(): Promise<string | null> {
    if (!(await this.client.indices.existsAlias({ name: this.alias }, ADMIN_REQUEST)).body) return null;
    const { body } = await this.client.indices.getAlias({ name: this.alias }, ADMIN_REQUEST);
    return Object.keys(body).sort()[0] ?? null;
  }

  /** A new, empty concrete index with the mapping (not behind the alias yet). */
  async createIndex(at = new Date()): Promise<string> {
    const index = concreteIndexName(this.alias, at);
    // Asked once: a create whose answer was lost may have happened, and asking again would be
    // answered "already exists".
    await this.client.indices.create({ index, body: searchIndexBody }, { ...ADMIN_REQUEST, maxRetries: 0 });
    return index;
  }

  /**
   * A new concrete index that is live at once (boot on an empty or missing index). Two instances
   * booting together may both create one: the alias then settles on the oldest name and the
   * other instance drops its own, so there is always exactly one write index.
   */
  async createLiveIndex(): Promise<string> {
    const index = await this.createIndex();
    try {
      await this.client.indices.putAlias({ index, name: this.alias }, ADMIN_REQUEST);
    } catch (err) {
      // Behind the alias or not (an answer can be lost), dropped: the next boot attempt then makes
      // and fills a fresh one, instead of leaving an orphan or finding a live index never filled.
      await this.dropIndex(index).catch(() => undefined);
      throw err;
    }
    const { body } = await this.client.indices.getAlias({ name: this.alias }, ADMIN_REQUEST);
    const [winner, ...others] = Object.keys(body).sort();
    if (others.includes(index)) {
      await this.client.indices.deleteAlias({ index, name: this.alias }, ADMIN_REQUEST);
      await this.dropIndex(index);
    }
    return winner ?? index;
  }

  /** Moves the alias from whatever it points at to `index`, atomically. */
  async pointAliasAt(index: string): Promise<string[]> {
    const previous = (await this.client.indices.existsAlias({ name: this.alias }, ADMIN_REQUEST)).body
      ? Object.keys((await this.client.indices.getAlias({ name: this.alias }, ADMIN_REQUEST)).body)
      : [];
    await this.client.indices.updateAliases(
      {
        body: {
          actions: [
            ...previous.filter((p) => p !== index).map((p) => ({ remove: { index: p, alias: this.alias } })),
            { add: { index, alias: this.alias } },
          ],
        },
      },
      ADMIN_REQUEST,
    );
    return previous.filter((p) => p !== index);
  }

  async dropIndex(index: string): Promise<void> {
    // Only ever one of ours: a typo in the alias must not reach someone else's index.
    if (!isConcreteIndexOf(this.alias, index)) throw new Error(`refusing to drop ${index}`);
    await this.client.indices.delete({ index, ignore_unavailable: true }, ADMIN_REQUEST);
  }

  /** Makes what was written visible to searches now (rebuilds; the 100 ms refresh does it otherwise). */
  async refresh(index = this.alias): Promise<void> {
    await this.client.indices.refresh({ index }, ADMIN_REQUEST);
  }
}
