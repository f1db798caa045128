import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  artifactSummary,
  dashboardSurroundings,
  json,
  renderApp,
  signedIn,
  stubFetch,
} from '../../../test-support';

const summary = (id: string, title: string) => artifactSummary(id, title, { type: 'HTML' });

const around = dashboardSurroundings(0);

const page = (items: ReturnType<typeof summary>[]) =>
  json(200, { artifacts: items, page: 1, limit: 20, total: items.length, hasMore: false, nextCursor: null });

const three = [summary('a1', 'One'), summary('a2', 'Two'), summary('a3', 'Three')];
const isList = (url: string) => /\/api\/v1\/artifacts\?/.test(url);
const bodyOf = (init: RequestInit) => JSON.parse(init.body as string) as Record<string, unknown>;

describe('dashboard selection and bulk actions', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('selects cards, selects all on the page, and makes them public with one call', async () => {
    const calls = stubFetch(signedIn, around, (url, init) => {
      if (isList(url)) return page(three);
      if (url.endsWith('/api/v1/artifacts/bulk')) {
        const ids = bodyOf(init).ids as string[];
        return json(200, {
          action: 'make-public',
          results: ids.map((id) => ({ id, ok: true })),
          succeeded: ids.length,
          failed: 0,
        });
      }
      return undefined;
    });
    renderApp('/dashboard');
    await screen.findByText('One');
    expect(screen.queryByRole('checkbox', { name: 'Select One' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Two' }));
    const bar = screen.getByRole('toolbar', { name: 'Selected artifacts' });
    expect(within(bar).getByText('1 selected')).toBeInTheDocument();
    fireEvent.click(within(bar).getByRole('button', { name: 'Select all on page' }));
    expect(within(bar).getByText('3 selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select One' })).toBeChecked();
    fireEvent.click(within(bar).getByRole('button', { name: 'Make Public' }));
    expect(await screen.findByText('Changed 3 artifacts.')).toBeInTheDocument();
    const bulk = calls.filter((c) => c.url.endsWith('/api/v1/artifacts/bulk'));
    expect(bulk.map((c) => bodyOf(c.init))).toEqual([{ action: 'make-public', ids: ['a1', 'a2', 'a3'] }]);
    expect(within(bar).getByText('0 selected')).toBeInTheDocument();
  });

  it('deletes the selection to the trash and Undo restores each from the trash', async () => {
    let trashed: string[] = [];
    const calls = stubFetch(signedIn, around, (url, init) => {
      if (isList(url)) return page(three.filter((a) => !trashed.includes(a.id)));
      if (url.endsWith('/api/v1/artifacts/bulk')) {
        trashed = bodyOf(init).ids as string[];
        return json(200, {
          action: 'move-to-trash',
          results: trashed.map((id) => ({ id, ok: true })),
          succeeded: trashed.length,
          failed: 0,
        });
      }
      const restore = /\/api\/v1\/artifacts\/trash\/(\w+)\/restore$/.exec(url);
      if (restore) {
        trashed = trashed.filter((id) => id !== restore[1]);
        return json(200, { artifact: three.find((a) => a.id === restore[1]) });
      }
      return undefined;
    });
    renderApp('/dashboard');
    await screen.findByText('One');
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select One' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Three' }));
    fireEvent.click(
      within(screen.getByRole('toolbar', { name: 'Selected artifacts' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('Moved 2 artifacts to the trash.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('One')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Restored 2 artifacts.')).toBeInTheDocument();
    expect(
      calls.filter((c) => c.url.includes('/restore')).map((c) => [c.init.method, c.url.split('/trash/')[1]]),
    ).toEqual([
      ['POST', 'a1/restore'],
      ['POST', 'a3/restore'],
    ]);
    expect(await screen.findByText('One')).toBeInTheDocument();
  });

  it('says which could not be changed and keeps them selected', async () => {
    stubFetch(signedIn, around, (url) => {
      if (isList(url)) return page(three);
      if (url.endsWith('/api/v1/artifacts/bulk'))
        return json(200, {
          action: 'make-private',
          results: [
            { id: 'a1', ok: true },
            {
              id: 'a2',
              ok: false,
              status: 409,
              code: 'ARTIFACT_CHANGED',
              message: 'The artifact was changed at the same time. Please try again.',
            },
          ],
          succeeded: 1,
          failed: 1,
        });
      return undefined;
    });
    renderApp('/dashboard');
    await screen.findByText('One');
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select One' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Two' }));
    fireEvent.click(screen.getByRole('button', { name: 'Make Private' }));
    expect(
      await screen.findByText(
        '1 of 2 could not be changed: The artifact was changed at the same time. Please try again.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Two' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select One' })).not.toBeChecked();
  });
});

describe('the trash view', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists deleted artifacts with days left; restores, deletes forever and empties', async () => {
    let inTrash = [
      {
        ...summary('t1', 'Old chart'),
        deletedAt: '2026-01-02T00:00:00.000Z',
        purgeAt: '2026-02-01T00:00:00.000Z',
        daysLeft: 12,
      },
      {
        ...summary('t2', 'Draft'),
        deletedAt: '2026-01-01T00:00:00.000Z',
        purgeAt: '2026-01-31T00:00:00.000Z',
        daysLeft: 1,
      },
    ];
    const calls = stubFetch(signedIn, around, (url, init) => {
      if (isList(url)) return page([]);
      if (url.endsWith('/api/v1/artifacts/trash') && (init.method ?? 'GET') === 'GET')
        return json(200, { artifacts: inTrash, total: inTrash.length, retentionDays: 30 });
      if (url.endsWith('/api/v1/artifacts/trash/t1/restore')) {
        inTrash = inTrash.filter((a) => a.id !== 't1');
        return json(200, { artifact: summary('t1', 'Old chart') });
      }
      if (url.endsWith('/api/v1/artifacts/trash/t2') && init.method === 'DELETE') {
        inTrash = [];
        return json(200, { ok: true });
      }
      return undefined;
    });
    vi.stubGlobal(
      'confirm',
      vi.fn(() => true),
    );
    renderApp('/dashboard');
    fireEvent.click(await screen.findByRole('tab', { name: 'Trash' }));
    expect(await screen.findByText('Old chart')).toBeInTheDocument();
    expect(screen.getAllByTestId('days-left').map((e) => e.textContent)).toEqual([
      '12 days left',
      'Deleted for good within a day',
    ]);
    expect(screen.getByText(/stay here for 30 days/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Restore Old chart' }));
    expect(await screen.findByText('“Old chart” was restored.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Old chart')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Delete forever Draft' }));
    expect(await screen.findByText('1 artifact was deleted for good.')).toBeInTheDocument();
    expect(await screen.findByText('The trash is empty.')).toBeInTheDocument();
    expect(window.confirm).toHaveBeenCalledWith('Delete this artifact for good? This cannot be undone.');
    expect(calls.some((c) => c.url.endsWith('/trash/t2') && c.init.method === 'DELETE')).toBe(true);
  });

  it('empties the trash after confirming', async () => {
    let count = 2;
    stubFetch(signedIn, around, (url, init) => {
      if (isList(url)) return page([]);
      if (url.endsWith('/api/v1/artifacts/trash') && init.method === 'DELETE') {
        count = 0;
        return json(200, { deleted: 2 });
      }
      if (url.endsWith('/api/v1/artifacts/trash'))
        return json(200, {
          artifacts: Array.from({ length: count }, (_, i) => ({
            ...summary(`t${i}`, `Gone ${i}`),
            deletedAt: '2026-01-02T00:00:00.000Z',
            purgeAt: '2026-02-01T00:00:00.000Z',
            daysLeft: 30,
          })),
          total: count,
          retentionDays: 30,
        });
      return undefined;
    });
    vi.stubGlobal(
      'confirm',
      vi.fn(() => true),
    );
    renderApp('/dashboard');
    fireEvent.click(await screen.findByRole('tab', { name: 'Trash' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Empty trash' }));
    expect(await screen.findByText('2 artifacts were deleted for good.')).toBeInTheDocument();
    expect(await screen.findByText('The trash is empty.')).toBeInTheDocument();
  });
});
