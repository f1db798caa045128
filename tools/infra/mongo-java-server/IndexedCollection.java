import de.bwaldvogel.mongo.MongoDatabase;
import de.bwaldvogel.mongo.backend.CollectionOptions;
import de.bwaldvogel.mongo.backend.CursorRegistry;
import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.backend.QueryResult;
import de.bwaldvogel.mongo.backend.h2.H2Collection;
import de.bwaldvogel.mongo.bson.Document;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import org.h2.mvstore.MVMap;

/**
 * An H2 collection whose queries use indexes the way MongoDB's do. The library answers a query
 * from an index only when the query's fields are exactly the index's keys, so `{_id, rev}` (every
 * optimistic write) or `{owner, deletedAt}` plus a sort (every list page) read and deserialize
 * every document of the collection, under the collection's lock. Here:
 *
 * <ul>
 *   <li>a query naming `_id` by value or `$in` loads just those documents, whatever else it names;
 *   <li>otherwise the best OrderedIndex (IndexPlan) is walked in key order; a query it covers is
 *       decided on the key values before any document is loaded, and a served sort stops the walk
 *       once skip + limit documents matched;
 *   <li>anything else is the library's scan, as before.
 * </ul>
 *
 * Every loaded document is still matched against the whole query, so a plan can only narrow what
 * is read, never change what is returned.
 */
final class IndexedCollection extends H2Collection {
  IndexedCollection(MongoDatabase database, String name, CollectionOptions options, MVMap<Object, Document> data,
      MVMap<String, Object> meta, CursorRegistry cursors) {
    super(database, name, options, data, meta, cursors);
  }

  @Override
  protected QueryResult queryDocuments(Document query, Document orderBy, int skip, int limit, int batchSize,
      Document fieldSelector) {
    Iterable<Object> byId = idPositions(query);
    if (byId != null) return matchDocuments(query, byId, orderBy, skip, limit, batchSize, fieldSelector);
    IndexPlan plan = IndexPlan.choose(query, orderBy, orderedIndexes());
    if (plan == null) return super.queryDocuments(query, orderBy, skip, limit, batchSize, fieldSelector);
    return walk(plan, query, orderBy, skip, limit, batchSize, fieldSelector);
  }

  /**
   * Index changes under the collection's lock, like every query and write: the library adds and
   * drops indexes unsynchronized, so an index created at a service's boot while another client
   * queried the collection failed that query with a ConcurrentModificationException (seen as
   * "Unknown error: null" by the analytics bench polling while the service started).
   */
  @Override
  public synchronized void addIndex(Index<Object> index) {
    super.addIndex(index);
  }

  @Override
  public synchronized void dropIndex(String indexName) {
    super.dropIndex(indexName);
  }

  /**
   * The count command: a query that is exactly an index's equality prefix (a list's total:
   * owner and not deleted) is counted on the index's entries, as MongoDB's COUNT_SCAN does,
   * without building a document per match.
   */
  @Override
  public synchronized int count(Document query, int skip, int limit) {
    IndexPlan plan = query == null || query.isEmpty() ? null : IndexPlan.choose(query, null, orderedIndexes());
    if (plan == null || !plan.exact) return super.count(query, skip, limit);
    int n = Math.max(0, plan.size() - Math.max(skip, 0));
    return limit > 0 ? Math.min(n, limit) : n;
  }

  private List<OrderedIndex> orderedIndexes() {
    List<OrderedIndex> ordered = new ArrayList<>();
    for (Index<Object> index : getIndexes()) {
      if (index instanceof OrderedIndex o) ordered.add(o);
    }
    return ordered;
  }

  /** Positions of the documents a query names by `_id` (a value or `$in`), or null. */
  private Iterable<Object> idPositions(Document query) {
    if (!query.containsKey("_id")) return null;
    Object id = query.get("_id");
    boolean byValue = id != null && !(id instanceof Document) && !(id instanceof Collection)
        && !(id instanceof java.util.regex.Pattern);
    boolean byIn = id instanceof Document d && d.size() == 1 && d.get("$in") instanceof Collection;
    if (!byValue && !byIn) return null;
    for (Index<Object> index : getIndexes()) {
      if (index.isUnique() && index.getKeys().size() == 1 && index.getKeys().get(0).getKey().equals("_id"))
        return index.getPositions(new Document("_id", id));
    }
    return null;
  }

  private QueryResult walk(IndexPlan plan, Document query, Document orderBy, int skip, int limit, int batchSize,
      Document fieldSelector) {
    // A covered query asking only for key fields (a count asks for _id) is answered from the
    // entries alone, as MongoDB answers a covered query: on this backend a position is the _id.
    boolean keysOnly = plan.covered && plan.projects(fieldSelector);
    Set<Object> seen = plan.index.isMultikey() ? new HashSet<>() : null;
    int toSkip = plan.sortServed ? skip : 0;
    List<Document> matched = new ArrayList<>();
    for (Iterator<OrderedIndex.Entry> it = plan.candidates(); it.hasNext(); ) {
      OrderedIndex.Entry entry = it.next();
      Document keys = plan.covered ? plan.keyDocument(entry) : null;
      if (keys != null && !documentMatchesQuery(keys, query)) continue;
      if (seen != null && !seen.add(entry.position)) continue;
      Document document;
      if (keysOnly) {
        document = keys;
        document.put("_id", entry.position);
      } else {
        document = getDocument(entry.position);
        if (document == null || !documentMatchesQuery(document, query)) continue;
      }
      if (toSkip > 0) {
        toSkip--;
        continue;
      }
      matched.add(document);
      if (plan.sortServed && limit > 0 && matched.size() >= limit) break;
    }
    if (plan.sortServed) return matchDocumentsFromStream(query, matched.stream(), 0, 0, batchSize, null, fieldSelector);
    return matchDocumentsFromStream(matched.stream(), query, orderBy, skip, limit, batchSize, fieldSelector);
  }
}
