// The integration suites and the e2e stacks give every run its own OpenSearch indexes (the
// search helpers' `test-*`, the stacks' `e2e-<run>-artifacts-*`). The local OpenSearch keeps its
// data in .local/opensearch and holds every open index in its 512 MB heap, so without cleanup
// each `npm test` would leave them behind for good. Like the test databases, only indexes that
// appeared during this run and carry a test prefix are deleted; the user's cv-artifacts-* never.

const TEST_PREFIXES = ['test-', 'e2e-'];

export const isTestIndex = (name) => TEST_PREFIXES.some((p) => name.startsWith(p));

// fetch refuses URLs with credentials: they travel as Basic auth instead.
async function call(url, path, method = 'GET') {
  const target = new URL(path, url);
  const headers = {};
  if (target.username || target.password) {
    const user = `${decodeURIComponent(target.username)}:${decodeURIComponent(target.password)}`;
    headers.authorization = `Basic ${Buffer.from(user).toString('base64')}`;
    [target.username, target.password] = ['', ''];
  }
  const res = await fetch(target, { method, headers, signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status}`);
  return res.json();
}

/** Every index's name (system indexes, starting with a dot, left out). */
export async function listIndexes(url) {
  const rows = await call(url, '/_cat/indices?format=json&h=index&expand_wildcards=open,closed');
  return rows.map((r) => r.index).filter((name) => !name.startsWith('.'));
}

/** Deletes the test indexes that are not in `before`; resolves with their names. */
export async function deleteNewTestIndexes(url, before) {
  const existed = new Set(before);
  const names = (await listIndexes(url)).filter((name) => isTestIndex(name) && !existed.has(name));
  for (const name of names) await call(url, `/${encodeURIComponent(name)}`, 'DELETE');
  return names;
}
