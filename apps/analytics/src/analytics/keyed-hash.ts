import { createHash, createHmac, hash } from 'node:crypto';

/** SHA-256's block size: HMAC pads (or first hashes) its key to this. */
const BLOCK = 64;
/** Longest message taken on the fast path, in UTF-16 units (3 UTF-8 bytes each at most). */
const FAST_CHARS = 170;

/**
 * HMAC-SHA256 under one key for many short messages: the same digest as
 * `createHmac('sha256', key).update(message).digest('base64url')` (RFC 2104: H(K⊕opad ‖ H(K⊕ipad ‖ m))),
 * from two one-shot `crypto.hash` calls over buffers padded once. Why not createHmac: it builds a
 * key object and an Hmac per call, which was 6.3 % of the analytics service's time while it counted
 * a 200,000-view backlog (every view a new session); this takes about 40 % less per digest
 * (one core, 200,000 UUIDs: 172–179 ms against 285–310 ms).
 */
export class Sha256Hmac {
  /** K⊕ipad, then the message. */
  private readonly inner = Buffer.alloc(BLOCK + FAST_CHARS * 3);
  /** K⊕opad, then the inner digest. */
  private readonly outer = Buffer.alloc(BLOCK + 32);

  constructor(private readonly key: string) {
    let k = Buffer.from(key, 'utf8');
    if (k.length > BLOCK) k = createHash('sha256').update(k).digest();
    for (let i = 0; i < BLOCK; i++) {
      const byte = k[i] ?? 0;
      this.inner[i] = byte ^ 0x36;
      this.outer[i] = byte ^ 0x5c;
    }
  }

  /** The digest, base64url. Synchronous, so the shared buffers are never used by two calls at once. */
  base64url(message: string): string {
    if (message.length > FAST_CHARS)
      return createHmac('sha256', this.key).update(message).digest('base64url');
    const length = this.inner.write(message, BLOCK, 'utf8');
    // 'binary' (latin1) maps each digest byte to one char and back, without a Buffer per call.
    this.outer.write(hash('sha256', this.inner.subarray(0, BLOCK + length), 'binary'), BLOCK, 'binary');
    return hash('sha256', this.outer, 'base64url');
  }
}
