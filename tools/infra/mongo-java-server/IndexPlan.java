import de.bwaldvogel.mongo.backend.ValueComparator;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.bson.ObjectId;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.Date;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.TreeSet;

/**
 * How one query walks one OrderedIndex, by the rules MongoDB's planner uses for a compound index:
 * an equality prefix (a value, `$eq` or `$in` on the leading keys), then at most one range
 * (`$gt`/`$gte`/`$lt`/`$lte`) on the next key, and the sort served when the query's sort is the
 * index's next keys in their directions or all reversed. The walk yields a superset (a range's
 * bounds take every type); IndexedCollection still matches every document against the whole query.
 */
final class IndexPlan {
  private static final int MAX_COMBINATIONS = 256;
  private static final Set<String> COVERED_OPERATORS =
      Set.of("$in", "$nin", "$eq", "$ne", "$gt", "$gte", "$lt", "$lte");
  private static final Set<String> RANGE_OPERATORS = Set.of("$gt", "$gte", "$lt", "$lte");

  final OrderedIndex index;
  /** How many leading keys are fixed by equality. */
  final int prefix;
  /** The walk comes out in the order the query asked for (or it asked for none). */
  final boolean sortServed;
  /** Walk the index backwards (the sort is the index's keys all reversed). */
  final boolean reversed;
  /**
   * Every field the query names is a key of this index, with only comparison operators: the
   * query can be decided on an entry's key values alone, before its document is loaded.
   */
  final boolean covered;
  private final boolean ranged;
  /** The walk's entries are exactly the query's matches (see plan()): a count needs no document. */
  final boolean exact;
  private final List<Object[]> from = new ArrayList<>();
  private final List<Object[]> to = new ArrayList<>();

  private IndexPlan(OrderedIndex index, int prefix, boolean ranged, boolean sortServed, boolean reversed,
      boolean covered, boolean exact) {
    this.index = index;
    this.prefix = prefix;
    this.ranged = ranged;
    this.sortServed = sortServed;
    this.reversed = reversed;
    this.covered = covered;
    this.exact = exact;
  }

  /** The best plan over these indexes (most equality keys, then a served sort), or null: scan. */
  static IndexPlan choose(Document query, Document orderBy, List<OrderedIndex> indexes) {
    IndexPlan best = null;
    for (OrderedIndex index : indexes) {
      IndexPlan plan = index.sparse() ? null : plan(index, query, orderBy);
      if (plan != null && (best == null || plan.score() > best.score())) best = plan;
    }
    return best;
  }

  private int score() {
    return prefix * 4 + (sortServed ? 2 : 0) + (ranged ? 1 : 0);
  }

  private static IndexPlan plan(OrderedIndex index, Document query, Document orderBy) {
    int n = index.size();
    List<List<Object>> equalities = new ArrayList<>();
    int p = 0;
    for (; p < n && query.containsKey(index.field(p)); p++) {
      List<Object> values = equalityValues(query.get(index.field(p)));
      if (values == null) break;
      equalities.add(values);
    }
    Object lower = null;
    Object upper = null;
    boolean lowerExclusive = false;
    boolean upperExclusive = false;
    boolean ranged = false;
    if (p < n && query.get(index.field(p)) instanceof Document range && isRange(range)) {
      ranged = true;
      for (String op : range.keySet()) {
        if (op.startsWith("$g")) {
          lower = range.get(op);
          lowerExclusive = op.equals("$gt");
        } else {
          upper = range.get(op);
          upperExclusive = op.equals("$lt");
        }
      }
    }
    // Nothing narrows the walk: walking every entry costs what the library's scan costs.
    if (p == 0 && !ranged) return null;
    long combinations = 1;
    for (List<Object> values : equalities) combinations *= Math.max(1, values.size());
    if (combinations > MAX_COMBINATIONS) return null;

    boolean sortServed = true;
    boolean reversed = false;
    if (orderBy != null && !orderBy.isEmpty()) {
      Boolean flip = null;
      int i = p;
      for (String key : orderBy.keySet()) {
        Object direction = orderBy.get(key);
        if (i >= n || !index.field(i).equals(key) || !(direction instanceof Number number)) {
          flip = null;
          sortServed = false;
          break;
        }
        boolean asc = number.doubleValue() > 0;
        boolean f = asc != index.ascending(i);
        if (flip != null && flip != f) {
          sortServed = false;
          break;
        }
        flip = f;
        i++;
      }
      reversed = sortServed && Boolean.TRUE.equals(flip);
      // MongoDB sorts an array by its smallest or largest element; a multikey walk cannot.
      if (index.isMultikey()) sortServed = false;
    }
    boolean covered = !index.dotted() && !index.isMultikey() && coveredBy(query, index);
    // Every entry of the walk matches when the query is its equality prefix and nothing else.
    boolean exact = !ranged && !index.dotted() && !index.isMultikey() && query.size() == p;
    IndexPlan plan = new IndexPlan(index, p, ranged, sortServed, reversed, covered, exact);
    // Entry order runs against value order on a descending key.
    boolean asc = p < n && index.ascending(p);
    Object start = asc ? lower : upper;
    Object end = asc ? upper : lower;
    // `$gt`/`$lt`: the walk starts after every entry equal to the bound (its later keys and its
    // position past all of theirs) and ends before them. Inclusive bounds made `$gt: 0` walk every
    // entry at 0 — the outbox relay's claim, `_outboxPending > 0`, loaded each of a collection's
    // documents (all at 0) to match its lease condition: 33 ms at 20,000 artifacts, 4 times a second.
    boolean startAfter = ranged && start != null && (asc ? lowerExclusive : upperExclusive);
    boolean endBefore = ranged && end != null && (asc ? upperExclusive : lowerExclusive);
    for (List<Object> combination : combinations(equalities)) {
      // The key values, then the position: entry bounds (OrderedIndex.range).
      Object[] f = new Object[n + 1];
      Object[] t = new Object[n + 1];
      for (int i = 0; i <= n; i++) {
        if (i < p) {
          f[i] = t[i] = combination.get(i);
        } else if (i == p && ranged) {
          f[i] = orLow(start);
          t[i] = orHigh(end);
        } else {
          f[i] = startAfter ? OrderedIndex.HIGH : OrderedIndex.LOW;
          t[i] = endBefore ? OrderedIndex.LOW : OrderedIndex.HIGH;
        }
      }
      plan.from.add(f);
      plan.to.add(t);
    }
    return plan;
  }

  private static Object orLow(Object bound) {
    return bound != null ? bound : OrderedIndex.LOW;
  }

  private static Object orHigh(Object bound) {
    return bound != null ? bound : OrderedIndex.HIGH;
  }

  private static boolean isRange(Document range) {
    return !range.isEmpty() && RANGE_OPERATORS.containsAll(range.keySet())
        && range.values().stream().allMatch(IndexPlan::isScalar);
  }

  /** The values an equality condition allows, or null when it is not an equality. */
  private static List<Object> equalityValues(Object condition) {
    if (isScalar(condition)) return Collections.singletonList(condition);
    if (!(condition instanceof Document d) || d.size() != 1) return null;
    if (d.containsKey("$eq") && isScalar(d.get("$eq"))) return Collections.singletonList(d.get("$eq"));
    if (d.get("$in") instanceof Collection<?> values && !values.isEmpty()
        && values.stream().allMatch(IndexPlan::isScalar)) {
      // `$in: [a, a]` is one walk, not two (which would return each document twice).
      TreeSet<Object> distinct = new TreeSet<>(ValueComparator.asc());
      distinct.addAll(values);
      return new ArrayList<>(distinct);
    }
    return null;
  }

  /** Values whose equality and order mean the same on a key as in a document (no arrays, no regex). */
  private static boolean isScalar(Object value) {
    return value == null || value instanceof String || value instanceof Number || value instanceof Boolean
        || value instanceof Instant || value instanceof Date || value instanceof ObjectId;
  }

  private static boolean coveredBy(Document query, OrderedIndex index) {
    for (String field : query.keySet()) {
      Object condition = query.get(field);
      if (field.equals("$or") || field.equals("$and")) {
        if (!(condition instanceof List<?> branches)) return false;
        for (Object branch : branches) {
          if (!(branch instanceof Document b) || !coveredBy(b, index)) return false;
        }
      } else if (field.startsWith("$") || !index.isKey(field) || !coveredCondition(condition)) {
        return false;
      }
    }
    return true;
  }

  private static boolean coveredCondition(Object condition) {
    if (isScalar(condition)) return true;
    if (!(condition instanceof Document d) || d.isEmpty()) return false;
    for (String op : d.keySet()) {
      Object operand = d.get(op);
      if (!COVERED_OPERATORS.contains(op)) return false;
      boolean ok = isScalar(operand)
          || ((op.equals("$in") || op.equals("$nin")) && operand instanceof Collection<?> values
              && values.stream().allMatch(IndexPlan::isScalar));
      if (!ok) return false;
    }
    return true;
  }

  private static List<List<Object>> combinations(List<List<Object>> equalities) {
    List<List<Object>> out = new ArrayList<>();
    out.add(new ArrayList<>());
    for (List<Object> values : equalities) {
      List<List<Object>> next = new ArrayList<>();
      for (List<Object> head : out) {
        for (Object value : values) {
          List<Object> combination = new ArrayList<>(head);
          combination.add(value);
          next.add(combination);
        }
      }
      out = next;
    }
    return out;
  }

  /**
   * The projection asks only for this index's keys and `_id` (inclusions, `_id` maybe excluded):
   * what an entry holds.
   */
  boolean projects(Document fieldSelector) {
    if (fieldSelector == null || fieldSelector.isEmpty() || index.dotted()) return false;
    for (String field : fieldSelector.keySet()) {
      Object value = fieldSelector.get(field);
      boolean included = value instanceof Boolean b ? b : value instanceof Number n && n.doubleValue() != 0;
      if (field.equals("_id")) continue;
      if (!included || !index.isKey(field)) return false;
    }
    return true;
  }

  /** An entry's key values as a document, for deciding a covered query before any load. */
  Document keyDocument(OrderedIndex.Entry entry) {
    Document keys = new Document();
    for (int i = 0; i < index.size(); i++) {
      Object value = entry.values[i];
      // A missing field stays missing, so `null` and `$exists` mean what they mean on the document.
      if (!(value instanceof de.bwaldvogel.mongo.backend.Missing)) keys.put(index.field(i), value);
    }
    return keys;
  }

  /** How many entries the walk holds: the count of an exact plan. */
  int size() {
    int n = 0;
    for (int i = 0; i < from.size(); i++) n += index.count(from.get(i), to.get(i));
    return n;
  }

  /** The candidate entries: in the query's sort order when sortServed, else in index order. */
  Iterator<OrderedIndex.Entry> candidates() {
    List<List<OrderedIndex.Entry>> walks = new ArrayList<>();
    for (int i = 0; i < from.size(); i++) {
      List<OrderedIndex.Entry> walk = index.range(from.get(i), to.get(i));
      if (reversed) Collections.reverse(walk);
      if (!walk.isEmpty()) walks.add(walk);
    }
    if (walks.size() == 1) return walks.get(0).iterator();
    if (!sortServed) return walks.stream().flatMap(List::stream).iterator();
    return merge(walks, index.suffixOrder(prefix, reversed));
  }

  /** A k-way merge of sorted walks (one per `$in` value), lazily: a page stops it early. */
  private static Iterator<OrderedIndex.Entry> merge(List<List<OrderedIndex.Entry>> walks,
      Comparator<OrderedIndex.Entry> order) {
    record Head(OrderedIndex.Entry entry, Iterator<OrderedIndex.Entry> rest) {}
    PriorityQueue<Head> heads = new PriorityQueue<>((a, b) -> order.compare(a.entry(), b.entry()));
    for (List<OrderedIndex.Entry> walk : walks) {
      Iterator<OrderedIndex.Entry> it = walk.iterator();
      heads.add(new Head(it.next(), it));
    }
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        return !heads.isEmpty();
      }

      @Override
      public OrderedIndex.Entry next() {
        Head head = heads.poll();
        if (head == null) throw new NoSuchElementException();
        if (head.rest().hasNext()) heads.add(new Head(head.rest().next(), head.rest()));
        return head.entry();
      }
    };
  }
}
