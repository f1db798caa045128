import { once } from 'node:events';
import { type IncomingHttpHeaders, createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { createOpenSearchClient, engineForDisplay } from './opensearch.client';

/** A loopback server answering like a cluster's root, keeping the headers it was sent. */
async function fakeCluster(
  status = 200,
): Promise<{ port: number; seen: IncomingHttpHeaders[]; close: () => void }> {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    seen.push(req.headers);
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ cluster_name: 'test', version: { number: '2.19.0' } }));
  }).listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { port: (server.address() as AddressInfo).port, seen, close: () => server.close() };
}

describe('the OpenSearch client', () => {
  it('sends the credentials of the URL as basic authentication, percent-decoded', async () => {
    const cluster = await fakeCluster();
    const client = createOpenSearchClient(`http://search%40app:p%3Ass%2Fw0rd@127.0.0.1:${cluster.port}`);
    try {
      await client.info();
      const expected = `Basic ${Buffer.from('search@app:p:ss/w0rd').toString('base64')}`;
      expect(cluster.seen.map((h) => h.authorization)).toEqual([expected]);
    } finally {
      await client.close();
      cluster.close();
    }
  });

  it('keeps the credentials out of the errors it raises (what a log line would print)', async () => {
    const cluster = await fakeCluster(500);
    const client = createOpenSearchClient(`http://search:s3cret-pw@127.0.0.1:${cluster.port}`);
    try {
      const err: unknown = await client.info().then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(Error);
      expect(cluster.seen.length).toBeGreaterThan(0);
      const printed = JSON.stringify(err, Object.getOwnPropertyNames(err)) + JSON.stringify(err);
      expect(printed).toContain(`127.0.0.1:${cluster.port}`);
      expect(printed).not.toContain('s3cret-pw');
      expect(printed).not.toContain(Buffer.from('search:s3cret-pw').toString('base64'));
    } finally {
      await client.close();
      cluster.close();
    }
  });

  it('sends no Authorization header for a URL without credentials', async () => {
    const cluster = await fakeCluster();
    const client = createOpenSearchClient(`http://127.0.0.1:${cluster.port}`);
    try {
      await client.info();
      expect(cluster.seen).toHaveLength(1);
      expect(cluster.seen[0]?.authorization).toBeUndefined();
    } finally {
      await client.close();
      cluster.close();
    }
  });
});

describe('engineForDisplay', () => {
  it('hides the credentials of a URL', () => {
    const shown = engineForDisplay('https://search:s3cret@search.example:9200/');
    expect(shown).toBe('https://***@search.example:9200');
    expect(shown).not.toContain('s3cret');
  });

  it('shows a URL without credentials as it is', () => {
    expect(engineForDisplay('http://127.0.0.1:9200')).toBe('http://127.0.0.1:9200');
    expect(engineForDisplay('http://opensearch.search.svc:9200/prefix/')).toBe(
      'http://opensearch.search.svc:9200/prefix',
    );
  });
});
