/** The owner's per-artifact settings the view page changes in place (PATCH /api/v1/artifacts/:id). */
export interface ArtifactSettings {
  allowNetwork: boolean;
  allowRemix: boolean;
  frameHeight: number | 'viewport' | null;
}

/**
 * Saves some of the owner's settings and answers the artifact's settings as the server now holds
 * them. A refusal throws with the server's message, or `fallbackMessage` when it gave none.
 */
export async function saveArtifactSettings(
  fetchImpl: typeof fetch,
  artifactId: string,
  accessToken: string | null,
  changes: Partial<ArtifactSettings>,
  fallbackMessage: string,
): Promise<Partial<ArtifactSettings>> {
  const res = await fetchImpl(`/api/v1/artifacts/${encodeURIComponent(artifactId)}`, {
    method: 'PATCH',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
    },
    body: JSON.stringify(changes),
  });
  const body = (await res.json().catch(() => ({}))) as {
    message?: string;
    artifact?: Partial<ArtifactSettings>;
  };
  if (!res.ok) throw new Error(body.message || fallbackMessage);
  return body.artifact ?? {};
}

/** An Error's message for the person, or `fallback` when it has none. */
export const messageOf = (err: unknown, fallback: string): string =>
  err instanceof Error && err.message ? err.message : fallback;
