import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { createQueryClient } from '../../../lib/query';
import { json, stubFetch } from '../../../test-support';
import { HELP_PRIVACY_TEXTS, HelpModal } from './HelpModal';

/** The artifacts service's answer for the owner's search-engine setting. */
const settings = (answer: { allowIndexing: boolean } | 'down') =>
  stubFetch((url) => {
    if (!url.endsWith('/api/v1/artifact-settings')) return undefined;
    return answer === 'down'
      ? json(503, { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'Artifacts are unavailable.' })
      : json(200, answer);
  });

const renderHelp = () =>
  render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>
        <HelpModal onClose={() => undefined} />
      </QueryClientProvider>
    </MemoryRouter>,
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the help modal's privacy text", () => {
  it('says public artifacts are not listed while the owner has not opted into indexing (the default)', async () => {
    settings({ allowIndexing: false });
    renderHelp();
    await screen.findByText(/they are not listed/);
    const text = screen.getByTestId('help-privacy');
    expect(text).toHaveTextContent(HELP_PRIVACY_TEXTS.private);
    expect(text).toHaveTextContent(HELP_PRIVACY_TEXTS.notListed);
    expect(screen.getByRole('link', { name: HELP_PRIVACY_TEXTS.setting })).toHaveAttribute(
      'href',
      '/account',
    );
  });

  it('says they are listed once the owner let search engines index them', async () => {
    settings({ allowIndexing: true });
    renderHelp();
    await screen.findByText(/they are listed in the sitemap/);
    expect(screen.getByTestId('help-privacy')).not.toHaveTextContent('not listed');
  });

  it('claims neither while the setting cannot be read', async () => {
    const calls = settings('down');
    renderHelp();
    expect(screen.getByTestId('help-privacy')).toHaveTextContent(HELP_PRIVACY_TEXTS.unknown);
    await vi.waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(screen.getByTestId('help-privacy')).not.toHaveTextContent('not listed');
    expect(screen.getByTestId('help-privacy')).toHaveTextContent(HELP_PRIVACY_TEXTS.unknown);
  });
});
