// Runs mongo-java-server on the given host and port.
//
//   Main <host> <port> <file.mv.db>   data on disk in an H2 MVStore (the default for `infra up`)
//   Main <host> <port> memory         data in the heap, gone when the process ends
//
// No oplog: nothing here reads change streams, and mongo-java-server's oplog grows without bound.
// On disk, collections use real secondary indexes (IndexedDatabase, IndexedCollection,
// OrderedIndex, IndexPlan): the library itself ignores every index but the unique ones.
import de.bwaldvogel.mongo.MongoDatabase;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import de.bwaldvogel.mongo.bson.Document;
import io.netty.channel.Channel;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.h2.mvstore.MVStore;

public class Main {
  /**
   * The H2 backend writes into the MVStore's maps and leaves persisting them to the store's
   * background auto-commit (once a second): a crash would lose up to a second of writes the
   * client already saw acknowledged. Committing before the reply makes every acknowledged write
   * survive `kill -9` (the commit reaches the OS; the file survives a process crash). A command
   * that changed nothing (every read) skips the commit.
   */
  static final class CommitBeforeReplyBackend extends H2Backend {
    /**
     * A commit persists every map of the store as it is at that instant. A command writes a
     * document into its collection's data map first and into the index maps after, so a commit
     * taken while another command is between the two would persist a document its _id index does
     * not know (after a crash, queries by _id miss it while scans find it). Commands therefore run
     * under the shared side of this lock and a commit takes the exclusive side: it waits for the
     * commands in flight to finish and persists only whole commands. Fair, so a steady stream of
     * commands cannot starve the commits that acknowledged writes wait for.
     */
    private final ReentrantReadWriteLock commitLock = new ReentrantReadWriteLock(true);

    CommitBeforeReplyBackend(MVStore store) {
      super(store);
    }

    @Override
    protected MongoDatabase openOrCreateDatabase(String databaseName) {
      return new IndexedDatabase(databaseName, getMvStore(), getCursorRegistry());
    }

    @Override
    public Document handleCommand(Channel channel, String database, String command, Document query) {
      commitLock.readLock().lock();
      try {
        return super.handleCommand(channel, database, command, query);
      } finally {
        commitLock.readLock().unlock();
        if (getMvStore().hasUnsavedChanges()) commitWhole();
      }
    }

    private void commitWhole() {
      commitLock.writeLock().lock();
      try {
        if (getMvStore().hasUnsavedChanges()) commit();
      } finally {
        commitLock.writeLock().unlock();
      }
    }
  }

  public static void main(String[] args) throws Exception {
    if (args.length != 3) {
      System.err.println("usage: Main <host> <port> <file.mv.db|memory>");
      System.exit(2);
    }
    MongoServer server;
    if (args[2].equals("memory")) {
      server = new MongoServer(new MemoryBackend());
    } else {
      // The page cache (H2's default is 16 MB), -Dcv.cacheMb, 256 unless told: a read that misses
      // it reads and deserializes a page from the file. Past it, one user's 20,000 artifacts of
      // 20 KB made every write and relay pass a page read (docs/scale.md).
      int cacheMb = Integer.getInteger("cv.cacheMb", 256);
      MVStore store = new MVStore.Builder().fileName(args[2]).cacheSize(cacheMb).open();
      server = new MongoServer(new CommitBeforeReplyBackend(store));
    }
    server.bind(args[0], Integer.parseInt(args[1]));
    // SIGTERM (infra down): stop answering, then close the store so its last chunk is written.
    Runtime.getRuntime().addShutdownHook(new Thread(server::shutdown));
    System.out.println("mongo-java-server listening on " + server.getLocalAddress() + " store " + args[2]);
    Thread.currentThread().join();
  }
}
