/**
 * The public page's reuse calls (#35): download the artifact as a file, save a copy to one's own
 * vault. Both name the version shown (a pinned link's ?v=N), which the server gives visitors only
 * when it is published.
 */

export interface DownloadedFile {
  fileName: string;
  mediaType: string;
  content: string;
}

export interface SavedCopy {
  id: string;
  title: string;
}

/** The server's own message (a refusal names its reason), else the fallback. */
async function failure(res: Response, fallback: string): Promise<Error> {
  const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
  return new Error(typeof body?.message === 'string' && body.message ? body.message : fallback);
}

async function post(
  path: string,
  version: number | null,
  token: string | null,
  fetchImpl: typeof fetch,
): Promise<Response> {
  return fetchImpl(path, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(version === null ? {} : { version }),
  });
}

/** POST /api/v1/artifacts/:id/download: the file's name, media type and content. */
export async function downloadArtifact(
  id: string,
  version: number | null,
  token: string | null,
  fallback: string,
  fetchImpl: typeof fetch = fetch,
): Promise<DownloadedFile> {
  const res = await post(`/api/v1/artifacts/${encodeURIComponent(id)}/download`, version, token, fetchImpl);
  if (!res.ok) throw await failure(res, fallback);
  return (await res.json()) as DownloadedFile;
}

/** POST /api/v1/artifacts/:id/remix: the new private artifact in the caller's vault. */
export async function saveCopy(
  id: string,
  version: number | null,
  token: string,
  fallback: string,
  fetchImpl: typeof fetch = fetch,
): Promise<SavedCopy> {
  const res = await post(`/api/v1/artifacts/${encodeURIComponent(id)}/remix`, version, token, fetchImpl);
  if (!res.ok) throw await failure(res, fallback);
  const { artifact } = (await res.json()) as { artifact: SavedCopy };
  return artifact;
}

/**
 * Hands the file to the browser as a download under its name: a Blob of the content (never run,
 * never parsed here) behind an object URL, clicked through a detached link, then released.
 */
export function saveFile(file: DownloadedFile, doc: Document = document): void {
  const url = URL.createObjectURL(new Blob([file.content], { type: `${file.mediaType};charset=utf-8` }));
  const link = doc.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.rel = 'noopener';
  doc.body.appendChild(link);
  link.click();
  link.remove();
  // After the click has been handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
