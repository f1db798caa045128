/** How far a download has got. */
export interface DownloadProgress {
  /** Bytes received so far. */
  received: number;
  /** Bytes expected (Content-Length), or null when the server streams without announcing it. */
  total: number | null;
  /** Items the server said the download holds (X-Export-Total), or null without that header. */
  items: number | null;
  /** Items received so far, when the caller counts them (`countItems`), else null. */
  itemsReceived: number | null;
}

/** Told each chunk as it arrives; answers how many items have arrived so far. */
export type ItemCounter = (chunk: Uint8Array) => number;

/** Progress is reported at most this often (each chunk would re-render the page thousands of times). */
const REPORT_EVERY_MS = 100;

const headerNumber = (res: Response, name: string): number | null => {
  const value = Number(res.headers.get(name) ?? Number.NaN);
  return Number.isSafeInteger(value) && value >= 0 ? value : null;
};

/** How much of the end of a download is kept as text (to check its last field). */
const TAIL_BYTES = 256;

/** The end of the download as text: its last bytes, decoded (a cut character at the start is replaced). */
function tailOf(chunks: Uint8Array<ArrayBuffer>[]): string {
  const last: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  for (let i = chunks.length - 1; i >= 0 && size < TAIL_BYTES; i -= 1) {
    const chunk = chunks[i];
    if (!chunk) continue;
    last.unshift(chunk);
    size += chunk.byteLength;
  }
  const joined = new Uint8Array(size);
  let at = 0;
  for (const chunk of last) {
    joined.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(joined.subarray(Math.max(0, size - TAIL_BYTES)));
}

/**
 * Reads a response body chunk by chunk as it arrives, reporting the bytes received (and how many
 * are expected, when the server says), into one Blob; `tail` is the end of it as text. An aborted
 * request stops the read with the abort's error.
 */
export async function readWithProgress(
  res: Response,
  onProgress: (progress: DownloadProgress) => void,
  countItems: ItemCounter | null = null,
  now: () => number = () => performance.now(),
): Promise<{ blob: Blob; tail: string }> {
  const type = res.headers.get('content-type') ?? 'application/octet-stream';
  const progress: DownloadProgress = {
    received: 0,
    // A compressed answer's Content-Length counts the compressed bytes, not the ones read here.
    total: res.headers.get('content-encoding') ? null : headerNumber(res, 'content-length'),
    items: headerNumber(res, 'x-export-total'),
    itemsReceived: countItems ? 0 : null,
  };
  onProgress({ ...progress });
  if (!res.body) {
    const bytes = new Uint8Array(await res.arrayBuffer());
    onProgress({ ...progress, received: bytes.byteLength, itemsReceived: countItems?.(bytes) ?? null });
    return { blob: new Blob([bytes], { type }), tail: tailOf([bytes]) };
  }
  const reader = res.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  // The first chunk shows at once (the download has started); later ones at most every 100 ms,
  // the last of a burst always (a timer), so a pause in the stream never hides what arrived.
  let reported = Number.NEGATIVE_INFINITY;
  let pending: ReturnType<typeof setTimeout> | null = null;
  const report = () => {
    pending = null;
    reported = now();
    onProgress({ ...progress });
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      progress.received += value.byteLength;
      if (countItems) progress.itemsReceived = countItems(value);
      const wait = REPORT_EVERY_MS - (now() - reported);
      if (wait <= 0) report();
      else pending ??= setTimeout(report, wait);
    }
  } finally {
    if (pending) clearTimeout(pending);
  }
  onProgress({ ...progress });
  return { blob: new Blob(chunks, { type }), tail: tailOf(chunks) };
}

/** Hands a Blob to the browser as a file download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The click starts the download asynchronously: the URL must outlive this task.
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** 1536 → "1.5 KB": the size a person reads. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}
