import { type Socket, connect, createServer } from 'node:net';

export interface EngineProxy {
  /** `http://127.0.0.1:<port>`: an OPENSEARCH_URL that goes through the proxy. */
  url: string;
  /** Refuses new connections and drops the open ones (an outage). */
  cut(): void;
  /** Lets connections through again. */
  restore(): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy on loopback in front of the search engine, for its faults: an outage (`cut`), or,
 * with `answerDelayMs`, an engine that answers late — requests pass at once and every byte of
 * the answers follows after the delay, in order (a loaded host).
 */
export async function engineProxy(engineUrl: string, { answerDelayMs = 0 } = {}): Promise<EngineProxy> {
  const target = new URL(engineUrl);
  let open = true;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    if (!open) return void client.destroy();
    const upstream = connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => socket.destroy());
      socket.on('close', () => {
        sockets.delete(socket);
        upstream.destroy();
        // The engine's last answers are still on their way: close behind them.
        if (socket === upstream && answerDelayMs > 0) setTimeout(() => client.destroy(), answerDelayMs);
        else client.destroy();
      });
    }
    client.pipe(upstream);
    if (answerDelayMs === 0) return void upstream.pipe(client);
    upstream.on('data', (chunk: Buffer) => {
      setTimeout(() => client.writable && client.write(chunk), answerDelayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    cut() {
      open = false;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      open = true;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
