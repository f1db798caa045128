import { createHash, createHmac } from 'node:crypto';
import { once } from 'node:events';
import { type IncomingHttpHeaders, createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { createOpenSearchClient, engineForDisplay } from './opensearch.client';

interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A loopback server answering like a cluster's root, keeping what it was sent. */
async function fakeCluster(status = 200): Promise<{
  port: number;
  seen: IncomingHttpHeaders[];
  requests: SeenRequest[];
  close: () => void;
}> {
  const requests: SeenRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ cluster_name: 'test', version: { number: '2.19.0' } }));
    });
  }).listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    get seen() {
      return requests.map((r) => r.headers);
    },
    requests,
    close: () => server.close(),
  };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();

/**
 * Checks a request's AWS SigV4 signature as the service would, from the signature specification
 * (canonical request, string to sign, derived key) — not with the signer's own code. Paths and
 * queries here need no encoding.
 */
function sigV4Problem(req: SeenRequest, secret: string): string | null {
  const auth = String(req.headers.authorization ?? '');
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!match) return `not a SigV4 Authorization header: ${auth}`;
  const [, , date, region, service, signedHeaders, signature] = match as unknown as string[];
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(date!)) return `x-amz-date ${amzDate} is not of ${date}`;
  const payloadHash = req.headers['x-amz-content-sha256'];
  if (payloadHash !== undefined && payloadHash !== sha256(req.body))
    return 'payload hash does not match the body';
  const names = signedHeaders!.split(';');
  if (!names.includes('host') || !names.includes('x-amz-date'))
    return `host and date unsigned: ${signedHeaders}`;
  const [path, query = ''] = req.path.split('?');
  const canonical = [
    req.method,
    path,
    query.split('&').filter(Boolean).sort().join('&'),
    ...names.map(
      (n) =>
        `${n}:${String(req.headers[n] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}`,
    ),
    '',
    signedHeaders,
    String(req.headers['x-amz-content-sha256'] ?? sha256(req.body)),
  ].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date!), region!), service!), 'aws4_request');
  const expected = createHmac('sha256', key).update(toSign).digest('hex');
  return expected === signature ? null : 'signature does not match';
}

describe('the OpenSearch client', () => {
  it('sends the credentials of the URL as basic authentication, percent-decoded', async () => {
    const cluster = await fakeCluster();
    const client = createOpenSearchClient({
      url: `http://search%40app:p%3Ass%2Fw0rd@127.0.0.1:${cluster.port}`,
    });
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
    const client = createOpenSearchClient({ url: `http://search:s3cret-pw@127.0.0.1:${cluster.port}` });
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
    const client = createOpenSearchClient({ url: `http://127.0.0.1:${cluster.port}` });
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

describe('the OpenSearch client with AWS SigV4 (Amazon OpenSearch and IAM)', () => {
  const secret = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
  const saved = { ...process.env };
  beforeEach(() => {
    // The AWS SDK's default chain reads the environment first: a pod's role works the same way.
    for (const name of Object.keys(process.env)) if (name.startsWith('AWS_')) delete process.env[name];
    process.env['AWS_ACCESS_KEY_ID'] = 'AKIDEXAMPLE';
    process.env['AWS_SECRET_ACCESS_KEY'] = secret;
  });
  afterEach(() => {
    process.env = { ...saved };
  });

  it.each(['es', 'aoss'] as const)(
    'signs every request for %s, body included, so the service can check it',
    async (service) => {
      const cluster = await fakeCluster();
      const client = createOpenSearchClient({
        url: `http://127.0.0.1:${cluster.port}`,
        awsRegion: 'eu-west-1',
        awsService: service,
      });
      try {
        await client.info();
        await client.search({ index: 'cv-artifacts', body: { query: { match: { title: 'chart' } } } });
        expect(cluster.requests.map((r) => `${r.method} ${r.path.split('?')[0]}`)).toEqual([
          'GET /',
          'POST /cv-artifacts/_search',
        ]);
        for (const req of cluster.requests) {
          expect(req.headers.authorization).toContain(`/eu-west-1/${service}/aws4_request`);
          expect(sigV4Problem(req, secret)).toBeNull();
          // The check can fail: another secret, or a body changed on the way, does not verify.
          expect(sigV4Problem(req, `${secret}x`)).toBe('signature does not match');
        }
        const search = cluster.requests[1]!;
        expect(search.body).toContain('chart');
        expect(
          sigV4Problem({ ...search, body: search.body.replace('chart', 'chars') }, secret),
        ).not.toBeNull();
      } finally {
        await client.close();
        cluster.close();
      }
    },
  );

  it('refuses credentials in the URL together with signing', () => {
    expect(() =>
      createOpenSearchClient({ url: 'https://search:pw@search.example', awsRegion: 'eu-west-1' }),
    ).toThrow(/use one of the two/);
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
