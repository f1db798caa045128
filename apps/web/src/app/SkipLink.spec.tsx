import { fireEvent, screen } from '@testing-library/react';
import { anonymous, renderApp, stubFetch } from '../test-support';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex="0"]';

describe('skip link', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is the first focusable element, and moves focus to the main content', async () => {
    stubFetch(anonymous);
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign in to Core Vault' });
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(document.querySelector(FOCUSABLE)).toBe(skip);
    skip.focus();
    fireEvent.click(skip);
    const main = screen.getByRole('main');
    expect(main).toHaveFocus();
    // Focusable by script only: Tab does not stop on the content area itself.
    expect(main).toHaveAttribute('tabindex', '-1');
  });

  it('is not part of an embed, which lives inside other sites', () => {
    stubFetch(anonymous);
    renderApp('/embed/a1');
    expect(screen.queryByRole('link', { name: 'Skip to content' })).not.toBeInTheDocument();
  });
});
