/* global self, caches */
// Core Vault's service worker, for one thing only: the Web Share Target (manifest.webmanifest,
// share_target). A phone's share sheet POSTs the shared title/text/url and file to
// /share-target/; this worker keeps them in the browser's Cache Storage ("cv-share-target") and
// sends the person on to /upload, where the form takes them (src/modules/upload/share-target.ts).
// Registered with the scope /share-target/ (src/lib/service-worker.ts): it controls no page of the
// app, so it never sees an API call or a page load, caches nothing else, and a deploy is seen at
// the next load as before.
const CACHE = 'cv-share-target';
const FIELDS = '/share-target/shared/fields';
const FILE = '/share-target/shared/file';
/** Past this the file is not kept (the upload form takes 500,000 characters at most). */
const MAX_FILE_BYTES = 2_000_000;
const MAX_TEXT_CHARS = 500_000;

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'POST' || url.pathname !== '/share-target/') return;
  event.respondWith(keepShared(event.request));
});

const text = (form, name) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.slice(0, MAX_TEXT_CHARS) : '';
};

async function keepShared(request) {
  try {
    const form = await request.formData();
    // One share at a time: a new one replaces whatever an earlier one left.
    await caches.delete(CACHE);
    const cache = await caches.open(CACHE);
    const file = form.getAll('file').find((f) => f instanceof File && f.size > 0) ?? null;
    const tooLarge = !!file && file.size > MAX_FILE_BYTES;
    const fields = {
      title: text(form, 'title'),
      text: text(form, 'text'),
      url: text(form, 'url'),
      fileName: file ? file.name : null,
      fileTooLarge: tooLarge,
      sharedAt: Date.now(),
    };
    await cache.put(
      FIELDS,
      new Response(JSON.stringify(fields), { headers: { 'content-type': 'application/json' } }),
    );
    if (file && !tooLarge)
      await cache.put(FILE, new Response(file, { headers: { 'content-type': 'text/plain' } }));
    return Response.redirect('/upload', 303);
  } catch {
    // Not a form this worker can read: the upload form, empty.
    return Response.redirect('/upload', 303);
  }
}
