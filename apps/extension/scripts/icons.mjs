// The toolbar and store icons, drawn at build time (no binary files in the repository): the
// vault's primary colour as a rounded square with a white "vault door" ring.
import { crc32, deflateSync } from 'node:zlib';

const PRIMARY = [0x3b, 0x3f, 0xd8];

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An RGBA PNG of size×size. */
export function iconPng(size) {
  const rows = [];
  const c = (size - 1) / 2;
  const corner = size * 0.22;
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4); // filter byte 0
    for (let x = 0; x < size; x++) {
      // Rounded square: distance outside the inner rectangle of the corners.
      const dx = Math.max(Math.abs(x - c) - (c - corner), 0);
      const dy = Math.max(Math.abs(y - c) - (c - corner), 0);
      const inside = Math.hypot(dx, dy) <= corner;
      const r = Math.hypot(x - c, y - c) / size;
      const ring = (r >= 0.2 && r <= 0.3) || r <= 0.07;
      const px = inside ? (ring ? [255, 255, 255, 255] : [...PRIMARY, 255]) : [0, 0, 0, 0];
      Buffer.from(px).copy(row, 1 + x * 4);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
