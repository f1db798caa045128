import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { NETWORK_MESSAGES } from './NetworkAccess';
import { NetworkToggle } from './NetworkToggle';

afterEach(cleanup);

const answer = (status: number, body: object) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );

describe('NetworkToggle', () => {
  it('asks the API to allow network for the artifact, then reports the stored value', async () => {
    const onChange = vi.fn();
    const fetchImpl = vi.fn(() => answer(200, { artifact: { allowNetwork: true } }));
    render(
      <NetworkToggle
        artifactId="a 1"
        allowed={false}
        accessToken="tok"
        onChange={onChange}
        fetchImpl={fetchImpl as unknown as typeof fetch}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: NETWORK_MESSAGES.allow }));
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledWith(true));
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/artifacts/a%201');
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(init.body as string)).toEqual({ allowNetwork: true });
  });

  it('keeps the setting and says so when the change is refused', async () => {
    const onChange = vi.fn();
    render(
      <NetworkToggle
        artifactId="a1"
        allowed
        accessToken="tok"
        onChange={onChange}
        fetchImpl={() => answer(403, { message: 'You can only change your own artifacts' })}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: NETWORK_MESSAGES.block }));
    expect((await screen.findByRole('alert')).textContent).toBe('You can only change your own artifacts');
    expect(onChange).not.toHaveBeenCalled();
  });
});
