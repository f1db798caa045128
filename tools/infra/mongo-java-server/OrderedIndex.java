import de.bwaldvogel.mongo.MongoCollection;
import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.KeyValue;
import de.bwaldvogel.mongo.backend.Missing;
import de.bwaldvogel.mongo.backend.Utils;
import de.bwaldvogel.mongo.backend.ValueComparator;
import de.bwaldvogel.mongo.bson.Document;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * A secondary (non-unique, compound) index for mongo-java-server, which has none of its own: it
 * logs "adding secondary index … is not yet implemented. ignoring" and scans whole collections.
 * Each entry is one document's key values in the index's key order and directions, then its
 * position, in a sorted set, so a walk from an equality prefix comes out in the index's sort
 * order, as a MongoDB IXSCAN does.
 *
 * <p>It lives in the heap and is rebuilt from the documents when the store opens (the library's
 * addIndex fills an index that is empty), so nothing of it is persisted and a crash cannot leave
 * it behind the data. IndexedCollection decides when a query walks it; canHandle stays false so
 * the library's own planner never hands it a query it does not understand.
 */
final class OrderedIndex extends Index<Object> {
  /** Walk bounds: before and after every value of a key, in entry order. */
  static final Object LOW = new Object();
  static final Object HIGH = new Object();

  private static final ValueComparator VALUES = ValueComparator.asc();

  /** One document (one array element, for a multikey index) at one position. */
  static final class Entry {
    final Object[] values;
    final Object position;

    Entry(Object[] values, Object position) {
      this.values = values;
      this.position = position;
    }
  }

  private final String[] fields;
  private final Set<String> fieldSet;
  /** A key is a dotted path: an entry's values cannot stand in for the document's fields. */
  private final boolean dotted;
  private final boolean[] ascending;
  private final TreeSet<Entry> entries;
  /**
   * Document _id → position: the library's removeDocument asks every index for the position of
   * the document it is given, and a non-unique key cannot answer that.
   */
  private final Map<Object, Object> positions = new HashMap<>();
  /** Set once any document had an array under a key: walks then de-duplicate and never sort. */
  private boolean multikey;

  OrderedIndex(String name, List<IndexKey> keys, boolean sparse) {
    super(name, keys, sparse);
    fields = keys.stream().map(IndexKey::getKey).toArray(String[]::new);
    fieldSet = Set.of(fields);
    dotted = fieldSet.stream().anyMatch(f -> f.contains("."));
    ascending = new boolean[fields.length];
    for (int i = 0; i < fields.length; i++) ascending[i] = keys.get(i).isAscending();
    entries = new TreeSet<>(this::compare);
  }

  int size() {
    return fields.length;
  }

  String field(int i) {
    return fields[i];
  }

  boolean isKey(String field) {
    return fieldSet.contains(field);
  }

  boolean dotted() {
    return dotted;
  }

  boolean ascending(int i) {
    return ascending[i];
  }

  boolean sparse() {
    return isSparse();
  }

  synchronized boolean isMultikey() {
    return multikey;
  }

  /** Entry order: the keys in their directions, then the position. */
  private int compare(Entry a, Entry b) {
    return compareFrom(0, a, b);
  }

  /**
   * Order on the keys from `start` on, then the position: how two walks that differ only in
   * their equality prefix (an `$in`) are merged into one sorted stream.
   */
  int compareFrom(int start, Entry a, Entry b) {
    for (int i = start; i < fields.length; i++) {
      int c = compareValue(a.values[i], b.values[i], ascending[i]);
      if (c != 0) return c;
    }
    return compareValue(a.position, b.position, true);
  }

  private static int compareValue(Object x, Object y, boolean asc) {
    if (x == y) return 0;
    if (x == LOW || y == HIGH) return -1;
    if (x == HIGH || y == LOW) return 1;
    int c = VALUES.compare(x, y);
    return asc ? c : -c;
  }

  private List<Entry> entriesOf(Document document, Object position) {
    List<Entry> out = new ArrayList<>();
    for (String field : fields) {
      if (Utils.getSubdocumentValueCollectionAware(document, field) instanceof Collection) multikey = true;
    }
    for (KeyValue keyValue : getKeyValues(document)) {
      Object[] values = new Object[fields.length];
      boolean allNull = true;
      for (int i = 0; i < values.length; i++) {
        values[i] = keyValue.get(i);
        allNull &= values[i] == null || values[i] instanceof Missing;
      }
      if (isSparse() && allNull) continue;
      out.add(new Entry(values, position));
    }
    return out;
  }

  /**
   * The entries between two bounds (entry order), copied so the walk holds no lock while it loads
   * documents. A bound is the key values and then the position, each a value or LOW/HIGH.
   */
  synchronized List<Entry> range(Object[] from, Object[] to) {
    SortedSet<Entry> between = between(from, to);
    return between == null ? List.of() : new ArrayList<>(between);
  }

  /** How many entries lie between two bounds (a count by the index alone: COUNT_SCAN). */
  synchronized int count(Object[] from, Object[] to) {
    SortedSet<Entry> between = between(from, to);
    return between == null ? 0 : between.size();
  }

  private SortedSet<Entry> between(Object[] from, Object[] to) {
    Entry low = new Entry(Arrays.copyOf(from, fields.length), from[fields.length]);
    Entry high = new Entry(Arrays.copyOf(to, fields.length), to[fields.length]);
    return compare(low, high) > 0 ? null : entries.subSet(low, true, high, true);
  }

  @Override
  public Object getPosition(Document document) {
    return null; // not unique: key values name no single document
  }

  @Override
  public void checkAdd(Document document, MongoCollection<Object> collection) {}

  @Override
  public synchronized void add(Document document, Object position, MongoCollection<Object> collection) {
    entries.addAll(entriesOf(document, position));
    positions.put(document.get("_id"), position);
  }

  @Override
  public synchronized Object remove(Document document) {
    Object position = positions.remove(document.get("_id"));
    if (position != null) entriesOf(document, position).forEach(entries::remove);
    return position;
  }

  @Override
  public boolean canHandle(Document query) {
    return false;
  }

  @Override
  public Iterable<Object> getPositions(Document query) {
    throw new UnsupportedOperationException("walked by IndexedCollection only");
  }

  @Override
  public synchronized long getCount() {
    return entries.size();
  }

  @Override
  public synchronized boolean isEmpty() {
    return entries.isEmpty();
  }

  @Override
  public synchronized long getDataSize() {
    return entries.size();
  }

  @Override
  public void checkUpdate(Document oldDocument, Document newDocument, MongoCollection<Object> collection) {}

  @Override
  public synchronized void updateInPlace(
      Document oldDocument, Document newDocument, Object position, MongoCollection<Object> collection) {
    entriesOf(oldDocument, position).forEach(entries::remove);
    entries.addAll(entriesOf(newDocument, position));
    positions.put(newDocument.get("_id"), position);
  }

  @Override
  public synchronized void drop() {
    entries.clear();
    positions.clear();
  }

  /** Compares walk results in the order a query asked for (merging `$in` walks). */
  Comparator<Entry> suffixOrder(int start, boolean reversed) {
    Comparator<Entry> order = (a, b) -> compareFrom(start, a, b);
    return reversed ? order.reversed() : order;
  }
}
