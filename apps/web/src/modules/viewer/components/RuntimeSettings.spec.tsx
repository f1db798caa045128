import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RUNTIME_SETTINGS_MESSAGES as M, RuntimeSettings, formatBytes } from './RuntimeSettings';

const overview = (
  over: Partial<{ anonymousSharedWrites: boolean; aiCalls: boolean; keys: number }> = {},
) => ({
  settings: { anonymousSharedWrites: over.anonymousSharedWrites ?? false, aiCalls: over.aiCalls ?? true },
  storage: { sharedKeys: over.keys ?? 3, sharedBytes: 2048, personalViewers: 2, personalBytes: 10 },
  ai: { configured: false, callsToday: 0 },
});

function setup(responses: Array<{ status: number; body?: unknown }>) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetchImpl = vi.fn((url: string, init: RequestInit = {}) => {
    calls.push({ url, init });
    const next = responses.shift() ?? { status: 500, body: {} };
    return Promise.resolve(
      next.status === 204
        ? new Response(null, { status: 204 })
        : Response.json(next.body ?? {}, { status: next.status }),
    );
  }) as unknown as typeof fetch;
  render(<RuntimeSettings artifactId="a 1" accessToken="tok" fetchImpl={fetchImpl} />);
  return { calls };
}

const open = () => {
  const details = screen.getByText(M.button).closest('details')!;
  details.open = true;
  fireEvent(details, new Event('toggle'));
};

describe('RuntimeSettings', () => {
  it('shows what the artifact stores and that AI is not configured, loaded when opened', async () => {
    const { calls } = setup([{ status: 200, body: overview() }]);
    expect(calls).toHaveLength(0);
    open();
    await screen.findByText(M.shared(3, '2.0 KB'));
    expect(screen.getByText(M.personal(2, '10 B'))).toBeTruthy();
    expect(screen.getByText(M.aiNotConfigured)).toBeTruthy();
    expect(calls[0]!.url).toBe('/api/v1/artifacts/a%201/runtime');
    expect((calls[0]!.init.headers as Record<string, string>)['Authorization']).toBe('Bearer tok');
  });

  it('lets the owner allow anonymous writes (off by default) and turn AI calls off', async () => {
    const { calls } = setup([
      { status: 200, body: overview() },
      { status: 200, body: overview({ anonymousSharedWrites: true }) },
      { status: 200, body: overview({ anonymousSharedWrites: true, aiCalls: false }) },
    ]);
    open();
    const anonymous = await screen.findByLabelText(M.anonymousWrites);
    expect((anonymous as HTMLInputElement).checked).toBe(false);
    fireEvent.click(anonymous);
    await waitFor(() => expect((anonymous as HTMLInputElement).checked).toBe(true));
    expect(calls[1]!.init).toMatchObject({ method: 'PATCH', body: '{"anonymousSharedWrites":true}' });
    fireEvent.click(screen.getByLabelText(M.aiCalls));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>(M.aiCalls).checked).toBe(false));
    expect(calls[2]!.init).toMatchObject({ method: 'PATCH', body: '{"aiCalls":false}' });
  });

  it('clears the shared data after a confirmation, and says when a change fails', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { calls } = setup([
      { status: 200, body: overview() },
      { status: 204 },
      { status: 200, body: overview({ keys: 0 }) },
      { status: 403, body: { message: 'Nope' } },
    ]);
    open();
    fireEvent.click(await screen.findByRole('button', { name: M.clear }));
    await screen.findByText(M.cleared);
    expect(calls[1]!.init.method).toBe('DELETE');
    expect(calls[1]!.url).toBe('/api/v1/artifacts/a%201/storage/shared');
    await screen.findByText(M.shared(0, '2.0 KB'));
    fireEvent.click(screen.getByLabelText(M.aiCalls));
    expect((await screen.findByRole('alert')).textContent).toBe('Nope');
  });

  it('formats sizes', () => {
    expect([formatBytes(10), formatBytes(2048), formatBytes(5 * 1024 * 1024)]).toEqual([
      '10 B',
      '2.0 KB',
      '5.0 MB',
    ]);
  });
});
