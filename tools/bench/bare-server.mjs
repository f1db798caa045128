// The reference point of the public-read benchmark: one bare Node process that serves the same
// cached document from the same Redis key the artifacts service fills, with the same ETag/304
// handling, and nothing else (no framework, no auth, no gateway hop).
import { createServer } from 'node:http';
import { Redis } from 'ioredis';

const [, , port, redisUrl, key] = process.argv;
const redis = new Redis(redisUrl);

createServer(async (req, res) => {
  const raw = await redis.get(key);
  if (!raw) {
    res.writeHead(404).end();
    return;
  }
  const first = raw.indexOf('\n');
  const second = raw.indexOf('\n', first + 1);
  const etag = raw.slice(0, first);
  const headers = { etag, 'cache-control': 'public, max-age=0, must-revalidate', vary: 'Authorization' };
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers).end();
    return;
  }
  res
    .writeHead(200, { ...headers, 'content-type': 'application/json; charset=utf-8' })
    .end(raw.slice(second + 1));
}).listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
