import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createQueryClient } from '../../../../lib/query';
import { PublishDialog } from './PublishDialog';
import {
  allBecomePublic,
  latestBecomesPublic,
  onlyYouCanOpen,
  publicBefore,
  savedWhilePrivate,
  stayPrivate,
  versionsPhrase,
} from './publish-labels';

const summary = {
  id: 'a1',
  title: 'Chart',
  description: '',
  type: 'HTML' as const,
  metadata: { claudeVersion: 'unknown', extractedAt: '2025-01-01T00:00:00.000Z', size: 10 },
  isPublic: false,
  allowNetwork: false,
  tags: [],
  version: 3,
  latestVersion: 3,
  revision: 4,
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
};

const version = (n: number, published: boolean) => ({
  version: n,
  title: 'Chart',
  type: 'HTML',
  size: 10,
  createdAt: '2025-01-02T10:00:00.000Z',
  current: n === 3,
  note: null,
  author: 'usr_me',
  restoredFrom: null,
  published,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const urlOf = (input: RequestInfo | URL): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/** The gateway: the version list given, and the update's answer; the bodies sent are recorded. */
function gateway(versions: ReturnType<typeof version>[], update = () => json(200, { artifact: full() })) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(urlOf(input), 'http://app.test').pathname;
      if (path === '/api/v1/artifacts/a1/versions') return Promise.resolve(json(200, { versions }));
      if (path === '/api/v1/artifacts/a1' && init?.method === 'PATCH') {
        sent.push(typeof init.body === 'string' ? JSON.parse(init.body) : undefined);
        return Promise.resolve(update());
      }
      return Promise.resolve(json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Not found' }));
    }),
  );
  return sent;
}

const full = () => ({
  ...summary,
  isPublic: true,
  revision: 5,
  content: '<p>chart</p>',
  rendered: '<p>chart</p>',
  renderError: null,
  securityWarning: null,
});

function show() {
  const onPublished = vi.fn();
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PublishDialog artifact={summary} onClose={onClose} onPublished={onPublished} />
    </QueryClientProvider>,
  );
  return { onPublished, onClose };
}

describe('the words of Make Public', () => {
  it('names versions one by one, in pairs and in ranges', () => {
    expect(versionsPhrase([2])).toBe('Version 2');
    expect(versionsPhrase([2, 1])).toBe('Versions 1 and 2');
    expect(versionsPhrase([1, 2, 3, 4])).toBe('Versions 1–4');
    expect(versionsPhrase([1, 3, 5, 6, 7])).toBe('Versions 1, 3 and 5–7');
    expect(versionsPhrase([1, 2, 4])).toBe('Versions 1, 2 and 4');
  });

  it('says which versions become public and which stay private', () => {
    expect(latestBecomesPublic(3)).toBe('Anyone with the link will see version 3, the latest.');
    expect(savedWhilePrivate([1, 2])).toBe('Versions 1 and 2 were saved while this artifact was private.');
    expect(savedWhilePrivate([2])).toBe('Version 2 was saved while this artifact was private.');
    expect(stayPrivate([1, 2])).toBe('Versions 1 and 2 stay private: only you can open them.');
    expect(stayPrivate([2])).toBe('Version 2 stays private: only you can open it.');
    expect(allBecomePublic([1, 2, 3])).toBe('Versions 1–3 can be opened by anyone with a link to them.');
    expect(publicBefore([1])).toBe('Version 1 was public before and stays public.');
    expect(onlyYouCanOpen([2, 3])).toBe(
      'Versions 2 and 3 were saved while this artifact was private: only you can open them.',
    );
  });
});

describe('PublishDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers the latest version only (the default) or all versions, and says what each does', async () => {
    const sent = gateway([version(3, false), version(2, false), version(1, false)]);
    const { onPublished, onClose } = show();
    expect(screen.getByRole('dialog', { name: 'Make Public' })).toHaveTextContent(
      'Anyone with the link will see version 3, the latest.',
    );
    expect(
      await screen.findByText('Versions 1 and 2 were saved while this artifact was private.'),
    ).toBeVisible();
    const latest = screen.getByRole('radio', { name: /Latest version only/ });
    expect(latest).toBeChecked();
    expect(latest.closest('label')).toHaveTextContent(
      'Versions 1 and 2 stay private: only you can open them.',
    );
    expect(screen.getByRole('radio', { name: /All versions/ }).closest('label')).toHaveTextContent(
      'Versions 1–3 can be opened by anyone with a link to them.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Make Public' }));
    await waitFor(() =>
      expect(onPublished).toHaveBeenCalledWith(expect.objectContaining({ isPublic: true })),
    );
    expect(sent).toEqual([{ isPublic: true, publishVersions: 'latest' }]);
    expect(onClose).toHaveBeenCalled();
  });

  it('publishes every version when the owner chooses all', async () => {
    const sent = gateway([version(3, false), version(2, false), version(1, false)]);
    const { onPublished } = show();
    fireEvent.click(await screen.findByRole('radio', { name: /All versions/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Make Public' }));
    await waitFor(() => expect(onPublished).toHaveBeenCalled());
    expect(sent).toEqual([{ isPublic: true, publishVersions: 'all' }]);
  });

  it('asks nothing when every earlier version was public before', async () => {
    const sent = gateway([version(3, false), version(2, true), version(1, true)]);
    show();
    expect(await screen.findByText('Versions 1 and 2 were public before and stay public.')).toBeVisible();
    expect(screen.queryByRole('radio')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Make Public' }));
    await waitFor(() => expect(sent).toEqual([{ isPublic: true }]));
  });

  it('shows the visibility error in the dialog and stays open', async () => {
    gateway([version(3, false), version(2, false)], () =>
      json(409, { statusCode: 409, code: 'ARTIFACT_CHANGED', message: 'Try again.' }),
    );
    const { onClose } = show();
    await screen.findByRole('radio', { name: /Latest version only/ });
    fireEvent.click(screen.getByRole('button', { name: 'Make Public' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error updating artifact visibility: Try again.',
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
