import { type DiffBlock, type DiffModel } from './diff-model';

/**
 * The messages between the page and the diff worker. The page sends one request per comparison
 * and terminates the worker when the selection changes (jsdiff runs synchronously, so ending the
 * worker is the only way to stop it); the id still guards against a late answer to an older
 * request reaching a newer comparison.
 */
export interface DiffRequest {
  type: 'diff';
  id: number;
  left: string;
  right: string;
  /** After this the comparison gives up and shows the versions whole (DiffModel.whole). */
  timeoutMs: number;
}

export type DiffReply =
  { type: 'diff-result'; id: number; model: DiffModel } | { type: 'diff-error'; id: number; message: string };

/** Long enough for any real edit of a 500,000-character artifact; bounded for hostile pairs. */
export const DIFF_TIMEOUT_MS = 5_000;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** A request as the worker receives it (anything else is ignored). */
export function readDiffRequest(data: unknown): DiffRequest | null {
  if (!isRecord(data) || data['type'] !== 'diff') return null;
  const { id, left, right, timeoutMs } = data;
  if (typeof id !== 'number' || typeof left !== 'string' || typeof right !== 'string') return null;
  return {
    type: 'diff',
    id,
    left,
    right,
    timeoutMs: typeof timeoutMs === 'number' ? timeoutMs : DIFF_TIMEOUT_MS,
  };
}

/** The worker's answer to request `id`; null for anything else (an older request's answer). */
export function readDiffReply(data: unknown, id: number): DiffReply | null {
  if (!isRecord(data) || data['id'] !== id) return null;
  if (data['type'] === 'diff-error' && typeof data['message'] === 'string')
    return { type: 'diff-error', id, message: data['message'] };
  const model = data['model'];
  if (data['type'] === 'diff-result' && isDiffModel(model)) return { type: 'diff-result', id, model };
  return null;
}

const isLines = (v: unknown): v is string[] => Array.isArray(v) && v.every((l) => typeof l === 'string');

function isDiffBlock(v: unknown): v is DiffBlock {
  if (!isRecord(v) || typeof v['oldStart'] !== 'number' || typeof v['newStart'] !== 'number') return false;
  if (v['kind'] === 'same') return isLines(v['lines']);
  return v['kind'] === 'change' && isLines(v['removed']) && isLines(v['added']);
}

/** Checked block by block: the page renders it, so a malformed answer must not get that far. */
function isDiffModel(v: unknown): v is DiffModel {
  return (
    isRecord(v) &&
    typeof v['added'] === 'number' &&
    typeof v['removed'] === 'number' &&
    typeof v['whole'] === 'boolean' &&
    Array.isArray(v['blocks']) &&
    v['blocks'].every(isDiffBlock)
  );
}
