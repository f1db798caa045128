import de.bwaldvogel.mongo.MongoCollection;
import de.bwaldvogel.mongo.backend.CollectionOptions;
import de.bwaldvogel.mongo.backend.CursorRegistry;
import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.h2.H2Database;
import de.bwaldvogel.mongo.bson.Document;
import java.lang.reflect.Field;
import java.util.List;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;

/** An H2 database whose collections are IndexedCollections with real secondary indexes. */
final class IndexedDatabase extends H2Database {
  IndexedDatabase(String name, MVStore store, CursorRegistry cursors) {
    super(name, store, cursors);
  }

  @Override
  protected Index<Object> openOrCreateSecondaryIndex(String collection, String name, List<IndexKey> keys,
      boolean sparse) {
    return new OrderedIndex(name, keys, sparse);
  }

  @Override
  protected MongoCollection<Object> openOrCreateCollection(String name, CollectionOptions options) {
    // The same maps H2Database opens for a collection (its naming), under our collection class.
    MVStore store = store();
    String full = getFullCollectionNamespace(name);
    MVMap<Object, Document> data = store.openMap("databases." + full);
    MVMap<String, Object> meta = store.openMap("meta." + full);
    return new IndexedCollection(this, name, options, data, meta, cursorRegistry);
  }

  /**
   * H2Database keeps its store private and opens the existing collections from its own
   * constructor, before a subclass could keep a reference of its own: read its field.
   */
  private MVStore store() {
    try {
      Field field = H2Database.class.getDeclaredField("mvStore");
      field.setAccessible(true);
      return (MVStore) field.get(this);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("mongo-java-server's H2Database changed: no mvStore field", e);
    }
  }
}
