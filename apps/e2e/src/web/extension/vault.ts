/** The vault side of the extension flows, through the API: keys, and what arrived. */
import { waitFor } from '@core-vault/platform/testing';
import { type SeededUser } from '../artifact-life/accounts';

/** A personal access token with the scopes the extension needs, made with the user's session. */
export async function createKey(
  user: SeededUser,
  name = 'Browser extension (e2e)',
): Promise<{ id: string; token: string }> {
  const res = await user.api('POST', '/api/v1/personal-tokens', {
    name,
    scopes: ['artifacts:read', 'artifacts:write'],
    expiresInDays: 30,
  });
  if (res.status !== 201) throw new Error(`token create answered ${res.status}: ${res.text}`);
  const personal = res.body['personalToken'] as { id: string };
  return { id: personal.id, token: String(res.body['token']) };
}

export interface StoredArtifact {
  id: string;
  title: string;
  type: string;
  metadata: Record<string, unknown>;
  createdAt: string;
}

/** Every artifact the user owns (oldest first), all pages. */
export async function allArtifacts(user: SeededUser): Promise<StoredArtifact[]> {
  const found: StoredArtifact[] = [];
  for (let page = 1; ; page += 1) {
    const res = await user.api('GET', `/api/v1/artifacts?sort=oldest&limit=100&page=${page}`);
    if (res.status !== 200) throw new Error(`list answered ${res.status}: ${res.text}`);
    found.push(...(res.body['artifacts'] as StoredArtifact[]));
    if (res.body['hasMore'] !== true) return found;
  }
}

/** Waits until the user owns exactly `count` artifacts; they, oldest first. */
export function arrived(user: SeededUser, count: number, timeoutMs = 20_000): Promise<StoredArtifact[]> {
  return waitFor(
    () => allArtifacts(user),
    (list) => list.length === count,
    { timeoutMs, intervalMs: 200, what: `${count} artifacts in ${user.email}'s vault` },
  );
}

/** One artifact read in full (content included). */
export async function readArtifact(
  user: SeededUser,
  id: string,
): Promise<StoredArtifact & { content: string }> {
  const res = await user.api('GET', `/api/v1/artifacts/${id}`);
  if (res.status !== 200) throw new Error(`read answered ${res.status}: ${res.text}`);
  return res.body['artifact'] as StoredArtifact & { content: string };
}
