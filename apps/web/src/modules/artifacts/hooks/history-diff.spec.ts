import { act, renderHook } from '@testing-library/react';
import { answerDiffRequest } from '../components/history/diff-compute';
import { type DiffRequest } from '../components/history/diff-protocol';
import { type DiffWorker, useHistoryDiff } from './history-diff';

/** A worker that answers only when the test says so, in this thread. */
class FakeWorker implements DiffWorker {
  onmessage: ((event: MessageEvent<unknown>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  request: DiffRequest | null = null;
  terminated = false;
  postMessage(request: DiffRequest) {
    this.request = request;
  }
  terminate() {
    this.terminated = true;
  }
  answer() {
    const reply = answerDiffRequest(this.request);
    if (!this.terminated) this.onmessage?.(new MessageEvent('message', { data: reply }));
  }
}

describe('useHistoryDiff', () => {
  it('computes in the worker and ends the worker when done', () => {
    const workers: FakeWorker[] = [];
    const create = () => {
      const w = new FakeWorker();
      workers.push(w);
      return w;
    };
    const { result } = renderHook(() => useHistoryDiff('a\n', 'b\n', create));
    expect(result.current.status).toBe('computing');
    act(() => workers[0]?.answer());
    expect(result.current).toMatchObject({ status: 'done', model: { added: 1, removed: 1 } });
    expect(workers[0]?.terminated).toBe(true);
  });

  it('cancels the comparison in flight when the selection changes', () => {
    const workers: FakeWorker[] = [];
    const create = () => {
      const w = new FakeWorker();
      workers.push(w);
      return w;
    };
    const { result, rerender } = renderHook(({ right }) => useHistoryDiff('a\n', right, create), {
      initialProps: { right: 'b\n' },
    });
    rerender({ right: 'c\n' });
    expect(workers[0]?.terminated).toBe(true);
    expect(result.current.status).toBe('computing');
    act(() => workers[1]?.answer());
    expect(result.current).toMatchObject({ status: 'done' });
    const done = result.current.status === 'done' ? result.current.model : null;
    expect(done?.blocks).toEqual([
      { kind: 'change', oldStart: 1, newStart: 1, removed: ['a'], added: ['c'] },
    ]);
  });

  it('reports a worker that failed to load or crashed', () => {
    const worker = new FakeWorker();
    const { result } = renderHook(() => useHistoryDiff('a\n', 'b\n', () => worker));
    act(() => worker.onerror?.(new ErrorEvent('error', { message: 'load failed' })));
    expect(result.current.status).toBe('error');
  });

  it('is idle until both versions are loaded, and starts no worker', () => {
    const create = vi.fn(() => new FakeWorker());
    const { result } = renderHook(() => useHistoryDiff('a\n', null, create));
    expect(result.current.status).toBe('idle');
    expect(create).not.toHaveBeenCalled();
  });
});
