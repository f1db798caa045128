import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { Sha256Hmac } from './keyed-hash';

const reference = (key: string, message: string) =>
  createHmac('sha256', key).update(message).digest('base64url');

describe('Sha256Hmac', () => {
  const keys = [
    'sixteen-chars-ok',
    'k'.repeat(64), // exactly one block
    'k'.repeat(65), // longer than a block: hashed first
    'ключ-с-юникодом-🙂',
    randomBytes(48).toString('base64'),
  ];
  const messages = [
    '',
    randomUUID(),
    'a',
    'é漢字🙂',
    'lone \ud800 surrogate',
    'x'.repeat(170), // the fast path's longest
    'x'.repeat(171), // past it: createHmac
    '🙂'.repeat(85), // 170 UTF-16 units, 340 UTF-8 bytes
    '漢'.repeat(170), // 510 UTF-8 bytes: the buffer's whole room
  ];

  it.each(keys)('gives createHmac’s digest under key %#', (key) => {
    const hmac = new Sha256Hmac(key);
    for (const message of messages) expect(hmac.base64url(message)).toBe(reference(key, message));
  });

  it('leaves nothing of a longer message behind for a shorter one', () => {
    const hmac = new Sha256Hmac('sixteen-chars-ok');
    const ids = Array.from({ length: 200 }, (_, i) => randomUUID().slice(0, (i % 36) + 1));
    for (const id of ids) expect(hmac.base64url(id)).toBe(reference('sixteen-chars-ok', id));
  });
});
