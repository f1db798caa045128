/**
 * Deleting a test's search indexes (e.g. a stack's `e2e-<run>-artifacts-<stamp>`, behind the alias
 * `e2e-<run>-artifacts`) when it stops: every open index costs the local OpenSearch heap (512 MB
 * for all of them), so the runs' indexes must not pile up. Names are listed first and deleted one
 * by one, since a cluster may refuse wildcard deletes (action.destructive_requires_name).
 */

/** fetch refuses URLs with credentials: they travel as Basic auth instead. */
function request(base: string, path: string, method: 'GET' | 'DELETE'): Promise<Response> {
  const url = new URL(path, base);
  const headers: Record<string, string> = {};
  if (url.username || url.password) {
    const user = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
    headers['authorization'] = `Basic ${Buffer.from(user).toString('base64')}`;
    url.username = '';
    url.password = '';
  }
  return fetch(url, { method, headers, signal: AbortSignal.timeout(10_000) });
}

/** Deletes every index whose name starts with `prefix`; resolves with their names. */
export async function deleteIndexesStartingWith(opensearchUrl: string, prefix: string): Promise<string[]> {
  if (!/^[a-z0-9][a-z0-9_.-]*$/.test(prefix)) throw new Error(`not an index prefix: ${prefix}`);
  const res = await request(opensearchUrl, `/_cat/indices/${prefix}*?format=json&h=index`, 'GET');
  if (!res.ok) throw new Error(`listing ${prefix}*: HTTP ${res.status}`);
  const names = ((await res.json()) as { index: string }[]).map((r) => r.index);
  for (const name of names) {
    const deleted = await request(opensearchUrl, `/${name}`, 'DELETE');
    // 404: gone already (a parallel cleanup); anything else is worth reporting.
    if (!deleted.ok && deleted.status !== 404) throw new Error(`deleting ${name}: HTTP ${deleted.status}`);
  }
  return names;
}
