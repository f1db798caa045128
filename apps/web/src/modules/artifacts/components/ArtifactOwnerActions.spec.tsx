import { fireEvent, render, screen } from '@testing-library/react';
import { ArtifactOwnerActions } from './ArtifactOwnerActions';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const owners = {
  id: 'a1',
  title: 'Chart',
  description: '',
  type: 'HTML',
  content: '<p>chart</p>',
  rendered: '<p>chart</p>',
  renderError: null,
  securityWarning: null,
  metadata: { claudeVersion: 'unknown', extractedAt: '2025-01-01T00:00:00.000Z', size: 12 },
  isPublic: true,
  allowNetwork: false,
  tags: [],
  version: 2,
  latestVersion: 2,
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

const version = (n: number) => ({
  version: n,
  title: 'Chart',
  type: 'HTML',
  size: 12,
  createdAt: '2025-01-02T10:00:00.000Z',
  current: n === 2,
  note: null,
  author: 'usr_me',
  restoredFrom: null,
  published: true,
});

/** The gateway as the view page's owner header reaches it; `read` answers the owner's read. */
function gateway(read: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const path = new URL(url, 'http://app.test').pathname;
      if (path === '/api/v1/artifacts/a1') return Promise.resolve(read());
      if (path === '/api/v1/artifacts/a1/versions')
        return Promise.resolve(json(200, { versions: [version(2), version(1)] }));
      return Promise.resolve(json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Not found' }));
    }),
  );
}

describe('ArtifactOwnerActions', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens the History view from the view page, with no query cache of the page, after the owner read', async () => {
    gateway(() => json(200, { artifact: owners }));
    render(<ArtifactOwnerActions artifactId="a1" onSaved={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'History' }));
    expect(await screen.findByText('Version history: Chart')).toBeInTheDocument();
    expect(await screen.findAllByTestId('history-version')).toHaveLength(2);
  });

  it('says why when the owner read fails, instead of an empty history', async () => {
    gateway(() =>
      json(403, { statusCode: 403, code: 'ARTIFACT_PRIVATE', message: 'This artifact is private' }),
    );
    render(<ArtifactOwnerActions artifactId="a1" onSaved={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'History' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This artifact is private');
  });
});
