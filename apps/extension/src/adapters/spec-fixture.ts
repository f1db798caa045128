import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';

/** A fixture page as the browser would hold it at `url` (specs only). */
export function loadFixture(dir: string, name: string, url: string): Document {
  const html = readFileSync(join(dir, 'fixtures', name), 'utf8');
  return new JSDOM(html, { url }).window.document;
}
