// Runs mongo-java-server (in-memory backend) on the given host and port.
// Data lives in the JVM heap: it survives app restarts, not `infra down`.
// The oplog is enabled so that change streams (watch) work.
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;

public class Main {
  public static void main(String[] args) throws Exception {
    if (args.length != 2) {
      System.err.println("usage: Main <host> <port>");
      System.exit(2);
    }
    MongoServer server = new MongoServer(new MemoryBackend());
    server.enableOplog();
    server.bind(args[0], Integer.parseInt(args[1]));
    Runtime.getRuntime().addShutdownHook(new Thread(server::shutdownNow));
    System.out.println("mongo-java-server listening on " + server.getLocalAddress());
    Thread.currentThread().join();
  }
}
