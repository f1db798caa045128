import { type API, Client } from '@opensearch-project/opensearch';
import { type SearchSnippet } from '@core-vault/contracts';
import { ADMIN_REQUEST, SEARCH_REQUEST, hasStatus } from './opensearch.client';
import { type SearchDocument, type SearchSource, toSearchDocument } from './search-document';
import { type SearchQuery, buildSearchBody } from './search-query';
import { toSnippets } from './snippets';

/** The stored body: the id is the document's _id, not a field of it. */
function indexed({ id: _id, ...fields }: SearchDocument): Omit<SearchDocument, 'id'> {
  return fields;
}

/** The alias is not there (being created at boot, or dropped): a moment to wait, as for an outage. */
export class SearchIndexMissing extends Error {
  override readonly name = 'SearchIndexMissing';
}

export interface SearchHit {
  id: string;
  score: number;
  snippets: SearchSnippet[];
}

export interface SearchHits {
  total: number;
  hits: SearchHit[];
}

/**
 * The search read model: the only place that talks to the index. Every write carries the
 * artifact's `rev` as an external version, so the index keeps the newest state it was given —
 * a replayed or late event, or a rebuild racing the consumer, can never put an older one back.
 */
export class ArtifactSearchRepository {
  constructor(
    private readonly client: Client,
    private readonly alias: string,
  ) {}

  /** The artifact as of `rev`; a no-op when the index already holds this rev or a newer one. */
  async upsert(doc: SearchDocument, rev: number): Promise<void> {
    try {
      await this.client.index({
        index: this.alias,
        id: doc.id,
        body: indexed(doc),
        version: rev,
        version_type: 'external',
        // Never let a write create an index named like the alias with guessed mappings.
        require_alias: true,
      });
    } catch (err) {
      if (!hasStatus(err, 409)) throw err;
    }
  }

  /** Gone as of `rev` (deleted); the delete's version keeps older writes from bringing it back. */
  async remove(id: string, rev: number): Promise<void> {
    try {
      await this.client.delete({ index: this.alias, id, version: rev, version_type: 'external' });
    } catch (err) {
      // 404: not indexed (never was, or already gone); 409: a newer rev is already there.
      if (!hasStatus(err, 404) && !hasStatus(err, 409)) throw err;
    }
  }

  /**
   * Many artifacts as they are now, in one bulk request through the alias: live ones indexed,
   * deleted ones removed, each at its rev as the external version (409s — something as new or
   * newer is there — and deletes of what was never indexed are fine).
   */
  async sync(docs: readonly SearchSource[]): Promise<void> {
    if (docs.length === 0) return;
    const body = docs.flatMap((doc): API.Bulk_RequestBody => {
      const target = {
        _index: this.alias,
        _id: doc._id,
        version: doc.rev,
        version_type: 'external' as const,
      };
      return doc.deletedAt ? [{ delete: target }] : [{ index: target }, indexed(toSearchDocument(doc))];
    });
    const { body: res } = await this.client.bulk({ body, require_alias: true });
    if (!res.errors) return;
    const failed = res.items
      .map((item) => Object.values(item)[0])
      .filter((r) => r?.error && r.status !== 409);
    if (failed.some((r) => r?.error?.type === 'index_not_found_exception'))
      throw new SearchIndexMissing(`no index behind ${this.alias}`);
    if (failed.length > 0)
      throw new Error(`indexing failed for ${failed.length} artifacts: ${JSON.stringify(failed[0]?.error)}`);
  }

  /** Every artifact of an owner whose account was erased (no per-artifact events then). */
  async removeOwner(owner: string): Promise<void> {
    await this.client.deleteByQuery({
      index: this.alias,
      body: { query: { term: { owner } } },
      conflicts: 'proceed',
    });
  }

  /**
   * Many artifacts into one concrete index (a rebuild). Older-rev conflicts are fine (the
   * consumer got there first with something newer); any other failure fails the batch.
   */
  async bulkUpsert(index: string, docs: readonly SearchDocument[]): Promise<void> {
    if (docs.length === 0) return;
    const body = docs.flatMap((doc) => [
      { index: { _index: index, _id: doc.id, version: doc.rev, version_type: 'external' as const } },
      indexed(doc),
    ]);
    const { body: res } = await this.client.bulk({ body }, ADMIN_REQUEST);
    if (!res.errors) return;
    const failed = res.items
      .map((item) => Object.values(item)[0])
      .filter((r) => r?.error && r.status !== 409);
    if (failed.length > 0)
      throw new Error(
        `bulk indexing failed for ${failed.length} artifacts: ${JSON.stringify(failed[0]?.error)}`,
      );
  }

  async search(query: SearchQuery): Promise<SearchHits> {
    const { body } = await this.client.search(
      { index: this.alias, body: buildSearchBody(query) },
      SEARCH_REQUEST,
    );
    const total = body.hits.total;
    return {
      total: typeof total === 'number' ? total : (total?.value ?? 0),
      // Search hits always carry their id (only inner hits may not).
      hits: body.hits.hits.map((hit) => ({
        id: hit._id ?? '',
        score: hit._score ?? 0,
        snippets: toSnippets(hit.highlight),
      })),
    };
  }
}
