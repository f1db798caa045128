import { act, fireEvent, screen, within } from '@testing-library/react';
import { THEME_KEY } from '../lib/theme';
import { anonymous, renderApp, stubFetch } from '../test-support';

/** The consent store's key (spec artifacts §3 "Local storage"). */
const CONSENT_KEY = 'cv.analytics-consent';
const banner = () => screen.queryByRole('region', { name: 'Usage Analytics' });
/** The footer is a lazy chunk: it comes a moment after the page. */
const footer = () => screen.findByRole('contentinfo', { name: 'Site settings' });

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  document.documentElement.removeAttribute('data-theme');
});

describe('the footer', () => {
  it('reopens the consent choice with the current answer, and a new answer replaces it', async () => {
    localStorage.setItem(CONSENT_KEY, 'true');
    stubFetch(anonymous);
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign in to Core Vault' });
    expect(banner()).not.toBeInTheDocument();

    fireEvent.click(within(await footer()).getByRole('button', { name: 'Cookie settings' }));
    const region = banner();
    expect(region).toHaveTextContent('You currently allow this.');
    expect(region).toHaveFocus();

    fireEvent.click(within(region as HTMLElement).getByRole('button', { name: 'Decline' }));
    expect(localStorage.getItem(CONSENT_KEY)).toBe('false');
    expect(banner()).not.toBeInTheDocument();
  });

  it('leaves Ctrl+Shift+R as the spec has it: the answer is forgotten and the banner asks again', async () => {
    localStorage.setItem(CONSENT_KEY, 'false');
    localStorage.setItem('cv.analytics-session', 'abc');
    stubFetch(anonymous);
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign in to Core Vault' });
    expect(banner()).not.toBeInTheDocument();
    act(() => {
      fireEvent.keyDown(window, { key: 'R', ctrlKey: true, shiftKey: true });
    });
    expect(banner()).toBeInTheDocument();
    expect(banner()).not.toHaveTextContent('You currently');
    expect(localStorage.getItem(CONSENT_KEY)).toBeNull();
    expect(localStorage.getItem('cv.analytics-session')).toBeNull();
  });

  it('switches the theme and keeps the choice in this browser', async () => {
    stubFetch(anonymous);
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign in to Core Vault' });
    const select = within(await footer()).getByLabelText('Theme');
    expect(select).toHaveValue('system');
    fireEvent.change(select, { target: { value: 'dark' } });
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');
    fireEvent.change(select, { target: { value: 'system' } });
    expect(document.documentElement).not.toHaveAttribute('data-theme');
  });

  it('is not part of an embed', async () => {
    stubFetch(anonymous);
    renderApp('/embed/a1');
    // Its chunk is loaded already (the other tests), so a footer would be there with the page.
    await import('./SiteFooter');
    await screen.findByText(/./, { selector: 'h1, h2, p' });
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cookie settings' })).not.toBeInTheDocument();
  });
});
