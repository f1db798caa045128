import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createQueryClient } from '../../../lib/query';
import { SessionProvider } from '../../auth';
import { ApiClient } from '../../../lib/api/client';
import { anonymous, stubFetch } from '../../../test-support';
import { UploadForm } from './UploadForm';

/** A stand-in for the browser's XMLHttpRequest: the test decides when bytes go out and what comes back. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  body: string | null = null;
  headers: Record<string, string> = {};
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } =
    { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  aborted = false;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  getAllResponseHeaders() {
    return 'content-type: application/json\r\n';
  }
  send(body: string | null) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const artifact = {
  id: 'a1',
  title: 'Big report',
  type: 'HTML',
  content: '<p>x</p>',
  rendered: '<p>x</p>',
  renderError: null,
  securityWarning: null,
  metadata: { claudeVersion: 'unknown', extractedAt: '2025-01-01T00:00:00.000Z', size: 300_007 },
  isPublic: false,
  allowNetwork: false,
  tags: [],
  version: 1,
  latestVersion: 1,
  revision: 1,
  description: 'Quarterly *figures*',
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
};

async function renderForm(onUploaded = vi.fn()) {
  render(
    <SessionProvider client={new ApiClient()}>
      <QueryClientProvider client={createQueryClient()}>
        <UploadForm onUploaded={onUploaded} />
      </QueryClientProvider>
    </SessionProvider>,
  );
  fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Big report' } });
  fireEvent.change(screen.getByLabelText('Description (optional)'), {
    target: { value: 'Quarterly *figures*' },
  });
  fireEvent.change(screen.getByLabelText('Content'), { target: { value: `<p>${'x'.repeat(300_000)}</p>` } });
  fireEvent.click(screen.getByRole('button', { name: 'Upload Artifact' }));
  const xhr = await waitFor(() => {
    if (!FakeXhr.last) throw new Error('the form did not start an upload');
    return FakeXhr.last;
  });
  return { xhr, onUploaded };
}

describe('upload progress', () => {
  beforeEach(() => {
    FakeXhr.last = null;
    stubFetch(anonymous, (url) =>
      url.includes('/preview') ? new Response('{}', { status: 503 }) : undefined,
    );
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows how much of the content has been sent, then hands over the created artifact', async () => {
    const { xhr, onUploaded } = await renderForm();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/v1/artifacts');
    expect(xhr.headers['content-type']).toBe('application/json');
    expect(JSON.parse(xhr.body ?? '{}')).toMatchObject({
      title: 'Big report',
      type: 'HTML',
      description: 'Quarterly *figures*',
    });
    const bar = await screen.findByRole('progressbar', { name: 'Upload progress' });
    expect(bar).not.toHaveAttribute('aria-valuenow');

    act(() => xhr.progress(153_600, 307_200));
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(bar).toHaveAttribute('aria-valuetext', '50% (150 KB of 300 KB)');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');

    await act(() => Promise.resolve(xhr.respond(201, { artifact })));
    expect(onUploaded).toHaveBeenCalledWith(expect.objectContaining({ id: 'a1', title: 'Big report' }));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('cancels: the request is aborted, the form keeps the content and says so', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const { xhr, onUploaded } = await renderForm();
    act(() => xhr.progress(1024, 307_200));
    await act(() => Promise.resolve(screen.getByRole('button', { name: 'Cancel upload' }).click()));
    expect(xhr.aborted).toBe(true);
    expect(await screen.findByRole('status')).toHaveTextContent('Upload cancelled');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Big report');
    expect(onUploaded).not.toHaveBeenCalled();
    expect(alert).not.toHaveBeenCalled();
  });

  it("reports the gateway's refusal like any failed upload", async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const { xhr } = await renderForm();
    await act(() =>
      Promise.resolve(
        xhr.respond(413, { statusCode: 413, code: 'CONTENT_TOO_LARGE', message: 'Content too large' }),
      ),
    );
    // The live preview (mounted with the form, previewing a paste at once) may hold an alert too.
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.some((a) => a.textContent?.includes('Error: Content too large'))).toBe(true);
    expect(alert).toHaveBeenCalledWith('Error: Content too large');
  });
});

describe('description field', () => {
  beforeEach(() => stubFetch(anonymous));
  afterEach(() => vi.unstubAllGlobals());

  it('counts characters, previews the Markdown-lite and warns past 2,000 characters', () => {
    render(
      <SessionProvider client={new ApiClient()}>
        <QueryClientProvider client={createQueryClient()}>
          <UploadForm onUploaded={vi.fn()} />
        </QueryClientProvider>
      </SessionProvider>,
    );
    const field = screen.getByLabelText('Description (optional)');
    fireEvent.change(field, { target: { value: 'A **bold** plan' } });
    expect(screen.getByText(/^15 \/ 2,000 characters/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.getByTestId('up-description-preview').querySelector('strong')).toHaveTextContent('bold');
    fireEvent.click(screen.getByRole('button', { name: 'Write' }));
    fireEvent.change(screen.getByLabelText('Description (optional)'), {
      target: { value: 'd'.repeat(2001) },
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Description is too long. Maximum 2000 characters allowed.',
    );
  });
});
