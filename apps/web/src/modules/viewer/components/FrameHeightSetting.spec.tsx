import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { FRAME_HEIGHT_TEXT as T, FrameHeightSetting, settingFromForm } from './FrameHeightSetting';

function setup(value: number | 'viewport' | null, answer: { status: number; body: unknown }) {
  const fetchImpl = vi.fn((_url: string, _init?: RequestInit) =>
    Promise.resolve(Response.json(answer.body, { status: answer.status })),
  );
  const onChange = vi.fn();
  render(
    <FrameHeightSetting
      artifactId="a 1"
      value={value}
      accessToken="tok"
      onChange={onChange}
      fetchImpl={fetchImpl as unknown as typeof fetch}
    />,
  );
  fireEvent.click(screen.getByText(T.button));
  const sent = () => JSON.parse(fetchImpl.mock.calls[0]?.[1]?.body as string) as unknown;
  return { fetchImpl, onChange, sent };
}

afterEach(cleanup);

describe('FrameHeightSetting', () => {
  it('reads the form: automatic, fill the window, or whole px within the bounds', () => {
    expect(settingFromForm('auto', '')).toEqual({ value: null });
    expect(settingFromForm('viewport', '12')).toEqual({ value: 'viewport' });
    expect(settingFromForm('fixed', ' 1200 ')).toEqual({ value: 1200 });
    for (const bad of ['', '99', '20001', '640.5', 'tall']) expect(settingFromForm('fixed', bad)).toBeNull();
  });

  it('pins a height: PATCH frameHeight with the owner’s token, then the page re-reads', async () => {
    const { fetchImpl, onChange, sent } = setup(null, { status: 200, body: { artifact: {} } });
    expect(screen.getByLabelText(T.auto)).toHaveProperty('checked', true);
    fireEvent.click(screen.getByLabelText(T.fixed));
    fireEvent.change(screen.getByLabelText(T.pixels), { target: { value: '1200' } });
    fireEvent.click(screen.getByRole('button', { name: T.save }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', T.saved);
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('/api/v1/artifacts/a%201');
    expect(init?.method).toBe('PATCH');
    expect((init?.headers as Record<string, string>)['Authorization']).toBe('Bearer tok');
    expect(sent()).toEqual({ frameHeight: 1200 });
    expect(onChange).toHaveBeenCalledWith(1200);
  });

  it('says what is wrong with the px before asking the server', () => {
    const { fetchImpl } = setup(900, { status: 200, body: {} });
    expect(screen.getByLabelText(T.pixels)).toHaveProperty('value', '900');
    fireEvent.change(screen.getByLabelText(T.pixels), { target: { value: '99' } });
    fireEvent.click(screen.getByRole('button', { name: T.save }));
    expect(screen.getByRole('alert').textContent).toBe(T.invalid);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('goes back to automatic or fills the window, and shows the server’s refusal', async () => {
    const { sent, onChange } = setup(900, {
      status: 403,
      body: { message: 'You can only change your own artifacts.' },
    });
    fireEvent.click(screen.getByLabelText(T.viewport));
    fireEvent.click(screen.getByRole('button', { name: T.save }));
    expect((await screen.findByRole('alert')).textContent).toBe('You can only change your own artifacts.');
    expect(sent()).toEqual({ frameHeight: 'viewport' });
    expect(onChange).not.toHaveBeenCalled();
  });
});
