// The reference points of the public-read benchmark: bare Node processes doing only what the
// measured path must do, with nothing else (no framework, no auth, no gateway hop).
//  - redis mode (`bare-server.mjs <port> <redisUrl> <key>`): serves the same cached document from
//    the same Redis key the artifacts service fills, with the same ETag/304 handling;
//  - file mode (`bare-server.mjs <port> --file <path> <headers JSON>`): returns the very bytes the
//    renderer answered for an embed (already gzipped, same headers) from memory;
//  - static mode (`bare-server.mjs <port> --static <path> <headers JSON>`): a bare static file
//    server, node:http + fs: each request stats the file and streams it from disk (the work the
//    renderer's library mirror does for a cached package file).
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { Redis } from 'ioredis';

const [, , port, ...rest] = process.argv;

function fileServer(path, headersJson) {
  const body = readFileSync(path);
  const headers = { ...JSON.parse(headersJson), 'content-length': String(body.length) };
  return createServer((req, res) => {
    if (headers.etag && req.headers['if-none-match'] === headers.etag) {
      res.writeHead(304, headers).end();
      return;
    }
    res.writeHead(200, headers).end(body);
  });
}

function redisServer(redisUrl, key) {
  const redis = new Redis(redisUrl);
  return createServer(async (req, res) => {
    const raw = await redis.get(key);
    if (!raw) {
      res.writeHead(404).end();
      return;
    }
    const first = raw.indexOf('\n');
    const second = raw.indexOf('\n', first + 1);
    const etag = raw.slice(0, first);
    const headers = {
      etag,
      'cache-control': 'public, max-age=0, s-maxage=10, must-revalidate',
      vary: 'Authorization',
    };
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers).end();
      return;
    }
    res
      .writeHead(200, { ...headers, 'content-type': 'application/json; charset=utf-8' })
      .end(raw.slice(second + 1));
  });
}

function staticServer(path, headersJson) {
  const base = JSON.parse(headersJson);
  return createServer((req, res) => {
    const { size } = statSync(path);
    res.writeHead(200, { ...base, 'content-length': String(size) });
    createReadStream(path).pipe(res);
  });
}

const server =
  rest[0] === '--file'
    ? fileServer(rest[1], rest[2])
    : rest[0] === '--static'
      ? staticServer(rest[1], rest[2])
      : redisServer(rest[0], rest[1]);
server.listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
