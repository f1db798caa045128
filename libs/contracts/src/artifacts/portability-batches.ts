import { PORTABILITY_LIMITS } from './portability-dto';

/** An artifact as the import sends it: what counts here is its earlier versions. */
export interface BatchableItem {
  versions?: readonly unknown[];
  omittedVersions?: number;
}

export interface PlannedItem<T extends BatchableItem> {
  /** Position in the list given to planImportBatches. */
  index: number;
  item: T;
}

export interface ImportBatches<T extends BatchableItem> {
  /** The import requests to send, in file order. */
  batches: PlannedItem<T>[][];
  /** Artifacts whose current version alone is over one request: they cannot be imported. */
  tooLarge: number[];
}

/** Room left in a request for the `{"artifacts":[...]}` around the items. */
const ENVELOPE_BYTES = 32;
const encoder = new TextEncoder();
const bytes = (value: unknown): number => encoder.encode(JSON.stringify(value)).length;

/**
 * Cuts an export's artifacts into import requests under the service's bounds (count and bytes,
 * PORTABILITY_LIMITS), keeping file order. An artifact bigger than one request alone goes alone
 * with its newest versions that fit and `omittedVersions` saying how many older ones were left
 * out (the service reports it as partial); one whose current version alone is too big is listed
 * in `tooLarge`.
 */
export function planImportBatches<T extends BatchableItem>(
  items: readonly T[],
  limits: { maxBytes: number; maxCount: number } = {
    maxBytes: PORTABILITY_LIMITS.importRequestMaxBytes,
    maxCount: PORTABILITY_LIMITS.importRequestMaxArtifacts,
  },
): ImportBatches<T> {
  const room = limits.maxBytes - ENVELOPE_BYTES;
  const batches: PlannedItem<T>[][] = [];
  const tooLarge: number[] = [];
  let current: PlannedItem<T>[] = [];
  let used = 0;
  const close = () => {
    if (current.length) batches.push(current);
    current = [];
    used = 0;
  };
  items.forEach((item, index) => {
    const size = bytes(item) + 1;
    if (size > room) {
      const trimmed = trimVersions(item, room);
      if (trimmed) {
        close();
        batches.push([{ index, item: trimmed }]);
      } else tooLarge.push(index);
      return;
    }
    if (used + size > room || current.length >= limits.maxCount) close();
    current.push({ index, item });
    used += size;
  });
  close();
  return { batches, tooLarge };
}

/** The artifact with as many of its newest versions as fit in `room` bytes; null if none would. */
function trimVersions<T extends BatchableItem>(item: T, room: number): T | null {
  const versions = item.versions ?? [];
  const already = item.omittedVersions ?? 0;
  // The largest omitted count a request can say, so the head is measured with it.
  let used = bytes({ ...item, versions: [], omittedVersions: versions.length + already }) + 1;
  if (used > room) return null;
  let kept = 0;
  for (let i = versions.length - 1; i >= 0; i--) {
    const size = bytes(versions[i]) + 1;
    if (used + size > room) break;
    used += size;
    kept++;
  }
  const omitted = versions.length - kept;
  return { ...item, versions: versions.slice(omitted), omittedVersions: omitted + already };
}
