import { act, renderHook, waitFor } from '@testing-library/react';
import { type ViewerSession } from '../session';
import { useViewArtifact } from './useViewArtifact';

const owner: ViewerSession = { loading: false, user: { id: 'usr_1' }, accessToken: 'tok' };

const answer = (title: string) =>
  new Response(
    JSON.stringify({
      artifact: { id: 'a1', title, type: 'HTML', content: '<p>x</p>', rendered: '<p>x</p>', owner: 'usr_1' },
    }),
    { status: 200, headers: { 'Content-Type': 'application/json' } },
  );

/** A fetch answering from a queue: each call takes the next answer (or fails with it). */
function queued(...answers: (string | Error)[]) {
  const calls: string[] = [];
  const fetchImpl = vi.fn((url: string) => {
    calls.push(url);
    const next = answers.shift();
    if (next === undefined) return new Promise<Response>(() => undefined);
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(answer(next));
  }) as unknown as typeof fetch;
  return { fetchImpl, calls };
}

describe('useViewArtifact reload', () => {
  it('shows the stored artifact in place: no loading state, and not told as a new view', async () => {
    const { fetchImpl, calls } = queued('Before', 'After');
    const onLoaded = vi.fn();
    const states: string[] = [];
    const { result } = renderHook(() => {
      const load = useViewArtifact('a1', owner, onLoaded, fetchImpl);
      states.push(load.state.status === 'loaded' ? load.state.artifact.title : load.state.status);
      return load;
    });
    await waitFor(() => expect(states.at(-1)).toBe('Before'));
    states.length = 0;

    act(() => result.current.reload());
    await waitFor(() => expect(states.at(-1)).toBe('After'));
    expect(states).not.toContain('loading');
    expect(calls).toEqual(['/api/v1/artifacts/a1', '/api/v1/artifacts/a1']);
    expect(onLoaded).toHaveBeenCalledTimes(1);
    expect(onLoaded).toHaveBeenCalledWith({ id: 'a1', title: 'Before', type: 'HTML' });
  });

  it('keeps showing the artifact when the read again fails', async () => {
    const { fetchImpl, calls } = queued('Before', new TypeError('offline'));
    const { result } = renderHook(() => useViewArtifact('a1', owner, undefined, fetchImpl));
    await waitFor(() => expect(result.current.state.status).toBe('loaded'));

    act(() => result.current.reload());
    await waitFor(() => expect(calls).toHaveLength(2));
    // The failed read settles; the page still shows what it had.
    await act(() => Promise.resolve());
    expect(result.current.state).toMatchObject({ status: 'loaded', artifact: { title: 'Before' } });
  });

  it('starts from loading when the artifact itself changes', async () => {
    const { fetchImpl } = queued('First', 'Second');
    const states: string[] = [];
    const { rerender } = renderHook(
      ({ id }: { id: string }) => {
        const load = useViewArtifact(id, owner, undefined, fetchImpl);
        states.push(load.state.status === 'loaded' ? load.state.artifact.title : load.state.status);
        return load;
      },
      { initialProps: { id: 'a1' } },
    );
    await waitFor(() => expect(states.at(-1)).toBe('First'));
    states.length = 0;
    rerender({ id: 'a2' });
    await waitFor(() => expect(states.at(-1)).toBe('Second'));
    expect(states).toContain('loading');
  });
});
