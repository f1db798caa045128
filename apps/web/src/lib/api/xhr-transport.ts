/** How much of a request body has gone out; `total` is null when the browser cannot tell. */
export interface UploadProgress {
  loaded: number;
  total: number | null;
}

function responseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

/**
 * `fetch` with upload progress. Fetch cannot report how much of a request body was sent
 * (streaming request bodies need HTTP/2 and are Chromium-only), XMLHttpRequest can: its
 * `upload.onprogress`. The answer is handed back as a standard Response, so the API client
 * treats both transports alike; an abort rejects with an AbortError like fetch does.
 */
export function fetchWithUploadProgress(
  url: string,
  init: RequestInit,
  onProgress: (progress: UploadProgress) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    const done = () => init.signal?.removeEventListener('abort', abort);
    xhr.open(init.method ?? 'GET', url);
    xhr.withCredentials = init.credentials === 'include';
    for (const [name, value] of new Headers(init.headers).entries()) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) =>
      onProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : null });
    xhr.onload = () => {
      done();
      // Status 0 on load is a failure the browser did not describe (e.g. a blocked response).
      if (xhr.status < 200) return reject(new TypeError('Network request failed'));
      const body = xhr.status === 204 || xhr.status === 205 ? null : xhr.responseText;
      resolve(
        new Response(body, { status: xhr.status, headers: responseHeaders(xhr.getAllResponseHeaders()) }),
      );
    };
    xhr.onerror = () => {
      done();
      reject(new TypeError('Network request failed'));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    };
    if (init.signal?.aborted) return reject(new DOMException('The upload was cancelled.', 'AbortError'));
    init.signal?.addEventListener('abort', abort);
    xhr.send(typeof init.body === 'string' ? init.body : null);
  });
}
