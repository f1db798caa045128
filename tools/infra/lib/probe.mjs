// Protocol-level readiness checks using only node:net/node:http, so they
// work before node_modules exist. Each resolves truthy only when the server
// really speaks its protocol (an open port alone is not enough).
import { request } from 'node:http';
import { request as requestTls } from 'node:https';
import { connect } from 'node:net';

/** Sends `payload` and resolves with the reply once `complete(buf)` says it is whole. */
function exchange(host, port, payload, complete, timeoutMs = 2000) {
  return new Promise((resolve) => {
    const sock = connect({ host, port });
    let buf = Buffer.alloc(0);
    const done = (v) => {
      sock.destroy();
      resolve(v);
    };
    sock.setTimeout(timeoutMs, () => done(null));
    sock.on('error', () => done(null));
    sock.on('connect', () => sock.write(payload));
    sock.on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      if (complete(buf)) done(buf);
    });
    sock.on('close', () => done(null));
  });
}

export function tcpOpen(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const sock = connect({ host, port });
    const done = (v) => {
      sock.destroy();
      resolve(v);
    };
    sock.setTimeout(timeoutMs, () => done(false));
    sock.on('connect', () => done(true));
    sock.on('error', () => done(false));
  });
}

/** Redis: PING -> +PONG (a password-protected Redis answers -NOAUTH, still Redis). */
export async function redisPing(host, port) {
  const reply = await exchange(host, port, '*1\r\n$4\r\nPING\r\n', (b) => b.includes('\r\n'));
  return !!reply && /^(\+PONG|-NOAUTH)/.test(reply.toString());
}

/**
 * Kafka: Metadata v0 request (all topics); ready once the broker lists itself (registered and
 * unfenced) and every partition of every topic it knows has a leader. After a restart the broker
 * answers before it has elected leaders again; a producer sending then waits on
 * LEADER_NOT_AVAILABLE retries (the durability suite's first sends after `up` ran into the
 * gateway's 5 s send timeout under load), so "up" waits for the leaders too.
 */
export async function kafkaMetadata(host, port) {
  const clientId = Buffer.from('infra-probe');
  const body = Buffer.alloc(2 + 2 + 4 + 2 + clientId.length + 4);
  let o = body.writeInt16BE(3, 0); // api key: Metadata
  o = body.writeInt16BE(0, o); // version 0
  o = body.writeInt32BE(4242, o); // correlation id
  o = body.writeInt16BE(clientId.length, o);
  o += clientId.copy(body, o);
  body.writeInt32BE(0, o); // empty topic list (v0: all topics); we only read the broker count
  const size = Buffer.alloc(4);
  size.writeInt32BE(body.length);
  const reply = await exchange(
    host,
    port,
    Buffer.concat([size, body]),
    (b) => b.length >= 4 && b.length >= 4 + b.readInt32BE(0),
  );
  if (!reply || reply.length < 12 || reply.readInt32BE(4) !== 4242) return false;
  try {
    return everyPartitionLed(reply);
  } catch {
    return false; // a reply cut short or not of this shape: not ready
  }
}

/** Reads a Metadata v0 reply (after its size and correlation id); throws past its end. */
function everyPartitionLed(reply) {
  let o = 8;
  const int16 = () => ((o += 2), reply.readInt16BE(o - 2));
  const int32 = () => ((o += 4), reply.readInt32BE(o - 4));
  // The length is read (moving o) before o moves past what it counts.
  const skip = (bytes) => (o += bytes);
  const skipString = () => skip(Math.max(0, int16()));
  const skipInts = () => skip(4 * int32());
  const brokers = int32();
  for (let i = 0; i < brokers; i++) {
    int32(); // node id
    skipString(); // host
    int32(); // port
  }
  if (brokers === 0) return false;
  const topics = int32();
  for (let t = 0; t < topics; t++) {
    const topicError = int16();
    skipString(); // name
    const partitions = int32();
    for (let p = 0; p < partitions; p++) {
      const partitionError = int16();
      int32(); // partition id
      const leader = int32();
      skipInts(); // replicas
      skipInts(); // in-sync replicas
      if (partitionError !== 0 || leader < 0) return false;
    }
    if (topicError !== 0) return false;
  }
  return true;
}

// Minimal BSON for {ping: 1, $db: 'admin'} and reading top-level `ok`.
function bsonDoc(fields) {
  const parts = [];
  for (const [k, v] of Object.entries(fields)) {
    const key = Buffer.from(k + '\0');
    if (typeof v === 'number') {
      const n = Buffer.alloc(4);
      n.writeInt32LE(v);
      parts.push(Buffer.from([0x10]), key, n);
    } else {
      const s = Buffer.from(v + '\0');
      const n = Buffer.alloc(4);
      n.writeInt32LE(s.length);
      parts.push(Buffer.from([0x02]), key, n, s);
    }
  }
  const content = Buffer.concat(parts);
  const len = Buffer.alloc(4);
  len.writeInt32LE(content.length + 5);
  return Buffer.concat([len, content, Buffer.from([0])]);
}

function bsonOk(doc) {
  let i = 4;
  while (i < doc.length - 1) {
    const type = doc[i];
    const end = doc.indexOf(0, i + 1);
    const key = doc.toString('utf8', i + 1, end);
    i = end + 1;
    if (key === 'ok') return type === 0x01 ? doc.readDoubleLE(i) : type === 0x10 ? doc.readInt32LE(i) : null;
    // skip the value; covers the types a server puts before `ok` in a reply
    const sizes = { 0x01: 8, 0x08: 1, 0x09: 8, 0x10: 4, 0x12: 8, 0x11: 8, 0x07: 12, 0x0a: 0 };
    if (type in sizes) i += sizes[type];
    else if (type === 0x02) i += 4 + doc.readInt32LE(i);
    else if (type === 0x03 || type === 0x04) i += doc.readInt32LE(i);
    else if (type === 0x05) i += 5 + doc.readInt32LE(i);
    else return null;
  }
  return null;
}

/** MongoDB wire protocol: OP_MSG {ping: 1} must come back with ok: 1 (every server knows ping, not all know hello). */
export async function mongoPing(host, port) {
  const doc = bsonDoc({ ping: 1, $db: 'admin' });
  const header = Buffer.alloc(16);
  header.writeInt32LE(16 + 4 + 1 + doc.length, 0);
  header.writeInt32LE(7, 4); // request id
  header.writeInt32LE(2013, 12); // OP_MSG
  const msg = Buffer.concat([header, Buffer.alloc(4), Buffer.from([0]), doc]);
  const reply = await exchange(host, port, msg, (b) => b.length >= 4 && b.length >= b.readInt32LE(0));
  if (!reply || reply.readInt32LE(12) !== 2013 || reply[20] !== 0) return false;
  return bsonOk(reply.subarray(21)) === 1;
}

/** HTTP(S) GET; resolves { status, body } or null when nothing answers. Credentials in the URL are sent as Basic auth. */
export function httpGet(url, headers = {}, timeoutMs = 2000) {
  return new Promise((resolve) => {
    const req = (String(url).startsWith('https:') ? requestTls : request)(
      url,
      { headers, timeout: timeoutMs },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode, body }));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
    req.end();
  });
}
