import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { ApiClient } from '../../../lib/api/client';
import { createQueryClient } from '../../../lib/query';
import { anonymous, json, stubFetch } from '../../../test-support';
import { SessionProvider } from '../../auth';
import { EditArtifactDialog } from './EditArtifactDialog';

const artifact = (over: Record<string, unknown> = {}) => ({
  id: 'a1',
  title: 'Sales chart',
  description: 'Monthly sales',
  type: 'HTML',
  content: '<p>v1</p>',
  rendered: '<p>v1</p>',
  renderError: null,
  securityWarning: null,
  metadata: { claudeVersion: 'unknown', extractedAt: '2025-01-01T00:00:00.000Z', size: 9 },
  isPublic: false,
  allowNetwork: false,
  tags: ['sales'],
  version: 1,
  latestVersion: 1,
  revision: 3,
  indexable: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  owner: 'usr_1',
  viewCount: 0,
  shareCount: 0,
  downloadCount: 0,
  remixCount: 0,
  allowRemix: true,
  remixedFrom: null,
  ...over,
});
const collection = (id: string, name: string) => ({
  id,
  name,
  artifactCount: 1,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});
const emptyPage = { artifacts: [], page: 1, limit: 100, total: 0, hasMore: false };
const conflict = {
  statusCode: 409,
  code: 'ARTIFACT_EDIT_CONFLICT',
  message:
    'This artifact was changed in another tab or device since you opened it. Your edits are still here: review the latest version, then save again.',
};

/**
 * The server as the test scripts it: the stored artifact, and PATCH answers in turn. With
 * `slowAfterSave`, every read after the first PATCH stays on its way (a slow network).
 */
function server(patchAnswers: (() => Response)[], { slowAfterSave = false } = {}) {
  const state = { stored: artifact(), patched: false };
  const calls = stubFetch(anonymous, (url, init) => {
    const method = init.method ?? 'GET';
    if (method === 'PATCH') state.patched = true;
    else if (slowAfterSave && state.patched) return new Promise<Response>(() => undefined);
    if (url.includes('/preview')) return new Response('{}', { status: 503 });
    if (url === '/api/v1/artifacts/a1' && method === 'GET') return json(200, { artifact: state.stored });
    if (url === '/api/v1/artifacts/a1' && method === 'PATCH') return patchAnswers.shift()?.();
    if (url === '/api/v1/collections' && method === 'GET')
      return json(200, { collections: [collection('c1', 'Reports'), collection('c2', 'Drafts')] });
    if (url.startsWith('/api/v1/collections/c1/artifacts?'))
      return json(200, { ...emptyPage, artifacts: [artifact()] });
    if (url.startsWith('/api/v1/collections/c2/artifacts?')) return json(200, emptyPage);
    if (/\/api\/v1\/collections\/c\d\/artifacts\/a1$/.test(url))
      return json(200, { collection: collection('c1', 'Reports') });
    return undefined;
  });
  return { state, calls };
}

function renderDialog() {
  const onClose = vi.fn();
  const onSaved = vi.fn();
  const router = createMemoryRouter(
    [
      { path: '/', element: <EditArtifactDialog artifactId="a1" onClose={onClose} onSaved={onSaved} /> },
      { path: '/elsewhere', element: <p>Elsewhere</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <SessionProvider client={new ApiClient()}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </SessionProvider>,
  );
  return { onClose, onSaved, router };
}

const bodies = (calls: { url: string; init: RequestInit }[], method: string): [string, unknown][] =>
  calls
    .filter((c) => c.init.method === method)
    .map((c) => [c.url, typeof c.init.body === 'string' ? (JSON.parse(c.init.body) as unknown) : null]);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('EditArtifactDialog', () => {
  it('saves only the changed fields with the opened revision, then closes', async () => {
    const saved = artifact({ title: 'Q3 sales', revision: 4 });
    const { calls } = server([() => json(200, { artifact: saved })]);
    const { onClose, onSaved } = renderDialog();
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Q3 sales' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies(calls, 'PATCH')).toEqual([['/api/v1/artifacts/a1', { revision: 3, title: 'Q3 sales' }]]);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ title: 'Q3 sales', revision: 4 }));
  });

  it('closes once the edit is stored, while the refreshed reads are still on their way', async () => {
    const saved = artifact({ title: 'Q3 sales', revision: 4 });
    const { calls } = server([() => json(200, { artifact: saved })], { slowAfterSave: true });
    const { onClose, onSaved } = renderDialog();
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Q3 sales' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ title: 'Q3 sales', revision: 4 }));
    // The stored artifact is read again behind the closed dialog.
    const after = calls.slice(calls.findIndex((c) => c.init.method === 'PATCH') + 1);
    expect(after.map((c) => c.url)).toContain('/api/v1/artifacts/a1');
  });

  it('keeps every edit on a conflict, shows what changed, and saves anyway on the latest revision', async () => {
    const { state, calls } = server([
      () => json(409, conflict),
      () => json(200, { artifact: artifact({ title: 'Mine', revision: 6 }) }),
    ]);
    const { onClose } = renderDialog();
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Mine' } });
    fireEvent.change(screen.getByLabelText('Content'), { target: { value: '<p>my content</p>' } });
    // Another tab saves a new description meanwhile.
    state.stored = artifact({ description: 'Their words', revision: 5 });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(conflict.message)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Title')).toHaveValue('Mine');
    expect(screen.getByLabelText('Content')).toHaveValue('<p>my content</p>');

    fireEvent.click(screen.getByRole('button', { name: 'Review latest' }));
    expect(await screen.findByText(/Changed since you opened it: Description\./)).toBeInTheDocument();
    expect(screen.getByTestId('latest-description')).toHaveTextContent('Their words');
    expect(screen.getByTestId('mine-description')).toHaveTextContent('Monthly sales');

    fireEvent.click(screen.getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // Only the owner's fields, on top of the latest: the other tab's description stays.
    expect(bodies(calls, 'PATCH')).toEqual([
      ['/api/v1/artifacts/a1', { revision: 3, title: 'Mine', content: '<p>my content</p>' }],
      ['/api/v1/artifacts/a1', { revision: 5, title: 'Mine', content: '<p>my content</p>' }],
    ]);
  });

  it('sets collections with the add and remove routes, without an artifact edit', async () => {
    const { calls } = server([]);
    const { onClose, onSaved } = renderDialog();
    const reports = await screen.findByLabelText('Reports');
    await waitFor(() => expect(reports).toBeChecked());
    fireEvent.click(reports);
    fireEvent.click(screen.getByLabelText('Drafts'));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies(calls, 'PUT')).toEqual([['/api/v1/collections/c2/artifacts/a1', null]]);
    expect(bodies(calls, 'DELETE')).toEqual([['/api/v1/collections/c1/artifacts/a1', null]]);
    expect(bodies(calls, 'PATCH')).toEqual([]);
    expect(onSaved).toHaveBeenCalledWith(null);
  });

  it('refuses what upload refuses, with the same message, and sends nothing', async () => {
    const { calls } = server([]);
    renderDialog();
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 't'.repeat(201) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Title is too long. Maximum 200 characters allowed.')).toBeInTheDocument();
    expect(bodies(calls, 'PATCH')).toEqual([]);
  });

  it('asks before closing or navigating away with unsaved edits', async () => {
    server([]);
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    const { onClose, router } = renderDialog();
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Unsaved' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(confirm).toHaveBeenCalledWith('You have unsaved changes. Leave without saving them?');
    expect(onClose).not.toHaveBeenCalled();

    await act(() => router.navigate('/elsewhere'));
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(2));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByLabelText('Title')).toHaveValue('Unsaved');

    confirm.mockReturnValue(true);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });
});
