import org.codelibs.opensearch.runner.OpenSearchRunner;

/**
 * One local OpenSearch 2.19 node for development and tests, run in this JVM from the Maven
 * Central jars (no tarball, no plugin install: the runner loads the modules from the classpath).
 *
 * <p>Arguments: home host httpPort transportPort. Data, logs and config live under
 * home/node_1 and survive restarts. Loopback only, single-node discovery. SIGTERM (tools/infra
 * down) closes the node cleanly through the shutdown hook.
 */
public class Main {
  public static void main(String[] args) throws Exception {
    if (args.length != 4) {
      System.err.println("usage: Main <home> <host> <httpPort> <transportPort>");
      System.exit(2);
    }
    OpenSearchRunner runner = new OpenSearchRunner();
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      try {
        runner.close();
      } catch (Exception e) {
        System.err.println("opensearch: close failed: " + e);
      }
    }));
    runner.onBuild((index, settings) -> {
      settings.put("network.host", args[1]);
      settings.put("http.port", args[2]);
      settings.put("transport.port", args[3]);
      settings.put("discovery.type", "single-node");
      // A dev box: no mlockall, and no read-only indexes when the disk fills past 95 %.
      settings.put("bootstrap.memory_lock", false);
      settings.put("cluster.routing.allocation.disk.threshold_enabled", false);
    }).build(OpenSearchRunner.newConfigs().basePath(args[0]).numOfNode(1).clusterName("core-vault-local"));
    runner.ensureYellow();
    System.out.println("opensearch: ready on http://" + args[1] + ":" + args[2]);
    while (!runner.isClosed()) Thread.sleep(1000);
  }
}
