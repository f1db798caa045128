import { useEffect, useState } from 'react';
import { type DiffModel } from '../components/history/diff-model';
import { DIFF_TIMEOUT_MS, type DiffRequest, readDiffReply } from '../components/history/diff-protocol';

/** The part of a Worker this needs (tests pass a fake that answers in the same thread). */
export interface DiffWorker {
  postMessage(request: DiffRequest): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

export type DiffState =
  { status: 'idle' } | { status: 'computing' } | { status: 'done'; model: DiffModel } | { status: 'error' };

/** A module worker Vite bundles on its own: jsdiff never enters a page's chunks. */
export const createDiffWorker = (): DiffWorker =>
  new Worker(new URL('../components/history/diff.worker.ts', import.meta.url), { type: 'module' });

/**
 * The diff of two texts, computed in a worker. A new pair (or unmounting) terminates the worker
 * still busy with the previous pair: the page never waits for, or shows, a stale comparison.
 */
export function useHistoryDiff(
  left: string | null,
  right: string | null,
  createWorker: () => DiffWorker = createDiffWorker,
): DiffState {
  const [state, setState] = useState<{ key: readonly [string, string]; result: DiffState } | null>(null);

  useEffect(() => {
    if (left === null || right === null) return;
    const key = [left, right] as const;
    const worker = createWorker();
    const id = 1;
    worker.onmessage = (event) => {
      const reply = readDiffReply(event.data, id);
      if (!reply) return;
      setState({
        key,
        result: reply.type === 'diff-result' ? { status: 'done', model: reply.model } : { status: 'error' },
      });
      worker.terminate();
    };
    worker.onerror = () => setState({ key, result: { status: 'error' } });
    worker.postMessage({ type: 'diff', id, left, right, timeoutMs: DIFF_TIMEOUT_MS });
    return () => worker.terminate();
  }, [left, right, createWorker]);

  if (left === null || right === null) return { status: 'idle' };
  // An answer for another pair is not this pair's answer: computing until ours arrives.
  if (!state || state.key[0] !== left || state.key[1] !== right) return { status: 'computing' };
  return state.result;
}
