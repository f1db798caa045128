import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ARTIFACT_MESSAGES } from '@core-vault/contracts';
import { createQueryClient } from '../../../lib/query';
import { VersionHistoryDialog } from './VersionHistoryDialog';

const artifact = (version: number, revision: number) => ({
  id: 'a1',
  title: 'Chart',
  description: '',
  type: 'HTML' as const,
  metadata: { claudeVersion: 'unknown', extractedAt: '2025-01-01T00:00:00.000Z', size: 10 },
  isPublic: true,
  allowNetwork: false,
  tags: [],
  version,
  latestVersion: version,
  revision,
  indexable: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  owner: 'usr_me',
  viewCount: 0,
  shareCount: 0,
  downloadCount: 0,
  remixCount: 0,
  allowRemix: true,
  remixedFrom: null,
});

/** The owner's full artifact, as restore and read answer it. */
const full = (version: number, revision: number) => ({
  ...artifact(version, revision),
  content: '<p>chart</p>',
  rendered: '<p>chart</p>',
  renderError: null,
  securityWarning: null,
});

const version = (n: number, extra: Partial<Record<string, unknown>> = {}) => ({
  version: n,
  title: 'Chart',
  type: 'HTML',
  size: 1234 * n,
  createdAt: '2025-01-02T10:00:00.000Z',
  current: false,
  note: null,
  author: 'usr_me',
  restoredFrom: null,
  published: true,
  ...extra,
});

const urlOf = (input: RequestInfo | URL): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The gateway as these calls see it; `restore` decides the restore's answer. */
function gateway(restore: () => Response, published = (n: number) => n > 0) {
  const calls: Call[] = [];
  const answer = (input: RequestInfo | URL, init?: RequestInit): Response => {
    const path = new URL(urlOf(input), 'http://app.test').pathname;
    const method = init?.method ?? 'GET';
    calls.push({ method, path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    if (path === '/api/v1/artifacts/a1/versions')
      return json(200, {
        versions: [
          version(3, {
            current: true,
            restoredFrom: 1,
            note: 'Restored from version 1',
            published: published(3),
          }),
          version(2, { note: 'Fixed the legend', author: 'usr_other', published: published(2) }),
          version(1, { published: published(1) }),
        ],
      });
    if (path === '/api/v1/artifacts/a1/versions/2/restore') return restore();
    if (path === '/api/v1/artifacts/a1') return json(200, { artifact: full(4, 9) });
    if (path === '/api/v1/artifacts/a1/share')
      return json(200, {
        artifactId: 'a1',
        channel: 'link',
        version: 2,
        shareCount: 1,
        url: 'http://app.test/view/a1?v=2',
        embedUrl: 'http://render.test/embed/a1?v=2',
        embedCode: '<iframe src="http://render.test/embed/a1?v=2"></iframe>',
      });
    return json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Not found' });
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => Promise.resolve(answer(input, init))),
  );
  return calls;
}

function show(onRestored = vi.fn()) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <VersionHistoryDialog artifact={artifact(3, 5)} onClose={() => undefined} onRestored={onRestored} />
    </QueryClientProvider>,
  );
  return onRestored;
}

describe('VersionHistoryDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists versions with who, size, note, restores and the current one', async () => {
    gateway(() => json(500, {}));
    show();
    const items = await screen.findAllByTestId('history-version');
    expect(items).toHaveLength(3);
    const [v3, v2] = items;
    expect(v3).toHaveTextContent('Version 3');
    expect(v3).toHaveTextContent('current');
    expect(v3).toHaveTextContent('You');
    expect(v3).toHaveTextContent('3,702 characters');
    expect(v3).toHaveTextContent('Restored from version 1');
    // The restore note is the "Restored from" line already, not a second line.
    expect(within(v3 as HTMLElement).getAllByText(/Restored from version 1/)).toHaveLength(1);
    expect(within(v3 as HTMLElement).queryByRole('button', { name: 'Restore' })).toBeNull();
    expect(v2).toHaveTextContent('Another account');
    expect(v2).toHaveTextContent('Fixed the legend');
  });

  it('marks the versions only the owner can open on a public artifact, and publishes them on request', async () => {
    const calls = gateway(
      () => json(500, {}),
      (n) => n === 3,
    );
    const onRestored = show();
    expect(
      await screen.findByText(
        'Versions 1 and 2 were saved while this artifact was private: only you can open them.',
      ),
    ).toBeVisible();
    const [v3, v2] = await screen.findAllByTestId('history-version');
    expect(v3).not.toHaveTextContent('private');
    expect(within(v2 as HTMLElement).getByText('private')).toHaveAttribute(
      'title',
      'Saved while this artifact was private: only you can open it.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Publish All Versions' }));
    expect(await screen.findByText('Every version is public now.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      path: '/api/v1/artifacts/a1',
      body: { publishVersions: 'all' },
    });
    expect(onRestored).toHaveBeenCalled();
  });

  it('restores after a confirmation, sending the revision it started from', async () => {
    const calls = gateway(() => json(200, { artifact: full(4, 6) }));
    const onRestored = show();
    const v2 = (await screen.findAllByTestId('history-version'))[1] as HTMLElement;
    fireEvent.click(within(v2).getByRole('button', { name: 'Restore' }));
    expect(calls.some((c) => c.path.endsWith('/restore'))).toBe(false);
    fireEvent.click(within(v2).getByRole('button', { name: 'Restore version 2' }));
    expect(await screen.findByText('Version 2 restored as version 4.')).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/restore'))).toMatchObject({
      method: 'POST',
      body: { revision: 5 },
    });
    expect(onRestored).toHaveBeenCalledWith(expect.objectContaining({ version: 4 }));
  });

  it('shows the conflict message when the artifact changed elsewhere, and takes the latest revision', async () => {
    let first = true;
    const calls = gateway(() => {
      const answer = first
        ? json(409, {
            statusCode: 409,
            code: 'ARTIFACT_EDIT_CONFLICT',
            message: ARTIFACT_MESSAGES.editConflict,
          })
        : json(200, { artifact: full(5, 10) });
      first = false;
      return answer;
    });
    show();
    const v2 = (await screen.findAllByTestId('history-version'))[1] as HTMLElement;
    fireEvent.click(within(v2).getByRole('button', { name: 'Restore' }));
    fireEvent.click(within(v2).getByRole('button', { name: 'Restore version 2' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ARTIFACT_MESSAGES.editConflict);
    // Once the latest has been read, a second try is checked against its revision.
    await vi.waitFor(() =>
      expect(calls.some((c) => c.method === 'GET' && c.path === '/api/v1/artifacts/a1')).toBe(true),
    );
    fireEvent.click(within(v2).getByRole('button', { name: 'Restore' }));
    fireEvent.click(within(v2).getByRole('button', { name: 'Restore version 2' }));
    await screen.findByText('Version 2 restored as version 5.');
    expect(calls.filter((c) => c.path.endsWith('/restore')).map((c) => c.body)).toEqual([
      { revision: 5 },
      { revision: 9 },
    ]);
  });

  it('copies a link pinned to one version', async () => {
    const calls = gateway(() => json(500, {}));
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    show();
    const v2 = (await screen.findAllByTestId('history-version'))[1] as HTMLElement;
    fireEvent.click(within(v2).getByRole('button', { name: 'Copy link to this version' }));
    expect(await screen.findByText('Link to version 2 copied.')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('http://app.test/view/a1?v=2');
    expect(calls.find((c) => c.path.endsWith('/share'))?.body).toEqual({ channel: 'link', version: 2 });
  });
});
