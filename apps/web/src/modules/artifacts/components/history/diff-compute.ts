import { diffLines } from 'diff';
import { type DiffModel, blocksFromChanges, splitLines, wholeReplacement } from './diff-model';
import { type DiffReply, readDiffRequest } from './diff-protocol';

/**
 * The line diff of two texts (runs in the diff worker, never on the page's thread). Identical
 * texts skip jsdiff; when jsdiff gives up after `timeoutMs` (it answers undefined), the versions
 * are shown whole rather than not at all.
 */
export function computeDiff(left: string, right: string, timeoutMs: number): DiffModel {
  if (left === right) {
    const lines = splitLines(left);
    return {
      blocks: lines.length ? [{ kind: 'same', oldStart: 1, newStart: 1, lines }] : [],
      added: 0,
      removed: 0,
      whole: false,
    };
  }
  const changes = diffLines(left, right, { timeout: timeoutMs });
  return changes ? blocksFromChanges(changes) : wholeReplacement(left, right);
}

/** The worker's whole job: one reply per well-formed request, nothing for anything else. */
export function answerDiffRequest(data: unknown): DiffReply | null {
  const request = readDiffRequest(data);
  if (!request) return null;
  try {
    return {
      type: 'diff-result',
      id: request.id,
      model: computeDiff(request.left, request.right, request.timeoutMs),
    };
  } catch (err) {
    return { type: 'diff-error', id: request.id, message: err instanceof Error ? err.message : String(err) };
  }
}
