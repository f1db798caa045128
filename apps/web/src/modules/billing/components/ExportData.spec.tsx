import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ExportData } from './ExportData';

const encode = (text: string) => new TextEncoder().encode(text);

/** A streamed answer the test feeds chunk by chunk; aborting the request errors it, as fetch does. */
function streamedAnswer(headers: Record<string, string>) {
  let feed!: ReadableStreamDefaultController<Uint8Array>;
  const seen: { signal: AbortSignal | undefined } = { signal: undefined };
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init: RequestInit = {}) => {
      const body = new ReadableStream<Uint8Array>({ start: (c) => void (feed = c) });
      seen.signal = init.signal ?? undefined;
      init.signal?.addEventListener('abort', () => feed.error(new DOMException('Aborted', 'AbortError')));
      return Promise.resolve(new Response(body, { status: 200, headers }));
    }),
  );
  return { feed: () => feed, seen };
}

describe('ExportData', () => {
  const saved: string[] = [];
  const alerts: string[] = [];
  beforeEach(() => {
    saved.length = 0;
    alerts.length = 0;
    vi.spyOn(window, 'alert').mockImplementation((m?: string) => void alerts.push(String(m)));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }),
    );
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows the bytes as they arrive against the announced size, then saves the file', async () => {
    const doc = '{\n  "exportedAt": "2026-11-25",\n  "complete": true\n}';
    const half = doc.slice(0, 10);
    const answer = streamedAnswer({
      'content-type': 'application/json',
      'content-length': String(doc.length),
    });
    render(<ExportData />);
    fireEvent.click(screen.getByRole('button', { name: 'Export Data' }));
    expect(screen.getByRole('button', { name: 'Export Data' })).toBeDisabled();
    await waitFor(() => expect(answer.seen.signal).toBeDefined());

    answer.feed().enqueue(encode(half));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        `Downloading: 10 B of ${doc.length} B, 0 artifacts`,
      ),
    );
    const bar = screen.getByRole('progressbar', { name: 'Export progress' });
    expect(bar).toHaveAttribute('value', '10');
    expect(bar).toHaveAttribute('max', String(doc.length));
    expect(saved).toEqual([]);

    answer.feed().enqueue(encode(doc.slice(10)));
    answer.feed().close();
    await waitFor(() => expect(alerts).toEqual(['Your data has been exported successfully!']));
    expect(saved).toEqual([expect.stringMatching(/^core-vault-export-\d{4}-\d{2}-\d{2}\.json$/)]);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('counts the artifacts as they arrive against the announced total', async () => {
    const answer = streamedAnswer({ 'content-type': 'application/json', 'x-export-total': '42' });
    render(<ExportData />);
    fireEvent.click(screen.getByRole('button', { name: 'Export Data' }));
    await waitFor(() => expect(answer.seen.signal).toBeDefined());
    // The billing document: each artifact on a line of its own; a marker cut by a chunk boundary.
    answer
      .feed()
      .enqueue(encode('{\n  "account": {\n    "id": "u1"\n  },\n  "artifacts": [\n    {"id":"a"},\n  '));
    answer.feed().enqueue(encode('  {"id":"b", "content": "{\\n    {"}'));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/, 2 of 42 artifacts$/));
    const bar = screen.getByRole('progressbar', { name: 'Export progress' });
    expect(bar).toHaveAttribute('max', '42');
    expect(bar).toHaveAttribute('value', '2');
  });

  it('moves without a value when neither the size nor the total is announced', async () => {
    const answer = streamedAnswer({ 'content-type': 'application/json' });
    render(<ExportData />);
    fireEvent.click(screen.getByRole('button', { name: 'Export Data' }));
    await waitFor(() => expect(answer.seen.signal).toBeDefined());
    answer.feed().enqueue(encode('x'.repeat(2048)));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Downloading: 2.0 KB, 0 artifacts'),
    );
    expect(screen.getByRole('progressbar', { name: 'Export progress' })).not.toHaveAttribute('value');
  });

  it('cancels: the request is aborted, nothing is saved and nothing is alerted', async () => {
    const answer = streamedAnswer({ 'content-type': 'application/json' });
    render(<ExportData />);
    fireEvent.click(screen.getByRole('button', { name: 'Export Data' }));
    await waitFor(() => expect(answer.seen.signal).toBeDefined());
    answer.feed().enqueue(encode('{"exportedAt"'));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel export' }));
    expect(await screen.findByText('Export canceled.')).toBeInTheDocument();
    expect(answer.seen.signal?.aborted).toBe(true);
    expect(saved).toEqual([]);
    expect(alerts).toEqual([]);
    expect(screen.getByRole('button', { name: 'Export Data' })).toBeEnabled();
  });

  it('says the export failed when the stream breaks off', async () => {
    const answer = streamedAnswer({ 'content-type': 'application/json' });
    render(<ExportData />);
    fireEvent.click(screen.getByRole('button', { name: 'Export Data' }));
    await waitFor(() => expect(answer.seen.signal).toBeDefined());
    answer.feed().enqueue(encode('{"exportedAt"'));
    answer.feed().error(new TypeError('network error'));
    await waitFor(() =>
      expect(alerts).toEqual(['Failed to export data. Please try again or contact support.']),
    );
    expect(saved).toEqual([]);
  });
});
