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
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.h2.mvstore.MVStore;

public class Main {
  /**
   * The H2 backend writes into the MVStore's maps and leaves persisting them to the store's
   * background auto-commit (once a second): a crash would lose up to a second of writes the
   * client already saw acknowledged. Committing before the reply makes every acknowledged write
   * survive `kill -9` (the commit reaches the OS; the file survives a process crash). A command
   * that changed nothing (every read) skips the commit.
   *
   * <p>Only this class stores, and only between whole commands. The store is opened without
   * MVStore's background writer and auto-commit (see main): both store on their own schedule,
   * and a store there bumps the store's version before it writes, so for the time of the write
   * `hasUnsavedChanges()` reads false to every other thread. A command that finished in that
   * time answered before its change reached the file (acknowledged, then lost to a kill), and a
   * background store taken between a command's document write and its index writes persisted
   * half a command. The background writer's housekeeping (rewriting sparse chunks) runs here
   * instead, under the same exclusive lock as a commit.
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
      boolean unsaved;
      commitLock.readLock().lock();
      try {
        return super.handleCommand(channel, database, command, query);
      } finally {
        // Asked while still holding the shared side: no store can be under way, so false means
        // everything this command wrote or read is in the file already.
        unsaved = getMvStore().hasUnsavedChanges();
        commitLock.readLock().unlock();
        if (unsaved) commitWhole();
      }
    }

    /** Once the exclusive side is ours, every earlier store has finished writing: commit what is left. */
    private void commitWhole() {
      commitLock.writeLock().lock();
      try {
        if (getMvStore().hasUnsavedChanges()) commit();
      } finally {
        commitLock.writeLock().unlock();
      }
    }

    /** SIGTERM: after the commands in flight, and never under a housekeeping round. */
    @Override
    public void close() {
      commitLock.writeLock().lock();
      try {
        super.close();
      } finally {
        commitLock.writeLock().unlock();
      }
    }

    /**
     * What MVStore's background writer did besides committing: rewrite the live pages of chunks
     * that are mostly garbage, so their space can be reused, then commit the rewrite. Between
     * whole commands, like any commit.
     */
    void housekeeping(int targetFillRate, int writeBytes) {
      commitLock.writeLock().lock();
      try {
        MVStore store = getMvStore();
        if (store.isClosed()) return;
        if (store.compact(targetFillRate, writeBytes) || store.hasUnsavedChanges()) commit();
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
      // 20 KB made every write and relay pass a page read (docs/reference/scale.md).
      int cacheMb = Integer.getInteger("cv.cacheMb", 256);
      // No background writer and no auto-commit by size: CommitBeforeReplyBackend is the only
      // one to store (see there why).
      MVStore store = new MVStore.Builder()
          .fileName(args[2])
          .cacheSize(cacheMb)
          .autoCommitDisabled()
          .autoCommitBufferSize(0)
          .open();
      CommitBeforeReplyBackend backend = new CommitBeforeReplyBackend(store);
      server = new MongoServer(backend);
      // The background writer's chunk rewriting, every 10 s, at most 8 MB at a time.
      ScheduledExecutorService maintenance = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "store-housekeeping");
        t.setDaemon(true);
        return t;
      });
      maintenance.scheduleWithFixedDelay(() -> {
        try {
          backend.housekeeping(80, 8 << 20);
        } catch (RuntimeException e) {
          System.err.println("store housekeeping failed: " + e);
        }
      }, 10, 10, TimeUnit.SECONDS);
    }
    server.bind(args[0], Integer.parseInt(args[1]));
    // SIGTERM (infra down): stop answering, then close the store so its last chunk is written.
    Runtime.getRuntime().addShutdownHook(new Thread(server::shutdown));
    System.out.println("mongo-java-server listening on " + server.getLocalAddress() + " store " + args[2]);
    Thread.currentThread().join();
  }
}
