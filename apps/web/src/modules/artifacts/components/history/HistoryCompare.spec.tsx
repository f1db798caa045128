import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createQueryClient } from '../../../../lib/query';
import { DiffView, ROWS_PER_PAGE } from './DiffView';
import { answerDiffRequest, computeDiff } from './diff-compute';
import { HistoryCompare } from './HistoryCompare';

const lines = (n: number, tag = 'line') => Array.from({ length: n }, (_, i) => `${tag} ${i + 1}`);
const text = (ls: string[]) => `${ls.join('\n')}\n`;

describe('DiffView', () => {
  it('folds an unchanged run and expands it on request', () => {
    const old = lines(300);
    const next = [...old];
    next[149] = 'new 150';
    render(
      <DiffView
        model={computeDiff(text(old), text(next), 5000)}
        mode="unified"
        labels={['Version 1', 'Version 2']}
      />,
    );
    const table = screen.getByRole('table', { name: 'Changes from Version 1 to Version 2' });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 10);
    fireEvent.click(screen.getByRole('button', { name: '… 146 unchanged lines' }));
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 9 + 146);
    expect(within(table).getByText('line 1')).toBeInTheDocument();
  });

  it('draws a large all-changed diff a page at a time', () => {
    const model = computeDiff(text(lines(600, 'a')), text(lines(600, 'b')), 0);
    render(<DiffView model={model} mode="split" labels={['Version 1', 'Version 2']} />);
    expect(screen.getAllByRole('row')).toHaveLength(1 + ROWS_PER_PAGE);
    fireEvent.click(screen.getByRole('button', { name: 'Show 250 more lines (350 left)' }));
    expect(screen.getAllByRole('row')).toHaveLength(1 + 2 * ROWS_PER_PAGE);
    fireEvent.click(screen.getByRole('button', { name: 'Show 100 more lines (100 left)' }));
    expect(screen.getAllByRole('row')).toHaveLength(1 + 600);
    expect(screen.queryByRole('button', { name: /more lines/ })).toBeNull();
  });
});

/** A Worker that answers in this thread, as the real one would. */
class InlineWorker {
  onmessage: ((event: MessageEvent<unknown>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  postMessage(data: unknown) {
    const reply = answerDiffRequest(data);
    queueMicrotask(() => this.onmessage?.(new MessageEvent('message', { data: reply })));
  }
  terminate() {
    this.onmessage = null;
  }
}

const urlOf = (input: RequestInfo | URL): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

function serve(contents: Record<string, string>) {
  vi.stubGlobal('Worker', InlineWorker);
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const n = new URL(urlOf(input), 'http://app.test').pathname.split('/').pop() ?? '';
      return Promise.resolve(
        json({
          version: {
            version: Number(n),
            title: 'Chart',
            type: 'HTML',
            size: 1,
            createdAt: '2025-01-02T10:00:00.000Z',
            current: false,
            note: null,
            author: null,
            restoredFrom: null,
            published: true,
            content: contents[n],
            rendered: null,
            renderError: null,
            securityWarning: null,
          },
        }),
      );
    }),
  );
}

const compare = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <HistoryCompare artifactId="a1" older={1} newer={2} />
    </QueryClientProvider>,
  );

describe('HistoryCompare', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('diffs two versions in the worker, side by side or unified', async () => {
    serve({ '1': 'a\nb\n', '2': 'a\nB\n' });
    compare();
    const table = await screen.findByRole('table');
    expect(table).toHaveClass('vh-diff-split');
    expect(screen.getByText('1 line added, 1 removed')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Unified' }));
    expect(screen.getByRole('table')).toHaveClass('vh-diff-unified');
    expect(screen.getByRole('button', { name: 'Unified' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says so when two versions have the same content', async () => {
    serve({ '1': 'same\n', '2': 'same\n' });
    compare();
    expect(
      await screen.findByText('No differences: these versions have the same content.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
