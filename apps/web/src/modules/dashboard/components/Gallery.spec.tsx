import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  artifactSummary,
  dashboardSurroundings,
  json,
  renderApp,
  signedIn,
  stubFetch,
} from '../../../test-support';
import { LAYOUT_KEY } from '../hooks/useGalleryLayout';

const around = dashboardSurroundings(0);
const work = {
  id: 'col_1',
  name: 'Work',
  artifactCount: 1,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};
const isList = (url: string) => /\/api\/v1\/artifacts\?/.test(url);
const page = (items: ReturnType<typeof artifactSummary>[]) =>
  json(200, { artifacts: items, page: 1, limit: 50, total: items.length, hasMore: false, nextCursor: null });

/** A button that stands in disabled until its lazy chunk (the Radix menu or popover) is there. */
const enabledButton = (name: string) =>
  waitFor(() => {
    const button = screen.getByRole('button', { name });
    expect(button).toBeEnabled();
    return button;
  });

/** Radix opens a menu from the keyboard as a person would (Enter on the ⋯ button). */
async function openMenu(title: string) {
  const trigger = await enabledButton(`More actions for ${title}`);
  act(() => {
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'Enter' });
  });
  return screen.findByRole('menu');
}

describe('the gallery card (#36.2)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('shows Preview, Copy Link and Edit on the card and the rest in its menu', async () => {
    stubFetch(signedIn, around, (url) => (isList(url) ? page([artifactSummary('a1', 'Chart')]) : undefined));
    renderApp('/dashboard');
    const card = (await screen.findByRole('heading', { name: 'Chart' })).closest('article');
    if (!card) throw new Error('no card');
    const buttons = within(card)
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label') ?? b.textContent);
    expect(buttons).toEqual(['Copy Link', 'Edit', 'More actions for Chart']);
    expect(within(card).getByRole('link', { name: 'Preview' })).toHaveAttribute('href', '/view/a1');

    const menu = await openMenu('Chart');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Embed Code', 'Make Public', 'History', 'Work', 'Delete']);
    expect(within(menu).getByRole('group', { name: 'Add to collection' })).toBeInTheDocument();
    // Escape closes it and gives focus back to the ⋯ button.
    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(screen.getByRole('button', { name: 'More actions for Chart' })).toHaveFocus();
  });

  it('runs History, Add to collection and Delete from the menu', async () => {
    let deleted = false;
    const calls = stubFetch(signedIn, around, (url, init) => {
      if (isList(url)) return page(deleted ? [] : [artifactSummary('a1', 'Chart', { version: 2 })]);
      if (url.endsWith('/api/v1/collections/col_1/artifacts/a1')) return json(200, { collection: work });
      if (url.endsWith('/api/v1/artifacts/a1') && init.method === 'DELETE') {
        deleted = true;
        return json(200, { ok: true });
      }
      if (url.endsWith('/api/v1/artifacts/a1/versions')) return json(200, { versions: [] });
      return undefined;
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Chart' });

    fireEvent.click(within(await openMenu('Chart')).getByRole('menuitem', { name: 'History' }));
    const versions = await screen.findByRole('dialog', { name: /Version history/ });
    fireEvent.click(within(versions).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Version history/ })).toBeNull());
    // The dialog gives focus back to the ⋯ button it was opened from.
    expect(screen.getByRole('button', { name: 'More actions for Chart' })).toHaveFocus();

    fireEvent.click(within(await openMenu('Chart')).getByRole('menuitem', { name: 'Work' }));
    expect(await screen.findByText('Added to Work')).toBeInTheDocument();
    expect(
      calls.some((c) => c.url.endsWith('/collections/col_1/artifacts/a1') && c.init.method === 'PUT'),
    ).toBe(true);

    fireEvent.click(within(await openMenu('Chart')).getByRole('menuitem', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Chart' })).toBeNull());
    expect(window.confirm).toHaveBeenCalledWith('Are you sure you want to delete this artifact?');
  });
});

describe('the gallery toolbar (#36.2)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('puts search first and the sort and filters in a popover that counts them and resets them', async () => {
    stubFetch(signedIn, around, (url) =>
      isList(url) || url.includes('/artifacts/search?') ? page([artifactSummary('a1', 'Chart')]) : undefined,
    );
    const router = renderApp('/dashboard?q=chart&type=SVG&visibility=public&collection=col_1');
    const toolbar = (await screen.findByRole('search')).parentElement;
    expect(toolbar?.firstElementChild).toBe(screen.getByRole('search'));
    expect(screen.queryByLabelText('Format')).toBeNull();

    fireEvent.click(await enabledButton('Filters 3 active'));
    const popover = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(popover).getByLabelText('Format')).toHaveValue('SVG');
    expect(within(popover).getByLabelText('Sort by')).toBeDisabled();

    fireEvent.change(within(popover).getByLabelText('Changed from'), { target: { value: '2026-01-01' } });
    expect(await screen.findByRole('button', { name: 'Filters 4 active' })).toBeInTheDocument();

    fireEvent.click(within(popover).getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=chart'));
    expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument();
    expect(within(popover).getByRole('button', { name: 'Reset filters' })).toBeDisabled();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('chart');
  });

  it('counts a sort other than the default, without a search', async () => {
    stubFetch(signedIn, around, (url) => (isList(url) ? page([]) : undefined));
    renderApp('/dashboard?sort=title');
    expect(await screen.findByRole('button', { name: 'Filters 1 active' })).toBeInTheDocument();
  });

  it('switches between grid and list, pressed state on the one shown, and remembers it in this browser', async () => {
    stubFetch(signedIn, around, (url) => (isList(url) ? page([artifactSummary('a1', 'Chart')]) : undefined));
    const first = renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Chart' });
    const layout = screen.getByRole('group', { name: 'Layout' });
    expect(within(layout).getByRole('button', { name: 'Grid' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(within(layout).getByRole('button', { name: 'List' }));
    expect(within(layout).getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(layout).getByRole('button', { name: 'Grid' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('artifact-card').parentElement).toHaveClass('db-layout-list');
    expect(localStorage.getItem(LAYOUT_KEY)).toBe('list');

    // The next visit starts as it was left.
    first.dispose();
    cleanup();
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Chart' });
    expect(
      within(screen.getByRole('group', { name: 'Layout' })).getByRole('button', { name: 'List' }),
    ).toHaveAttribute('aria-pressed', 'true');
  });
});
