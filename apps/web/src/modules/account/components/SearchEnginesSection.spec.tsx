import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createQueryClient } from '../../../lib/query';
import { json, stubFetch } from '../../../test-support';
import { SEARCH_ENGINES_TEXTS, SearchEnginesSection } from './SearchEnginesSection';

const bodyText = (init: RequestInit) => (typeof init.body === 'string' ? init.body : '{}');

/** A stubbed artifacts service holding the setting; `failPut` refuses the next change. */
function gateway(state: { allowIndexing: boolean; failPut?: boolean }) {
  return stubFetch((url, init) => {
    if (!url.endsWith('/api/v1/artifact-settings')) return undefined;
    if ((init.method ?? 'GET') === 'GET') return json(200, { allowIndexing: state.allowIndexing });
    if (state.failPut)
      return json(503, {
        statusCode: 503,
        code: 'SERVICE_UNAVAILABLE',
        message: 'Artifacts are unavailable.',
      });
    state.allowIndexing = (JSON.parse(bodyText(init)) as { allowIndexing: boolean }).allowIndexing;
    return json(200, { allowIndexing: state.allowIndexing });
  });
}

const renderSection = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SearchEnginesSection />
    </QueryClientProvider>,
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SearchEnginesSection', () => {
  it('shows the stored setting (off by default) and saves a change at once', async () => {
    const state = { allowIndexing: false };
    const calls = gateway(state);
    renderSection();
    const box = await screen.findByLabelText(SEARCH_ENGINES_TEXTS.label);
    expect(box).not.toBeChecked();
    fireEvent.click(box);
    expect(await screen.findByRole('status')).toHaveTextContent(SEARCH_ENGINES_TEXTS.allowed);
    expect(box).toBeChecked();
    expect(state.allowIndexing).toBe(true);
    const put = calls.find((c) => c.init.method === 'PUT');
    expect(JSON.parse(put ? bodyText(put.init) : '{}')).toEqual({ allowIndexing: true });

    fireEvent.click(box);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(SEARCH_ENGINES_TEXTS.refused));
    expect(box).not.toBeChecked();
  });

  it("keeps the stored value and shows the server's message when the change fails", async () => {
    gateway({ allowIndexing: false, failPut: true });
    renderSection();
    const box = await screen.findByLabelText(SEARCH_ENGINES_TEXTS.label);
    fireEvent.click(box);
    expect(await screen.findByRole('alert')).toHaveTextContent('Artifacts are unavailable.');
    expect(box).not.toBeChecked();
  });
});
