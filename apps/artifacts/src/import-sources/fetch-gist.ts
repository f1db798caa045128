import { Readable } from 'node:stream';
import { ImportSourceException } from './import-sources.exception';
import { gistIdOf } from './gist';
import { type Upload, receive } from './upload';

/** A gist's JSON is small (the API cuts each file at 1 MB and lists at most 300 files). */
const GIST_MAX_BYTES = 32 * 1024 * 1024;
const TIMEOUT_MS = 15_000;

/**
 * Fetches a gist from GitHub's REST API (GET {apiBase}/gists/{gist_id}, the documented JSON) to a
 * temporary file, like an upload. Only that address is ever fetched: the id is read from the
 * person's input by gistIdOf, the base comes from the configuration (GITHUB_API_URL; a test
 * points it at a local server speaking the same JSON). Public gists need no token.
 */
export async function fetchGist(apiBase: string, input: string): Promise<Upload> {
  const id = gistIdOf(input);
  if (!id) throw ImportSourceException.gistId();
  let answer: Response;
  try {
    answer = await fetch(`${apiBase.replace(/\/+$/, '')}/gists/${id}`, {
      headers: { accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' },
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw ImportSourceException.gistUnavailable();
  }
  if (answer.status === 404) throw ImportSourceException.gistNotFound();
  if (!answer.ok || !answer.body) throw ImportSourceException.gistUnavailable();
  try {
    return await receive(Readable.fromWeb(answer.body), GIST_MAX_BYTES);
  } catch (err) {
    if (err instanceof ImportSourceException && err.getStatus() === 413) throw err;
    throw ImportSourceException.gistUnavailable();
  }
}
