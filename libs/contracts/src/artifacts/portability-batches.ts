import { PORTABILITY_LIMITS } from './portability-dto';

/** An artifact as read from an export file: checked by the service, not here. */
export type ExportFileItem = Record<string, unknown>;

export interface PlannedItem {
  /** Position in the file's artifacts list. */
  index: number;
  item: ExportFileItem;
}

export interface ImportBatches {
  /** The import requests to send, in file order. */
  batches: PlannedItem[][];
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
export function planImportBatches(
  items: readonly ExportFileItem[],
  limits: { maxBytes: number; maxCount: number } = {
    maxBytes: PORTABILITY_LIMITS.importRequestMaxBytes,
    maxCount: PORTABILITY_LIMITS.importRequestMaxArtifacts,
  },
): ImportBatches {
  const room = limits.maxBytes - ENVELOPE_BYTES;
  const batches: PlannedItem[][] = [];
  const tooLarge: number[] = [];
  let current: PlannedItem[] = [];
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
function trimVersions(item: ExportFileItem, room: number): ExportFileItem | null {
  const versions = Array.isArray(item['versions']) ? (item['versions'] as unknown[]) : [];
  const already = typeof item['omittedVersions'] === 'number' ? item['omittedVersions'] : 0;
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
